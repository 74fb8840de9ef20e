import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "invoices",
    permission: "invoices.read",
    nav: { label: { es: "Facturas", fr: "Factures" }, order: 10, group: "money" },
    page: () => import("./list"),
  },
  { path: "invoices/:id", permission: "invoices.read", page: () => import("./detail") },
];
