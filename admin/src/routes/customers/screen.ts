import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "customers",
    permission: "customers.read",
    nav: { label: { es: "Clientes", fr: "Clients" }, order: 10, group: "people" },
    page: () => import("./list"),
  },
  { path: "customers/:id", permission: "customers.read", page: () => import("./detail") },
  {
    path: "professionals",
    permission: "professionals.review",
    nav: { label: { es: "Profesionales", fr: "Professionnels" }, order: 20, group: "people" },
    page: () => import("./professionals"),
  },
];
