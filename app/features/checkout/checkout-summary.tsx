import { Link } from "~/components/link";
import type { CartRowDto } from "../../../core/cart.types.ts";
import { mediaUrl } from "../../../core/media.ts";
import { useI18n } from "~/lib/i18n";
import type { CheckoutCart } from "./checkout-view";

function Thumb({ row }: { row: CartRowDto }) {
  const img = row.product.image;
  if (!img) return <div className="h-14 w-14 shrink-0 rounded-lg bg-sand-100" aria-hidden="true" />;
  return (
    <img
      src={mediaUrl(img.key, 160, "webp")}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      className="h-14 w-14 shrink-0 rounded-lg border border-sand-200 bg-sand-50 object-contain"
    />
  );
}

/**
 * The order summary beside the checkout form: the cart's rows and the server's prices. The
 * PayPal commission appears when PayPal is the chosen method (the server adds the same amount
 * when the order is placed); nothing else is computed here.
 */
export function CheckoutSummary({ cart, commission }: { cart: CheckoutCart; commission: number }) {
  const { t, price, href } = useI18n();
  const { prices, coupon, delivery } = cart;
  const base = prices.pvp_total - prices.paypal_commission;
  const total = base + commission;
  const ratePct = String(cart.vat.rate_bp / 100).replace(".", ",");
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="rounded-2xl border border-brand-200 bg-white p-4 shadow-sm sm:p-5"
      data-testid="checkout-summary"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="checkout-summary-title" className="text-lg font-bold text-brand-900">
          {t("cart.page.summary.title")}
        </h2>
        <Link to={href("/cart")} className="text-sm font-semibold text-brand-700 underline">
          {t("checkout.summary.edit")}
        </Link>
      </div>
      <ul className="mt-3 divide-y divide-sand-200" data-testid="summary-rows">
        {cart.rows.map((row) => (
          <li key={row.id} className="flex gap-3 py-3">
            <Thumb row={row} />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold leading-snug text-ink">{row.name}</p>
              <p className="text-muted">
                {t("checkout.summary.quantity", { quantity: row.quantity })}
                {row.summary.length > 0 && ` · ${row.summary.map((s) => s.value).join(", ")}`}
              </p>
              {row.lines.some((l) => l.kind !== "product") && (
                <p className="text-muted">
                  {t("cart.page.included")}:{" "}
                  {row.lines
                    .filter((l) => l.kind !== "product")
                    .map((l) => l.name)
                    .join(", ")}
                </p>
              )}
              {row.professional_discount > 0 && (
                <p className="font-semibold text-ok">{t("cart.page.professional_discount", { amount: price(row.professional_discount) })}</p>
              )}
            </div>
            <p className="shrink-0 text-sm font-bold text-ink">{price(row.total)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-sand-200 pt-3 text-sm">
        <div className="flex justify-between gap-3">
          <dt>{t("cart.page.summary.subtotal")}</dt>
          <dd className="font-semibold" data-testid="summary-subtotal">
            {price(prices.pvp)}
          </dd>
        </div>
        {coupon && (
          <div className="flex justify-between gap-3 text-ok">
            <dt>{t("cart.page.summary.coupon", { code: coupon.code })}</dt>
            <dd className="font-semibold" data-testid="summary-coupon">
              -{price(coupon.total_discount)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt>
            {t("cart.page.summary.shipping")}
            {delivery.postal_code && <span className="text-muted"> ({delivery.postal_code})</span>}
          </dt>
          <dd className={`font-semibold ${prices.pvp_shipping === 0 ? "text-ok" : ""}`} data-testid="summary-shipping">
            {prices.pvp_shipping === 0 ? t("cart.page.summary.shipping_free") : price(prices.pvp_shipping)}
          </dd>
        </div>
        {commission > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t("cart.page.summary.paypal")}</dt>
            <dd className="font-semibold" data-testid="summary-paypal">
              {price(commission)}
            </dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3 border-t border-sand-200 pt-3">
          <dt className="text-base font-bold">{t("cart.page.summary.total")}</dt>
          <dd className="text-2xl font-extrabold text-brand-900" data-testid="summary-total" aria-live="polite">
            {price(total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-muted">{t("cart.page.summary.vat", { rate: ratePct, amount: price(cart.vat.amount) })}</p>
      {prices.pvp_saved > 0 && (
        <dl className="mt-3 flex justify-between gap-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-ok">
          <dt>{t("cart.page.summary.saved")}</dt>
          <dd>{price(prices.pvp_saved)}</dd>
        </dl>
      )}
      <ul className="mt-4 grid gap-1 text-xs text-slate-700">
        <li>✓ {t("cart.page.trust.returns")}</li>
        <li>✓ {t("cart.page.trust.warranty")}</li>
        <li>✓ {t("cart.page.trust.secure")}</li>
      </ul>
    </section>
  );
}
