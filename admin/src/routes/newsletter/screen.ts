import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "newsletter",
    permission: "newsletter.read",
    nav: { label: { es: "Suscriptores", fr: "Abonnés" }, order: 30, group: "people" },
    page: () => import("./page"),
  },
];
