import { useRouteLoaderData } from "react-router";
import { type Packed, unpack } from "./packed";
import type { DbCart } from "../../core/cart.types.ts";
import type { Language } from "../../core/stores.ts";
import type { MenuItem } from "../../core/stores.ts";
import type { StoreFeatures } from "../../core/stores.ts";

export type RootData = {
  lang: Language;
  origin: string;
  store: { sourceCode: string; name: string; supportPhone: string | null; supportEmail: string | null; features: StoreFeatures };
  /** The menus, packed (lib/packed.ts, kept per menu): read them with useMenus(). */
  menus: Packed<Menus>;
  consent: "accepted" | "rejected" | null;
  year: number;
  /** The signed-in customer (null for visitors): the header greets them and shows their menu. */
  user: RootUser | null;
  /** Product ids of a signed-in customer's favourites (server list); guests use localStorage. */
  favourites: number[];
  /** The visitor's cart for the header counter (spec 3 db_cart: id and row count); null without one. */
  cart: DbCart | null;
};

export type MenuLink = Pick<MenuItem, "id" | "label" | "url"> & { column?: string | null };
/** The menus as the shell shows them (id, label, url; the footer's column): no empty children. */
export type Menus = { main: MenuLink[]; footer: MenuLink[] };

/** A menu item as the header and footer show it (the loader data of every page carries it). */
export function menuLink({ id, label, url, column }: MenuItem): MenuLink {
  return column ? { id, label, url, column } : { id, label, url };
}

export type RootUser = { id: number; name: string; surnames: string; professional: boolean };

export function useRootData(): RootData {
  const d = useRouteLoaderData("root") as RootData | undefined;
  if (!d) throw new Error("root data missing");
  return d;
}

/** The header's and the footer's menus. */
export function useMenus(): Menus {
  return unpack(useRootData().menus);
}

/** Root data inside a route's meta function. */
export function rootMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData {
  return matches.find((m) => m?.id === "root")?.data as RootData;
}
