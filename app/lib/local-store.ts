import { useEffect, useState } from "react";

/** localStorage keys of the spec (section 3, "Local storage"). */
export const STORAGE_KEYS = {
  cart: "db_cart",
  productPosition: "product_position",
  categoryPage: "db_product_category_page",
  wishlist: "db_wishlist",
  recentlyViewed: "db_recently_viewed",
} as const;

const EVENT = "shop-storage";

export function readStorage<T>(key: string, fallback: T): T {
  if (typeof window === "undefined") return fallback;
  try {
    const raw = window.localStorage.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStorage(key: string, value: unknown): void {
  try {
    if (value === undefined) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the feature degrades, the page keeps working */
  }
  window.dispatchEvent(new CustomEvent(EVENT, { detail: key }));
}

/** A localStorage value kept in sync across components and tabs; `fallback` during SSR. */
export function useStorage<T>(key: string, fallback: T): T {
  const [value, setValue] = useState<T>(fallback);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fallback is a constant per call site
  useEffect(() => {
    const load = () => setValue(readStorage(key, fallback));
    load();
    const onChange = (e: Event) => {
      if (e instanceof StorageEvent ? e.key === key : (e as CustomEvent).detail === key) load();
    };
    window.addEventListener(EVENT, onChange);
    window.addEventListener("storage", onChange);
    return () => {
      window.removeEventListener(EVENT, onChange);
      window.removeEventListener("storage", onChange);
    };
  }, [key]);
  return value;
}

/** Guest wishlist: product ids in localStorage (logged users sync with the server later). */
export function toggleWishlist(productId: number): boolean {
  const ids = readStorage<number[]>(STORAGE_KEYS.wishlist, []);
  const has = ids.includes(productId);
  writeStorage(STORAGE_KEYS.wishlist, has ? ids.filter((id) => id !== productId) : [productId, ...ids]);
  return !has;
}

export type RecentlyViewedItem = { id: number; name: string; path: string; image: string | null; price: number };

export const RECENTLY_VIEWED_MAX = 12;

/** Newest first; a product seen again moves to the front; at most 12 kept. */
export function pushRecentlyViewed(list: RecentlyViewedItem[], item: RecentlyViewedItem): RecentlyViewedItem[] {
  return [item, ...list.filter((x) => x.id !== item.id)].slice(0, RECENTLY_VIEWED_MAX);
}

export function rememberViewed(item: RecentlyViewedItem): void {
  const list = readStorage<RecentlyViewedItem[]>(STORAGE_KEYS.recentlyViewed, []);
  writeStorage(STORAGE_KEYS.recentlyViewed, pushRecentlyViewed(Array.isArray(list) ? list : [], item));
}
