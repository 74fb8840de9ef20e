import type { ReactNode } from "react";
import { Link } from "~/components/link";
import { mediaUrl } from "../../../core/media.ts";
import { orderStatusKey, subOrderStatusKey } from "../../../core/orders.ts";
import type { OrderDto, OrderRowDto } from "../../../core/orders.types.ts";
import { useI18n } from "~/lib/i18n";
import { addressLines, deliveryRange, orderStatusTone, subOrderStatusTone, TONE_CLASSES } from "./order-format";

/** An order's or a package's status as a coloured label (its colour never carries the meaning alone). */
export function StatusBadge({ status, sub = false }: { status: number; sub?: boolean }) {
  const { t } = useI18n();
  const tone = sub ? subOrderStatusTone(status) : orderStatusTone(status);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[tone]}`}
      data-testid={sub ? "sub-order-status" : "order-status"}
      data-status={status}
    >
      {t(sub ? subOrderStatusKey(status) : orderStatusKey(status))}
    </span>
  );
}

function Thumb({ row }: { row: OrderRowDto }) {
  const img = row.product.image;
  if (!img) return <div className="h-16 w-16 shrink-0 rounded-lg bg-sand-100" aria-hidden="true" />;
  return (
    <img
      src={mediaUrl(img.key, 160, "webp")}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      className="h-16 w-16 shrink-0 rounded-lg border border-sand-200 bg-sand-50 object-contain"
    />
  );
}

/**
 * The order's rows as they were frozen when it was placed: each product with its complements
 * and services, quantity, unit price, the professional discount of each line when there is one,
 * and the row's total.
 */
export function OrderLines({ order, compact = false }: { order: OrderDto; compact?: boolean }) {
  const { t, price, href } = useI18n();
  return (
    <ul className="divide-y divide-sand-200" data-testid="order-rows">
      {order.rows.map((row) => (
        <li key={row.id} className="flex gap-3 py-4 first:pt-0 last:pb-0" data-testid="order-row">
          <Thumb row={row} />
          <div className="min-w-0 flex-1">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <p className="font-semibold leading-snug text-ink">
                  <Link to={href(row.product.path)} className="hover:text-brand-700 hover:underline">
                    {row.name}
                  </Link>
                </p>
                <p className="text-xs text-muted">
                  {t("cart.page.ref")}: {row.ref} · {t("checkout.summary.quantity", { quantity: row.quantity })}
                </p>
                {row.summary.length > 0 && <p className="mt-0.5 text-sm text-slate-700">{row.summary.map((s) => `${s.label}: ${s.value}`).join(" · ")}</p>}
              </div>
              <p className="text-base font-bold text-ink sm:shrink-0 sm:text-right" data-testid="row-total">
                {price(row.total)}
              </p>
            </div>
            {!compact && row.lines.length === 1 && row.quantity > 1 && (
              <p className="mt-1 text-sm text-slate-700">
                {t("cart.page.unit_price")}: <span className="font-semibold">{price(row.lines[0].unit)}</span>
              </p>
            )}
            {!compact && (row.lines.length > 1 || row.professional_discount > 0) && (
              <table className="mt-2 w-full text-sm">
                <caption className="sr-only">{t("orders.lines.caption", { name: row.name })}</caption>
                <thead className="sr-only">
                  <tr>
                    <th scope="col">{t("orders.lines.item")}</th>
                    <th scope="col">{t("orders.lines.quantity")}</th>
                    <th scope="col">{t("orders.lines.unit")}</th>
                    <th scope="col">{t("orders.lines.total")}</th>
                  </tr>
                </thead>
                <tbody>
                  {row.lines.map((l, i) => (
                    <tr key={`${l.kind}-${l.ref}-${i}`} className="align-top text-slate-700">
                      <td className="py-0.5 pr-2">
                        {l.name}
                        {l.professional_discount > 0 && (
                          <span className="block text-xs font-semibold text-ok" data-testid="line-professional">
                            {t("cart.page.professional_discount", { amount: price(l.professional_discount) })}
                          </span>
                        )}
                      </td>
                      <td className="whitespace-nowrap py-0.5 pr-2 text-right">× {l.quantity}</td>
                      <td className="whitespace-nowrap py-0.5 pr-2 text-right text-muted">{price(l.unit)}</td>
                      <td className="whitespace-nowrap py-0.5 text-right font-medium text-ink">{price(l.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {row.professional_discount > 0 && compact && (
              <p className="text-sm font-semibold text-ok">{t("cart.page.professional_discount", { amount: price(row.professional_discount) })}</p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Subtotal, shipping, coupon, PayPal commission, total and the VAT it includes: the amounts frozen on the order. */
export function OrderTotals({ order }: { order: OrderDto }) {
  const { t, price } = useI18n();
  const p = order.prices;
  const ratePct = String(order.vat.rate_bp / 100).replace(".", ",");
  const row = (label: ReactNode, value: ReactNode, testId: string, cls = "") => (
    <div className={`flex justify-between gap-3 ${cls}`}>
      <dt>{label}</dt>
      <dd className="font-semibold" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <div data-testid="order-totals">
      <dl className="space-y-2 text-sm">
        {row(t("cart.page.summary.subtotal"), price(p.subtotal), "total-subtotal")}
        {row(t("cart.page.summary.shipping"), p.shipping === 0 ? t("cart.page.summary.shipping_free") : price(p.shipping), "total-shipping")}
        {p.coupon_discount > 0 &&
          row(
            order.coupon_code ? t("cart.page.summary.coupon", { code: order.coupon_code }) : t("orders.totals.coupon"),
            `-${price(p.coupon_discount)}`,
            "total-coupon",
            "text-ok",
          )}
        {p.paypal_commission > 0 && row(t("cart.page.summary.paypal"), price(p.paypal_commission), "total-paypal")}
        <div className="flex items-baseline justify-between gap-3 border-t border-sand-200 pt-3">
          <dt className="text-base font-bold">{t("cart.page.summary.total")}</dt>
          <dd className="text-xl font-extrabold text-brand-900" data-testid="total-total">
            {price(p.total)}
          </dd>
        </div>
      </dl>
      <p className="mt-1 text-right text-xs text-muted">
        {t("orders.totals.vat", { rate: ratePct, amount: price(order.vat.amount), base: price(order.vat.base) })}
      </p>
      {p.saved > 0 && (
        <p className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-ok">
          {t("cart.page.summary.saved")}: {price(p.saved)}
        </p>
      )}
    </div>
  );
}

/** An address block (shipping, or billing with its tax data). */
export function AddressCard({ title, lines, testId }: { title: string; lines: string[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <h3 className="text-sm font-bold uppercase tracking-wide text-muted">{title}</h3>
      <address className="mt-1 not-italic leading-relaxed text-ink [overflow-wrap:anywhere]">
        {lines.map((l, i) => (
          <span key={i} className="block">
            {l}
          </span>
        ))}
      </address>
    </div>
  );
}

/** The shipping and billing addresses, and who receives the order. */
export function OrderAddresses({ order }: { order: OrderDto }) {
  const { t } = useI18n();
  const b = order.beneficiary;
  const country = (c: string | null) => (c ? t(`address.country.${c}`) : "");
  const shipping = [[b.name, b.surnames].filter(Boolean).join(" "), ...addressLines(order.shipping_address), country(order.shipping_address.country)];
  const bill = order.billing;
  const billing = [
    bill.business_name ?? "",
    bill.tax_id ? `${bill.tax_id_type ? `${t(`address.tax_type.${bill.tax_id_type}`)} ` : ""}${bill.tax_id}` : "",
    ...addressLines(bill),
    country(bill.country),
  ];
  const contact = [b.email ?? "", b.phone ?? ""];
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <AddressCard title={t("orders.address.shipping")} lines={shipping.filter(Boolean)} testId="order-shipping" />
      <AddressCard title={t("orders.address.billing")} lines={billing.filter(Boolean)} testId="order-billing" />
      <AddressCard title={t("orders.address.contact")} lines={contact.filter(Boolean)} testId="order-contact" />
    </div>
  );
}

/** The packages of a paid order: their status, delivery range (business days), carrier and tracking number. */
export function SubOrders({ order }: { order: OrderDto }) {
  const { t, locale } = useI18n();
  if (!order.sub_orders.length) return null;
  const names = new Map(order.rows.map((r) => [r.id, r.name]));
  return (
    <ul className="grid gap-3" data-testid="sub-orders">
      {order.sub_orders.map((s) => {
        const range = deliveryRange(s.delivery_from, s.delivery_to, locale);
        return (
          <li key={s.id} className="rounded-xl border border-sand-200 bg-sand-50 p-4" data-testid="sub-order">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-bold text-ink">{t("orders.package", { n: s.package })}</h3>
              <StatusBadge status={s.status} sub />
            </div>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              {range && (
                <div>
                  <dt className="text-muted">{t("orders.package.delivery")}</dt>
                  <dd className="font-medium" data-testid="sub-order-delivery">
                    {t("orders.package.range", range)}
                  </dd>
                </div>
              )}
              {s.agency && (
                <div>
                  <dt className="text-muted">{t("orders.package.agency")}</dt>
                  <dd className="font-medium">{s.agency}</dd>
                </div>
              )}
              {s.shipment_number && (
                <div>
                  <dt className="text-muted">{t("orders.package.tracking")}</dt>
                  <dd className="font-mono font-medium" data-testid="sub-order-tracking">
                    {s.shipment_number}
                  </dd>
                </div>
              )}
            </dl>
            {s.rows.length > 0 && (
              <p className="mt-2 text-sm text-slate-700">
                {t("orders.package.contents")}: {s.rows.map((id) => names.get(id) ?? "").join(", ")}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
