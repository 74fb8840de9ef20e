import type { Screen } from "../../screens";

export const screens: Screen[] = [
  { path: "", permission: "dashboard.read", nav: { label: { es: "Inicio", fr: "Accueil" }, order: 0, group: "daily" }, page: () => import("./page") },
];
