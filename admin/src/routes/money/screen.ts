import type { Screen } from "../../screens";

export const screens: Screen[] = [
  {
    path: "transfers",
    permission: "payments.read",
    nav: { label: { es: "Transferencias", fr: "Virements" }, order: 10, group: "money" },
    page: () => import("./transfers"),
  },
];
