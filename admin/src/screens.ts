import type { Permission } from "@core/staff-permissions";
import type { ComponentType } from "react";

/**
 * One screen of the staff application. Each folder under routes/ exports its screens from
 * `screen.ts` (a new screen is one folder: nothing else to edit). The layout's menu is made of
 * the screens with `nav`, in `order`, shown only to roles with the screen's permission.
 */
export type Screen = {
  /** Path under /admin (React Router syntax, no leading slash; "" is the home). */
  path: string;
  /** Needed to open the screen (the server refuses its calls anyway). */
  permission?: Permission;
  nav?: { label: { es: string; fr: string }; order: number; group: "daily" | "money" | "people" | "shop" | "admin" };
  page: () => Promise<{ default: ComponentType }>;
};

const modules = import.meta.glob<{ screens: Screen[] }>("./routes/*/screen.ts", { eager: true });

export const SCREENS: Screen[] = Object.values(modules).flatMap((m) => m.screens);

export const NAV_GROUPS: Record<NonNullable<Screen["nav"]>["group"], { es: string; fr: string }> = {
  daily: { es: "Día a día", fr: "Au quotidien" },
  money: { es: "Dinero", fr: "Argent" },
  people: { es: "Clientes", fr: "Clients" },
  shop: { es: "Tienda", fr: "Boutique" },
  admin: { es: "Administración", fr: "Administration" },
};
