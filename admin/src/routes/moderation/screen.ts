import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "moderation",
    permission: "moderation.write",
    nav: { label: { es: "Moderación", fr: "Modération" }, order: 40, group: "people" },
    page: () => import("./page"),
  },
];
