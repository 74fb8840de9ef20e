import type { Screen } from "../../screens";

export const screens: Screen[] = [
  { path: "orders", permission: "orders.read", nav: { label: { es: "Pedidos", fr: "Commandes" }, order: 10, group: "daily" }, page: () => import("./list") },
  { path: "orders/:id", permission: "orders.read", page: () => import("./detail") },
];
