import type { Screen } from "../../screens";

export const screens: Screen[] = [
  { path: "staff", permission: "staff.manage", nav: { label: { es: "Equipo", fr: "Équipe" }, order: 90, group: "admin" }, page: () => import("./page") },
];
