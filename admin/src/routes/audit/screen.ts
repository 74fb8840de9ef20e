import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "audit",
    permission: "audit.read",
    nav: { label: { es: "Registro de cambios", fr: "Journal des modifications" }, order: 95, group: "admin" },
    page: () => import("./page"),
  },
];
