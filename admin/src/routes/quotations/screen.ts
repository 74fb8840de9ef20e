import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "quotations",
    permission: "quotations.write",
    nav: { label: { es: "Presupuestos", fr: "Devis" }, order: 30, group: "money" },
    page: () => import("./list"),
  },
  { path: "quotations/:id", permission: "quotations.write", page: () => import("./detail") },
];
