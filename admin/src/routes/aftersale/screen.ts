import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "aftersale",
    permission: "aftersale.write",
    nav: { label: { es: "Posventa", fr: "SAV" }, order: 30, group: "daily" },
    page: () => import("./queue"),
  },
];
