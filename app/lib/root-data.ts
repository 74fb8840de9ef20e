import { useRouteLoaderData } from "react-router";
import type { Language } from "../../core/stores.ts";
import type { MenuItem } from "../../server/modules/stores/stores.service.ts";
import type { StoreFeatures } from "../../server/modules/stores/stores.schema.ts";

export type RootData = {
  lang: Language;
  origin: string;
  store: { sourceCode: string; name: string; supportPhone: string | null; supportEmail: string | null; features: StoreFeatures };
  menus: { main: MenuItem[]; footer: MenuItem[] };
  consent: "accepted" | "rejected" | null;
  year: number;
};

export function useRootData(): RootData {
  const d = useRouteLoaderData("root") as RootData | undefined;
  if (!d) throw new Error("root data missing");
  return d;
}

/** Root data inside a route's meta function. */
export function rootMeta(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData {
  return matches.find((m) => m?.id === "root")?.data as RootData;
}
