import { useEffect } from "react";
import { Form } from "react-router";
import type { PendingPayment } from "../../../core/pending-payment.ts";
import { useI18n } from "~/lib/i18n";

/**
 * The shopper's order still waiting for its online payment, shown by the checkout and the cart
 * instead of "Tu carrito está vacío" when they come back from the payment page (browser Back):
 * pay it now (the provider's session is opened again), or turn it back into the cart to change
 * the payment method or the products (docs/decisions/055). Both are plain form posts to the
 * checkout's action, with and without JavaScript.
 */
export function PendingPaymentPanel({ pending }: { pending: PendingPayment }) {
  const { t, href, price } = useI18n();
  const number = pending.order_number;
  return (
    <section className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6 sm:p-8" data-testid="pending-payment" aria-labelledby="pending-payment-title">
      <h2 id="pending-payment-title" className="text-2xl font-bold text-brand-900">
        {t("checkout.pending.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-800">{t("checkout.pending.text", { number })}</p>
      <ul className="mt-4 divide-y divide-sand-200 rounded-xl border border-sand-200 bg-white" data-testid="pending-payment-rows">
        {pending.rows.map((r, i) => (
          <li key={i} className="flex justify-between gap-4 px-4 py-2 text-slate-800">
            <span>{r.name}</span>
            <span className="shrink-0 tabular-nums">× {r.quantity}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 px-4 text-slate-800">
        <dt className="font-semibold">{t("checkout.pending.total")}</dt>
        <dd className="text-right font-bold tabular-nums" data-testid="pending-payment-total">
          {price(pending.total)}
        </dd>
      </dl>
      <p className="mt-1 px-4 text-sm text-slate-700">{t("checkout.pending.method", { method: t(`checkout.method.${pending.payment_method}`) })}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <Form method="post" action={href("/checkout")} reloadDocument>
          <input type="hidden" name="intent" value="pay_pending" />
          <input type="hidden" name="order" value={pending.id} />
          <button type="submit" className="btn-primary w-full sm:w-auto" data-testid="pending-payment-pay">
            {t("checkout.pending.pay", { number })}
          </button>
        </Form>
        <Form method="post" action={href("/checkout")} reloadDocument>
          <input type="hidden" name="intent" value="restore_pending" />
          <input type="hidden" name="order" value={pending.id} />
          <button type="submit" className="btn-secondary w-full sm:w-auto" data-testid="pending-payment-change" aria-describedby="pending-payment-change-note">
            {t("checkout.pending.change")}
          </button>
          <p id="pending-payment-change-note" className="mt-2 max-w-sm text-sm text-slate-700">
            {t("checkout.pending.change.note")}
          </p>
        </Form>
      </div>
    </section>
  );
}

/**
 * A page the browser shows again from its back-forward cache (Back from the payment page) is
 * the copy from before the order was placed: it is loaded again so the shopper sees their cart
 * or their pending order as they are now. (The pages are `no-store`, which most browsers keep
 * out of that cache; this covers the ones that do not.)
 */
export function useFreshOnBack(): void {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) window.location.reload();
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
}
