import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation, useSearchParams } from "react-router";
import { Link } from "~/components/link";
import type { Selection } from "../../../core/configurator.ts";
import { hasKey } from "../../../core/i18n/index.ts";
import { mediaUrl } from "../../../core/media.ts";
import { useI18n } from "~/lib/i18n";
import type { AddedToCart, AddToCartResult } from "./cart-view";

/**
 * The one place where a configured product goes to the cart: a real form posting to the
 * /configuration resource route, where the cart service re-checks and re-prices the
 * configuration on the server. With JavaScript the shopper stays on the product and gets the
 * confirmation panel; without it the browser lands on the cart (or back here with the reason,
 * read from ?cart_error=).
 */
export function AddToCartForm({
  slug,
  selection,
  total,
  disabled,
  reason,
}: {
  slug: string;
  selection: Selection;
  total: number;
  disabled: boolean;
  reason: string | null;
}) {
  const { t, price, href, lang } = useI18n();
  const fetcher = useFetcher<AddToCartResult>();
  const location = useLocation();
  const [params] = useSearchParams();
  const busy = fetcher.state !== "idle";
  const [added, setAdded] = useState<AddedToCart | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) setAdded(fetcher.data);
  }, [fetcher.state, fetcher.data]);

  // Where a refusal without JavaScript sends the shopper back to: this page, without an old reason.
  const back = new URLSearchParams(location.search);
  back.delete("cart_error");
  const backPath = `${location.pathname}${back.size ? `?${back}` : ""}`;

  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const urlError = !fetcher.data ? params.get("cart_error") : null;
  const urlMessage = urlError ? (hasKey(lang, `errors.${urlError}`) ? t(`errors.${urlError}`) : t("cart.added.refused")) : null;

  return (
    <>
      <fetcher.Form method="post" action={href("/configuration")} className="mt-3" data-testid="add-to-cart" id="add-to-cart">
        <input type="hidden" name="slug" value={slug} />
        <input type="hidden" name="selection" value={JSON.stringify(selection)} />
        <input type="hidden" name="back" value={backPath} />
        <button
          ref={buttonRef}
          type="submit"
          className="btn-primary w-full text-base"
          disabled={disabled || busy}
          aria-describedby={reason ? "add-to-cart-reason" : undefined}
        >
          {busy ? t("product.cart.adding") : t("product.cart.add", { price: price(total) })}
        </button>
        {reason && (
          <p id="add-to-cart-reason" className="mt-2 text-center text-sm font-medium text-accent-700">
            {reason}
          </p>
        )}
        {(refusal || urlMessage) && (
          <div role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-center text-sm font-medium text-danger" data-testid="add-to-cart-error">
            <p>{refusal ? refusal.message : urlMessage}</p>
            {refusal && refusal.issues.length > 0 && (
              <ul className="mt-1 font-normal">
                {refusal.issues.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </fetcher.Form>
      {added && (
        <AddedPanel
          added={added}
          onClose={() => {
            setAdded(null);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

/**
 * The confirmation after adding (JavaScript on): what went in, the cart's total and the way
 * to the cart. Not modal: the shopper may keep reading the page; Escape or "Seguir comprando"
 * close it and give the focus back to the add button.
 */
function AddedPanel({ added, onClose }: { added: AddedToCart; onClose: () => void }) {
  const { t, price, href } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the panel each time a new row is added
  useEffect(() => {
    headingRef.current?.focus();
  }, [added]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const { row, cart } = added;
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="added-title"
      data-testid="added-to-cart"
      className="fixed inset-x-2 top-2 z-[55] max-h-[calc(100vh-1rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-4 shadow-2xl sm:inset-x-auto sm:right-4 sm:top-24 sm:w-96"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="added-title" ref={headingRef} tabIndex={-1} className="flex items-center gap-2 text-base font-bold text-ok">
          <svg viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
            <path d="M20 6 9 17l-5-5" />
          </svg>
          {added.message}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-mr-2 -mt-2 flex h-11 w-11 items-center justify-center rounded-lg text-2xl leading-none text-slate-600 hover:bg-slate-100"
          aria-label={t("cart.added.close")}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="mt-3 flex gap-3">
        {row.image ? (
          <img
            src={mediaUrl(row.image, 160, "webp")}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 shrink-0 rounded-lg border border-sand-200 bg-sand-50 object-contain"
          />
        ) : (
          <div className="h-16 w-16 shrink-0 rounded-lg bg-sand-100" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold text-ink">{row.name}</p>
          {row.summary.length > 0 && <p className="mt-0.5 line-clamp-2 text-xs text-muted">{row.summary.join(" · ")}</p>}
          <p className="mt-1 flex justify-between gap-2 text-slate-700">
            <span>{t("cart.added.quantity", { quantity: row.quantity })}</span>
            <span className="font-semibold text-ink">{price(row.total)}</span>
          </p>
        </div>
      </div>
      <p className="mt-3 flex justify-between border-t border-sand-200 pt-3 text-sm">
        <span>{t("cart.added.cart_total", { items: cart.size === 1 ? t("cart.page.count_one") : t("cart.page.count", { count: cart.size }) })}</span>
        <span className="font-bold text-brand-900">{price(cart.pvp)}</span>
      </p>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t("cart.added.continue")}
        </button>
        <Link to={href("/cart")} className="btn-primary">
          {t("cart.added.view")}
        </Link>
      </div>
    </div>
  );
}
