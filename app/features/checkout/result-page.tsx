import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/link";
import { TRANSFER_WAIT_DAYS } from "../../../core/orders.ts";
import { OrderLines, OrderTotals } from "~/features/orders/order-parts";
import { useI18n } from "~/lib/i18n";
import type { ResultPageData } from "./result-view";

function Icon({ kind }: { kind: "ok" | "error" | "pending" | "transfer" }) {
  const style = {
    ok: "bg-green-100 text-ok",
    error: "bg-red-100 text-danger",
    pending: "bg-brand-100 text-brand-700",
    transfer: "bg-brand-100 text-brand-700",
  }[kind];
  const d = {
    ok: "M5 12.5l4.5 4.5L19 7.5",
    error: "M7 7l10 10M17 7 7 17",
    pending: "M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
    transfer: "M4 10 12 5l8 5zM6 12v6M10 12v6M14 12v6M18 12v6M4 20h16",
  }[kind];
  return (
    <span className={`flex h-14 w-14 shrink-0 items-center justify-center rounded-full ${style}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <path d={d} />
      </svg>
    </span>
  );
}

/** Copies the transfer's reference (JavaScript and a clipboard only: without them the reference is there to select). */
function CopyButton({ value }: { value: string }) {
  const { t } = useI18n();
  const [can, setCan] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => setCan(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  if (!can) return null;
  return (
    <button
      type="button"
      className="mt-2 inline-flex min-h-11 items-center rounded-lg border border-brand-700 bg-white px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
      onClick={() =>
        navigator.clipboard.writeText(value).then(
          () => setDone(true),
          () => setDone(false),
        )
      }
    >
      <span aria-live="polite">{done ? t("checkout.result.transfer.copied") : t("checkout.result.transfer.copy")}</span>
    </button>
  );
}

function Header({ icon, title, children }: { icon: "ok" | "error" | "pending" | "transfer"; title: string; children?: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  // Arriving here is the answer to what the shopper just did: the heading takes the focus, so it is read first.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Icon kind={icon} />
      <div className="min-w-0">
        <h1 ref={ref} tabIndex={-1} className="text-2xl font-extrabold text-brand-900 sm:text-3xl" data-testid="result-title">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

/**
 * The payment result (spec 2 and 3): a confirmed order (Authorised), the bank details and the
 * reference of a transfer to make (spec 9), a payment still being confirmed, or an Error with
 * the cart kept for another try. Never cached; the order's own status decides.
 */
export function ResultPage({ data }: { data: ResultPageData }) {
  const { t, href, price } = useI18n();
  const location = useLocation();
  const v = data.view;
  const box = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

  if (v.kind === "error") {
    return (
      <div className="mx-auto max-w-3xl" data-testid="result-error" data-result={v.result}>
        <div className={box}>
          <Header icon="error" title={t("checkout.result.error.title")}>
            <p className="mt-2 text-slate-800" role="alert">
              {t(v.result === "Cancelled" ? "checkout.result.error.cancelled" : "checkout.result.error.text")}
            </p>
            {v.order?.status === 300 ? (
              <p className="mt-2 text-slate-700">{t("checkout.result.error.order_kept")}</p>
            ) : (
              v.cartSize > 0 && (
                <p className="mt-2 font-semibold text-ink" data-testid="result-cart-kept">
                  {t("checkout.result.error.cart_kept")}
                </p>
              )
            )}
          </Header>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {v.order?.status === 300 && v.orderHref ? (
              <Link to={v.orderHref} className="btn-primary">
                {t("orders.action.pay")}
              </Link>
            ) : (
              v.cartSize > 0 && (
                <Link to={href("/checkout")} className="btn-primary" data-testid="result-retry">
                  {t("checkout.result.error.retry")}
                </Link>
              )
            )}
            <Link to={href("/cart")} className="btn-secondary" data-testid="result-cart">
              {t("checkout.result.error.cart")}
            </Link>
          </div>
          <p className="mt-4 text-sm text-muted">{t("checkout.result.error.help")}</p>
        </div>
      </div>
    );
  }

  const { order } = v;
  const number = <strong data-testid="result-order-number">{order.order_number}</strong>;
  return (
    <div className="mx-auto max-w-5xl" data-testid={`result-${v.kind}`}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-12">
        <div className="min-w-0 space-y-6 lg:col-span-7">
          <div className={box}>
            {v.kind === "authorised" && (
              <Header icon="ok" title={t("checkout.result.ok.title")}>
                <p className="mt-2 text-slate-800">
                  {t("checkout.result.ok.number")} {number}
                </p>
                <p className="mt-1 text-slate-700">{t("checkout.result.ok.text", { email: order.beneficiary.email ?? "" })}</p>
              </Header>
            )}
            {v.kind === "pending" && (
              <Header icon="pending" title={t("checkout.result.pending.title")}>
                <p className="mt-2 text-slate-800" role="status">
                  {t("checkout.result.pending.text")}
                </p>
                <p className="mt-1 text-slate-700">
                  {t("checkout.result.ok.number")} {number}
                </p>
              </Header>
            )}
            {v.kind === "transfer" && (
              <Header icon="transfer" title={t("checkout.result.transfer.title")}>
                <p className="mt-2 text-slate-800">
                  {t("checkout.result.ok.number")} {number}
                </p>
                <p className="mt-1 text-slate-700">{t("checkout.result.transfer.text", { days: TRANSFER_WAIT_DAYS })}</p>
              </Header>
            )}
            {v.kind === "transfer" && (
              <div className="mt-6 rounded-xl border-2 border-brand-200 bg-brand-50 p-4 sm:p-5" data-testid="transfer-details">
                <h2 className="text-base font-bold text-brand-900">{t("checkout.result.transfer.details")}</h2>
                <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
                  {v.bank && (
                    <>
                      <dt className="text-slate-700">{t("checkout.result.transfer.holder")}</dt>
                      <dd className="font-semibold text-ink" data-testid="transfer-holder">
                        {v.bank.holder}
                      </dd>
                      <dt className="text-slate-700">IBAN</dt>
                      <dd className="break-all font-mono font-semibold text-ink" data-testid="transfer-iban">
                        {v.bank.iban}
                      </dd>
                      <dt className="text-slate-700">BIC</dt>
                      <dd className="font-mono font-semibold text-ink" data-testid="transfer-bic">
                        {v.bank.bic}
                      </dd>
                      <dt className="text-slate-700">{t("checkout.result.transfer.bank")}</dt>
                      <dd className="font-semibold text-ink">{v.bank.bank}</dd>
                    </>
                  )}
                  <dt className="text-slate-700">{t("checkout.result.transfer.amount")}</dt>
                  <dd className="text-lg font-extrabold text-brand-900" data-testid="transfer-amount">
                    {price(order.prices.total)}
                  </dd>
                  <dt className="text-slate-700">{t("checkout.result.transfer.reference")}</dt>
                  <dd>
                    <span className="block break-all font-mono text-base font-bold text-ink" data-testid="transfer-reference">
                      {order.payment_reference}
                    </span>
                    {order.payment_reference && <CopyButton value={order.payment_reference} />}
                  </dd>
                </dl>
                <p className="mt-4 text-sm text-slate-800">{t("checkout.result.transfer.concept")}</p>
                <p className="mt-1 text-sm font-semibold text-ink">{t("checkout.result.transfer.confirm")}</p>
              </div>
            )}
            {data.accountPending && (
              <p className="mt-6 rounded-xl bg-brand-50 p-4 text-sm text-slate-800" data-testid="result-account-pending">
                {t("checkout.result.account_pending", { email: order.beneficiary.email ?? "" })}
              </p>
            )}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              {v.kind === "pending" && (
                <Link to={`${location.pathname}${location.search}`} reloadDocument className="btn-primary" data-testid="result-reload">
                  {t("checkout.result.pending.reload")}
                </Link>
              )}
              <Link to={v.orderHref} className={v.kind === "pending" ? "btn-secondary" : "btn-primary"} data-testid="result-order-link">
                {t("checkout.result.view_order")}
              </Link>
              <Link to={href("/")} className="btn-secondary">
                {t("cart.page.continue")}
              </Link>
            </div>
          </div>
        </div>
        <div className="min-w-0 lg:col-span-5">
          <section aria-labelledby="result-summary-title" className={box} data-testid="result-summary">
            <h2 id="result-summary-title" className="mb-4 text-lg font-bold text-brand-900">
              {t("cart.page.summary.title")}
            </h2>
            <OrderLines order={order} compact />
            <div className="mt-4 border-t border-sand-200 pt-4">
              <OrderTotals order={order} />
            </div>
          </section>
        </div>
      </div>
    </div>
  );
}
