import { useEffect, useRef } from "react";
import { useFetcher, useFetchers, useLocation } from "react-router";
import { useI18n } from "~/lib/i18n";
import { readStorage, STORAGE_KEYS, toggleWishlist, useStorage, writeStorage } from "~/lib/local-store";
import { useRootData } from "~/lib/root-data";

/**
 * Favourites (spec 4): guests keep product ids in localStorage; a signed-in customer's live on
 * the server (root data), and the ones kept as a guest are pushed to the account at login.
 * Every heart posts to the /favourites resource route, so it also works without JavaScript
 * (a guest without JavaScript is asked to log in).
 */
const ACTION = "/favourites";

/** The favourite product ids this page should show, with the hearts' pending changes applied. */
export function useFavouriteIds(): { ids: number[]; signedIn: boolean } {
  const root = useRootData();
  const local = useStorage<number[]>(STORAGE_KEYS.wishlist, []);
  const fetchers = useFetchers();
  if (!root.user) return { ids: Array.isArray(local) ? local : [], signedIn: false };
  const ids = new Set(root.favourites);
  for (const f of fetchers) {
    if (!f.formAction?.endsWith(ACTION) || !f.formData) continue;
    const product = Number(f.formData.get("product"));
    const intent = f.formData.get("intent");
    if (intent === "add") ids.add(product);
    if (intent === "remove") ids.delete(product);
  }
  return { ids: [...ids], signedIn: true };
}

/** The product page's heart. */
export function FavouriteButton({ productId, name }: { productId: number; name: string }) {
  const { t, href } = useI18n();
  const { ids, signedIn } = useFavouriteIds();
  const fetcher = useFetcher({ key: `favourite-${productId}` });
  const location = useLocation();
  const on = ids.includes(productId);
  const action = href(ACTION);
  const unsent = useSentOnLeave(action, fetcher.state);
  return (
    <fetcher.Form
      method="post"
      action={action}
      onSubmit={(e) => {
        if (signedIn) {
          unsent.current = new FormData(e.currentTarget);
          return;
        }
        e.preventDefault();
        toggleWishlist(productId);
      }}
    >
      <input type="hidden" name="intent" value={on ? "remove" : "add"} />
      <input type="hidden" name="product" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-pressed={on}
        className="inline-flex h-11 items-center gap-2 rounded-full border border-sand-200 px-3 text-sm font-medium text-brand-800 hover:bg-sand-50"
        data-testid="wishlist-toggle"
      >
        <svg
          viewBox="0 0 24 24"
          className={`h-5 w-5 ${on ? "fill-accent-600 stroke-accent-600" : "fill-none stroke-current"}`}
          strokeWidth="2"
          aria-hidden="true"
        >
          <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
        </svg>
        <span>{on ? t("product.wishlist.saved") : t("product.wishlist.add")}</span>
        <span className="sr-only">{name}</span>
      </button>
    </fetcher.Form>
  );
}

/**
 * A heart pressed right before the shopper leaves the page (a link to another site, a reload, a
 * closed tab) would be lost: the browser cancels the fetcher's pending post when the document
 * goes. The form is kept until the post has been answered, and sent again as a beacon, which the
 * browser delivers after the page has gone, if the page is hidden before that. Adding and removing
 * a favourite are idempotent on the server: a post that had arrived as well changes nothing.
 */
function useSentOnLeave(action: string, state: "idle" | "submitting" | "loading") {
  const unsent = useRef<FormData | null>(null);
  useEffect(() => {
    // Answered (revalidating, or done): nothing left to send.
    if (state !== "submitting") unsent.current = null;
  }, [state]);
  useEffect(() => {
    const leave = () => {
      if (unsent.current && typeof navigator.sendBeacon === "function") navigator.sendBeacon(action, unsent.current);
      unsent.current = null;
    };
    window.addEventListener("pagehide", leave);
    return () => window.removeEventListener("pagehide", leave);
  }, [action]);
  return unsent;
}

/**
 * After login: the favourites still in this browser's storage (the login form already sent
 * them; this catches any added in another tab meanwhile) go to the server, then the local list
 * is emptied -- from now on the server list is the one.
 */
export function FavouritesSync() {
  const root = useRootData();
  const { href } = useI18n();
  const fetcher = useFetcher<{ ok: boolean }>({ key: "favourites-sync" });
  const started = useRef(false);
  const signedIn = root.user !== null;
  const server = root.favourites;
  useEffect(() => {
    if (!signedIn || started.current) return;
    const local = readStorage<number[]>(STORAGE_KEYS.wishlist, []);
    if (!Array.isArray(local) || local.length === 0) return;
    started.current = true;
    const missing = local.filter((id) => Number.isInteger(id) && !server.includes(id));
    if (missing.length === 0) {
      writeStorage(STORAGE_KEYS.wishlist, undefined);
      return;
    }
    void fetcher.submit({ intent: "set", ids: missing.join(",") }, { method: "post", action: href(ACTION) });
  }, [signedIn, server, fetcher, href]);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) writeStorage(STORAGE_KEYS.wishlist, undefined);
  }, [fetcher.state, fetcher.data]);
  return null;
}
