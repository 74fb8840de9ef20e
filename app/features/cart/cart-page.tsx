import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { Link } from "~/components/link";
import type { CartBlocker, CartLine, CartRowDto } from "../../../core/cart.types.ts";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../../core/configurator.ts";
import { mediaUrl } from "../../../core/media.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { useToast } from "~/components/toasts";
import { useI18n } from "~/lib/i18n";
import { useMenus } from "~/lib/root-data";
import { PendingPaymentPanel, useFreshOnBack } from "~/features/checkout/pending-payment";
import type { PendingPayment } from "../../../core/pending-payment.ts";
import type { CartActionResult, CartView } from "./cart-view";

export type CartPageData = {
  cart: CartView | null;
  added: number | null;
  /** The shopper's order waiting for its online payment, when the cart is empty (docs/decisions/055). */
  pending?: PendingPayment | null;
};

/** False during SSR and the first render; true once React runs in the browser. */
function useHydrated(): boolean {
  const [h, setH] = useState(false);
  useEffect(() => setH(true), []);
  return h;
}

function itemsText(t: (k: string, p?: Record<string, string | number>) => string, count: number) {
  return count === 1 ? t("cart.page.count_one") : t("cart.page.count", { count });
}

/**
 * The cart page. Every change is a plain form posting to this page's action (quantity,
 * delete, coupon, postal code, empty the cart), so it all works without JavaScript; with
 * JavaScript the same forms go through fetchers and the page updates in place. Prices are
 * the server's (the cart DTO): nothing is computed here.
 */
export function CartPage({ data, actionData }: { data: CartPageData; actionData?: CartActionResult }) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { cart } = data;
  const rows = cart?.rows ?? [];
  const empty = rows.length === 0;
  useFreshOnBack();

  return (
    <div className="container-shop py-6 sm:py-8" data-testid="cart-page">
      <Breadcrumbs items={[{ label: t("cart.page.title") }]} />
      <div className="mt-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-extrabold text-brand-900 sm:text-4xl">
          {t("cart.page.title")}
        </h1>
        {!empty && (
          <p className="text-base text-muted" data-testid="cart-size">
            {itemsText(t, rows.length)}
          </p>
        )}
      </div>
      {/* Answers of forms sent without JavaScript (with it, each form shows its own). */}
      <div aria-live="polite" role="status">
        {actionData && !actionData.rowId && actionData.field === undefined && (
          <p
            className={`mt-4 rounded-lg p-3 text-sm font-medium ${actionData.ok ? "bg-green-50 text-ok" : "bg-red-50 text-danger"}`}
            data-testid="cart-message"
          >
            {actionData.message}
          </p>
        )}
      </div>
      {cart?.status === 150 && !empty && <p className="mt-4 rounded-lg bg-sand-100 p-3 text-sm text-slate-800">{t("cart.page.abandoned")}</p>}

      {empty && data.pending ? (
        <PendingPaymentPanel pending={data.pending} />
      ) : empty ? (
        <EmptyCart />
      ) : (
        cart && (
          <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-12">
            <section aria-labelledby="cart-lines-title" className="min-w-0 lg:col-span-8">
              <h2 id="cart-lines-title" className="sr-only">
                {t("cart.page.lines")}
              </h2>
              <ul className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white" data-testid="cart-rows">
                {rows.map((row) => (
                  <RowItem
                    key={row.id}
                    row={row}
                    highlight={data.added === row.id}
                    actionData={actionData?.rowId === row.id ? actionData : undefined}
                    onGone={() => headingRef.current?.focus()}
                  />
                ))}
              </ul>
              <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
                <ContinueLink />
                <ClearCart />
              </div>
            </section>
            <div className="min-w-0 lg:col-span-4">
              <div className="flex flex-col gap-4 lg:sticky lg:top-28">
                <Summary cart={cart} />
                <CouponBox cart={cart} actionData={actionData?.field === "coupon" ? actionData : undefined} />
                <ShippingBox cart={cart} actionData={actionData?.field === "postal_code" ? actionData : undefined} />
              </div>
            </div>
          </div>
        )
      )}
    </div>
  );
}

function ContinueLink() {
  const { t, href } = useI18n();
  return (
    <Link to={href("/")} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline">
      <span aria-hidden="true">←</span> {t("cart.page.continue")}
    </Link>
  );
}

function EmptyCart() {
  const { t, href } = useI18n();
  const menus = useMenus();
  const links = menus.main.slice(0, 8);
  return (
    <section className="mt-6 rounded-2xl border border-sand-200 bg-sand-50 p-6 sm:p-10" data-testid="cart-empty" aria-labelledby="cart-empty-title">
      <svg
        viewBox="0 0 24 24"
        className="h-12 w-12 text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        <path d="M6 6h15l-1.5 9h-12zM6 6 5 3H2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z" />
      </svg>
      <h2 id="cart-empty-title" className="mt-3 text-2xl font-bold text-brand-900">
        {t("cart.page.empty.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{t("cart.page.empty.text")}</p>
      {links.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2">
          {links.map((l) => (
            <li key={l.id}>
              <Link
                to={l.url}
                className="inline-flex min-h-11 items-center rounded-full border border-brand-200 bg-white px-4 text-sm font-medium text-brand-800 hover:border-brand-600 hover:bg-brand-50"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to={href("/")} className="btn-primary mt-6">
        {t("cart.page.empty.cta")}
      </Link>
    </section>
  );
}

function RowImage({ row }: { row: CartRowDto }) {
  const img = row.product.image;
  if (!img) return <div className="h-20 w-20 shrink-0 rounded-xl bg-sand-100 sm:h-28 sm:w-28" aria-hidden="true" />;
  return (
    <img
      src={mediaUrl(img.key, 160, "webp")}
      srcSet={`${mediaUrl(img.key, 160, "webp")} 160w, ${mediaUrl(img.key, 320, "webp")} 320w`}
      sizes="112px"
      alt=""
      width={112}
      height={112}
      loading="lazy"
      className="h-20 w-20 shrink-0 rounded-xl border border-sand-200 bg-sand-50 object-contain sm:h-28 sm:w-28"
    />
  );
}

function RowItem({ row, highlight, actionData, onGone }: { row: CartRowDto; highlight: boolean; actionData?: CartActionResult; onGone: () => void }) {
  const { t, price, href } = useI18n();
  const fetcher = useFetcher<CartActionResult>();
  const toast = useToast();
  const pendingIntent = fetcher.formData?.get("intent");
  const deleting = pendingIntent === "delete";
  const pendingQty = pendingIntent === "quantity" ? Number(fetcher.formData?.get("quantity")) : null;
  const quantity = pendingQty && Number.isInteger(pendingQty) ? pendingQty : row.quantity;
  const result = fetcher.data ?? actionData;
  const product = row.lines.find((l) => l.kind === "product");
  const extras = row.lines.filter((l) => l.kind !== "product");
  const hasServices = extras.some((l) => l.kind === "service");
  const deleteDone = fetcher.state === "idle" && fetcher.data?.intent === "delete" && fetcher.data.ok;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per finished delete
  useEffect(() => {
    if (deleteDone && fetcher.data) {
      toast(fetcher.data.message, "success");
      onGone();
    }
  }, [deleteDone]);
  if (deleting || deleteDone) return null;
  const titleId = `row-${row.id}-name`;

  return (
    <li
      className={`p-4 sm:p-5 ${highlight ? "bg-brand-50/60" : ""} ${fetcher.state !== "idle" ? "opacity-70" : ""}`}
      data-testid="cart-row"
      data-row-id={row.id}
      aria-labelledby={titleId}
    >
      <div className="flex gap-3 sm:gap-5">
        <Link to={href(row.product.path)} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <RowImage row={row} />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
            <div className="min-w-0">
              <h3 id={titleId} className="text-base font-bold leading-snug text-ink">
                <Link to={href(row.product.path)} className="hover:text-brand-700 hover:underline">
                  {row.name}
                </Link>
              </h3>
              <p className="text-xs text-muted">
                {t("cart.page.ref")}: {row.ref}
              </p>
            </div>
            <p className="text-right sm:shrink-0" data-testid="row-total">
              {row.original_total != null && row.original_total > row.total && (
                <s className="mr-2 text-sm text-muted">
                  <span className="sr-only">{t("cart.page.before")} </span>
                  {price(row.original_total)}
                </s>
              )}
              <span className="text-lg font-extrabold text-brand-900">{price(row.total)}</span>
            </p>
          </div>

          {row.summary.length > 0 && (
            <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-700" data-testid="row-summary">
              {row.summary.map((s) => (
                <div key={`${s.label}-${s.value}`} className="flex gap-1">
                  <dt className="text-muted">{s.label}:</dt>
                  <dd className="font-medium">{s.value}</dd>
                </div>
              ))}
            </dl>
          )}

          {product && (
            <p className="mt-1 text-sm text-slate-700">
              {t("cart.page.unit_price")}: <span className="font-semibold">{price(product.unit)}</span>
            </p>
          )}

          {extras.length > 0 && (
            <div className="mt-2 rounded-lg bg-sand-50 p-2.5 text-sm">
              <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t("cart.page.included")}</p>
              <ul className="mt-1 space-y-1" data-testid="row-extras">
                {extras.map((l) => (
                  <ExtraLine key={`${l.kind}-${l.id}`} line={l} />
                ))}
              </ul>
            </div>
          )}

          {row.professional_discount > 0 && (
            <p className="mt-2 inline-block rounded-md bg-green-50 px-2 py-0.5 text-sm font-semibold text-ok" data-testid="row-professional">
              {t("cart.page.professional_discount", { amount: price(row.professional_discount) })}
            </p>
          )}

          {row.out_of_stock && (
            <div className="mt-2 rounded-lg bg-red-50 p-2.5 text-sm text-danger" data-testid="row-out-of-stock">
              <p className="font-bold">{t("product.stock.out")}</p>
              <p>{t("cart.page.out_of_stock_hint")}</p>
            </div>
          )}

          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            <QuantityStepper row={row} quantity={quantity} fetcher={fetcher} />
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="row" value={row.id} />
              <button
                type="submit"
                className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-danger underline-offset-2 hover:underline"
                aria-label={t("cart.page.delete_label", { name: row.name })}
              >
                <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
                </svg>
                {t("cart.page.delete")}
              </button>
            </fetcher.Form>
          </div>
          {hasServices && <p className="mt-1 text-xs text-muted">{t("cart.page.services_follow")}</p>}
          {result && !result.ok && (
            <p role="alert" className="mt-2 text-sm font-medium text-danger" data-testid="row-error">
              {result.message}
            </p>
          )}
        </div>
      </div>
    </li>
  );
}

function ExtraLine({ line }: { line: CartLine }) {
  const { t, price } = useI18n();
  return (
    <li className="flex items-start justify-between gap-3">
      <span className="min-w-0">
        {line.kind === "service" && <span className="sr-only">{t("cart.page.service")}: </span>}
        <span className="text-slate-800">{line.name}</span>
        <span className="text-muted"> × {line.quantity}</span>
      </span>
      <span className="shrink-0 font-medium text-ink">{price(line.total)}</span>
    </li>
  );
}

type RowFetcher = ReturnType<typeof useFetcher<CartActionResult>>;

/**
 * − / amount / +: three small forms, so that Enter in the amount field sends the amount
 * (not the "−" button, the first submit button of a single form) when JavaScript is off.
 */
function QuantityStepper({ row, quantity, fetcher }: { row: CartRowDto; quantity: number; fetcher: RowFetcher }) {
  const { t } = useI18n();
  const hydrated = useHydrated();
  const id = `quantity-${row.id}`;
  const [value, setValue] = useState(String(quantity));
  useEffect(() => setValue(String(quantity)), [quantity]);
  const hidden = (
    <>
      <input type="hidden" name="intent" value="quantity" />
      <input type="hidden" name="row" value={row.id} />
    </>
  );
  const step = "flex h-11 w-11 items-center justify-center text-xl font-bold text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40";
  const sendTyped = () => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < MIN_QUANTITY || n > MAX_QUANTITY || n === row.quantity) {
      setValue(String(row.quantity));
      return;
    }
    void fetcher.submit({ intent: "quantity", row: String(row.id), quantity: String(n) }, { method: "post" });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t("cart.page.quantity")}
      </label>
      <div className="flex items-center rounded-lg border border-slate-400 bg-white">
        <fetcher.Form method="post">
          {hidden}
          <input type="hidden" name="quantity" value={quantity - 1} />
          <button
            type="submit"
            className={`${step} rounded-l-lg`}
            disabled={quantity <= MIN_QUANTITY}
            aria-label={t("cart.page.quantity_less", { name: row.name })}
          >
            −
          </button>
        </fetcher.Form>
        <fetcher.Form
          id={`${id}-form`}
          method="post"
          className="flex items-center"
          onSubmit={(e) => {
            e.preventDefault();
            sendTyped();
          }}
        >
          {hidden}
          <input
            id={id}
            name="quantity"
            type="number"
            inputMode="numeric"
            min={MIN_QUANTITY}
            max={MAX_QUANTITY}
            step={1}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onBlur={() => hydrated && sendTyped()}
            aria-label={t("cart.page.quantity_of", { name: row.name })}
            data-testid="row-quantity"
            className="h-11 w-14 border-x border-slate-300 text-center text-base font-semibold [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
          />
        </fetcher.Form>
        <fetcher.Form method="post">
          {hidden}
          <input type="hidden" name="quantity" value={quantity + 1} />
          <button
            type="submit"
            className={`${step} rounded-r-lg`}
            disabled={quantity >= MAX_QUANTITY}
            aria-label={t("cart.page.quantity_more", { name: row.name })}
          >
            +
          </button>
        </fetcher.Form>
      </div>
      {/* Without JavaScript, the amount is sent with this button (it submits the amount's form).
          Inside <noscript>: a browser that runs scripts never lays it out, so nothing moves when
          the page goes live (it did: a layout shift of every row's controls); beside the stepper,
          not in it, so that on a phone it goes to the next line instead of out of the card. */}
      <noscript>
        <button
          type="submit"
          form={`${id}-form`}
          className="h-11 rounded-lg border border-slate-400 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          {t("cart.page.quantity_update")}
        </button>
      </noscript>
    </div>
  );
}

function ClearCart() {
  const { t } = useI18n();
  return (
    <Form method="post" navigate={false} fetcherKey="cart-clear">
      <input type="hidden" name="intent" value="clear" />
      <button type="submit" className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-slate-700 underline hover:text-danger">
        {t("cart.page.clear")}
      </button>
    </Form>
  );
}

function Summary({ cart }: { cart: CartView }) {
  const { t, price, href } = useI18n();
  const { prices, delivery, coupon } = cart;
  // The total always includes what the server priced, so the shipping line shows that same amount.
  const shipping = prices.pvp_shipping === 0 ? t("cart.page.summary.shipping_free") : price(prices.pvp_shipping);
  const ratePct = String(cart.vat.rate_bp / 100).replace(".", ",");
  const blockers = cart.blockers.filter((b): b is CartBlocker => !!b);
  return (
    <section aria-labelledby="cart-summary-title" className="rounded-2xl border border-brand-200 bg-white p-4 shadow-sm sm:p-5" data-testid="cart-summary">
      <h2 id="cart-summary-title" className="text-lg font-bold text-brand-900">
        {t("cart.page.summary.title")}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt>{t("cart.page.summary.subtotal")}</dt>
          <dd className="font-semibold" data-testid="summary-subtotal">
            {price(prices.pvp)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            {t("cart.page.summary.shipping")}
            <span className="text-muted"> ({delivery.postal_code ?? t("cart.page.summary.shipping_estimated")})</span>
          </dt>
          <dd className={`font-semibold ${prices.pvp_shipping === 0 ? "text-ok" : ""}`} data-testid="summary-shipping">
            {shipping}
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
        {prices.paypal_commission > 0 && (
          <div className="flex justify-between gap-3">
            <dt>{t("cart.page.summary.paypal")}</dt>
            <dd className="font-semibold">{price(prices.paypal_commission)}</dd>
          </div>
        )}
        <div className="flex items-baseline justify-between gap-3 border-t border-sand-200 pt-3">
          <dt className="text-base font-bold">{t("cart.page.summary.total")}</dt>
          <dd className="text-2xl font-extrabold text-brand-900" data-testid="summary-total">
            {price(prices.pvp_total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-muted">{t("cart.page.summary.vat", { rate: ratePct, amount: price(cart.vat.amount) })}</p>
      {prices.pvp_saved > 0 && (
        <dl className="mt-3 flex justify-between gap-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-ok">
          <dt>{t("cart.page.summary.saved")}</dt>
          <dd data-testid="summary-saved">{price(prices.pvp_saved)}</dd>
        </dl>
      )}
      {cart.can_checkout ? (
        <Link to={href("/checkout")} className="btn-primary mt-4 w-full text-base" data-testid="checkout-link">
          {t("cart.page.checkout")}
        </Link>
      ) : (
        <>
          <button type="button" className="btn-primary mt-4 w-full text-base" disabled aria-describedby="checkout-blocked" data-testid="checkout-link">
            {t("cart.page.checkout")}
          </button>
          <div id="checkout-blocked" className="mt-2 text-sm text-danger" data-testid="checkout-blocked">
            <p className="font-semibold">{t("cart.page.checkout_blocked")}</p>
            <ul className="list-disc pl-5">
              {blockers.map((b) => (
                <li key={b}>{t(`cart.page.blocker.${b}`)}</li>
              ))}
            </ul>
          </div>
        </>
      )}
      <ul className="mt-4 grid gap-1 text-xs text-slate-700">
        <li>✓ {t("cart.page.trust.returns")}</li>
        <li>✓ {t("cart.page.trust.warranty")}</li>
        <li>✓ {t("cart.page.trust.secure")}</li>
      </ul>
    </section>
  );
}

function CouponBox({ cart, actionData }: { cart: CartView; actionData?: CartActionResult }) {
  const { t } = useI18n();
  const apply = useFetcher<CartActionResult>();
  const remove = useFetcher<CartActionResult>();
  const id = "coupon";
  // Each fetcher keeps its own answer: show the one that came last.
  const [result, setResult] = useState<CartActionResult | undefined>(actionData);
  useEffect(() => {
    if (apply.state === "idle" && apply.data) setResult(apply.data);
  }, [apply.state, apply.data]);
  useEffect(() => {
    if (remove.state === "idle" && remove.data) setResult(remove.data);
  }, [remove.state, remove.data]);
  useEffect(() => {
    if (actionData) setResult(actionData);
  }, [actionData]);
  const busy = apply.state !== "idle" || remove.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (apply.state === "idle" && apply.data?.ok) formRef.current?.reset();
  }, [apply.state, apply.data]);
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" data-testid="coupon-box">
      <h2 id={`${id}-title`} className="text-base font-bold text-brand-900">
        {t("cart.page.coupon.title")}
      </h2>
      {cart.coupon ? (
        <remove.Form method="post" className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <input type="hidden" name="intent" value="remove_coupon" />
          <p className="text-sm font-semibold text-ok" data-testid="coupon-applied">
            {t("cart.page.coupon.applied", { code: cart.coupon.code })}
          </p>
          <button
            type="submit"
            className="btn-secondary min-h-11 px-3 py-1.5"
            disabled={busy}
            aria-label={t("cart.page.coupon.remove_label", { code: cart.coupon.code })}
          >
            {t("cart.page.coupon.remove")}
          </button>
        </remove.Form>
      ) : (
        <apply.Form ref={formRef} method="post" className="mt-2">
          <input type="hidden" name="intent" value="coupon" />
          <label htmlFor={`${id}-code`} className="label">
            {t("cart.page.coupon.label")}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-code`}
              name="code"
              className="input uppercase placeholder:normal-case"
              placeholder={t("cart.page.coupon.placeholder")}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              maxLength={60}
              aria-invalid={result && !result.ok ? true : undefined}
              aria-describedby={result ? `${id}-msg` : undefined}
            />
            <button type="submit" className="btn-dark shrink-0" disabled={busy}>
              {t("cart.page.coupon.apply")}
            </button>
          </div>
        </apply.Form>
      )}
      <div aria-live="polite">
        {result && (
          <p id={`${id}-msg`} className={`mt-2 text-sm font-medium ${result.ok ? "text-ok" : "text-danger"}`} data-testid="coupon-message">
            {result.message}
          </p>
        )}
      </div>
    </section>
  );
}

function ShippingBox({ cart, actionData }: { cart: CartView; actionData?: CartActionResult }) {
  const { t, price } = useI18n();
  const fetcher = useFetcher<CartActionResult>();
  const id = "shipping";
  const { delivery, prices } = cart;
  const result = fetcher.data ?? actionData;
  const invalid = result && !result.ok ? result : null;
  const pc = delivery.postal_code;
  let status: { tone: "ok" | "warn" | "bad"; text: string } | null = null;
  if (pc && delivery.status === "not_delivered") status = { tone: "bad", text: delivery.message ?? t("cart.page.blocker.cart.not_delivered") };
  else if (pc && delivery.status === "ok") {
    const base =
      prices.pvp_shipping === 0
        ? t("cart.page.shipping.ok_free", { postal_code: pc })
        : t("cart.page.shipping.ok_paid", { postal_code: pc, amount: price(prices.pvp_shipping) });
    status = { tone: prices.pvp_shipping === 0 ? "ok" : "warn", text: delivery.message ? `${base} ${delivery.message}` : base };
  }
  const toneClass = { ok: "bg-green-50 text-ok", warn: "bg-sand-100 text-ink", bad: "bg-red-50 text-danger" };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5" data-testid="shipping-box">
      <h2 id={`${id}-title`} className="text-base font-bold text-brand-900">
        {t("cart.page.shipping.title")}
      </h2>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="postal_code" />
        <label htmlFor={`${id}-pc`} className="label">
          {t("cart.page.shipping.label")}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-pc`}
            name="postal_code"
            className="input"
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="[0-9]{5}"
            maxLength={5}
            required
            defaultValue={cart.shipping_postal_code ?? ""}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${id}-hint${invalid || status ? ` ${id}-status` : ""}`}
          />
          <button type="submit" className="btn-dark shrink-0" disabled={fetcher.state !== "idle"}>
            {t("cart.page.shipping.submit")}
          </button>
        </div>
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {t("cart.page.shipping.hint")}
        </p>
      </fetcher.Form>
      <div aria-live="polite" id={`${id}-status`}>
        {invalid ? (
          <p className="mt-2 text-sm font-medium text-danger" data-testid="delivery-message">
            {invalid.message}
          </p>
        ) : (
          status && (
            <p className={`mt-2 rounded-lg p-2.5 text-sm font-medium ${toneClass[status.tone]}`} data-testid="delivery-message" data-status={delivery.status}>
              {status.text}
            </p>
          )
        )}
      </div>
      {delivery.status !== "not_delivered" && (delivery.free_shipping || delivery.missing_for_free_shipping > 0) && (
        <p className="mt-2 text-sm text-slate-700" data-testid="free-shipping-progress">
          {delivery.free_shipping
            ? t("cart.page.shipping.free_reached")
            : t("cart.page.shipping.missing", { amount: price(delivery.missing_for_free_shipping) })}
        </p>
      )}
    </section>
  );
}
