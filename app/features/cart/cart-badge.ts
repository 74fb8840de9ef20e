import { useEffect } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import type { DbCart } from "../../../core/cart.types.ts";
import { readStorage, STORAGE_KEYS, writeStorage } from "~/lib/local-store";
import type { RootData } from "~/lib/root-data";

/**
 * The header's cart counter. The server cart is the truth (root loader data, read from the
 * HttpOnly cart cookie or the customer's account, refreshed after every add/change); the
 * browser keeps spec 3's `db_cart {id, size}` in localStorage as its mirror, removed when the
 * server has no cart (emptied, expired). A change made in another tab reloads this one's data.
 */
export function useCartCount(): number {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const server = root?.cart ?? null;
  const revalidator = useRevalidator();

  useEffect(() => {
    const stored = readStorage<Partial<DbCart> | null>(STORAGE_KEYS.cart, null);
    if (!server) {
      if (stored) writeStorage(STORAGE_KEYS.cart, undefined);
    } else if (stored?.id !== server.id || stored?.size !== server.size) {
      writeStorage(STORAGE_KEYS.cart, { id: server.id, size: server.size } satisfies DbCart);
    }
  }, [server]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.cart && revalidator.state === "idle") void revalidator.revalidate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [revalidator]);

  return server?.size ?? 0;
}
