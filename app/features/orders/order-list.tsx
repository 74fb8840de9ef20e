import { Link } from "~/components/link";
import type { OrderSummaryDto } from "../../../core/orders.types.ts";
import { useI18n } from "~/lib/i18n";
import { formatDate } from "./order-format";
import { StatusBadge } from "./order-parts";

export type OrderListPage = { results: OrderSummaryDto[]; page: number; page_size: number; total: number; pages: number };

/**
 * A customer's orders or quotations: number, date, status, total (and a quotation's validity),
 * each one a link to its detail; pages of 20 with plain links (no JavaScript needed).
 */
export function OrderList({ kind, list, base }: { kind: "order" | "quotation"; list: OrderListPage; base: string }) {
  const { t, price, locale } = useI18n();
  const quotation = kind === "quotation";
  return (
    <div>
      <ul className="grid gap-3" data-testid="order-list">
        {list.results.map((o) => {
          const date = formatDate(o.placed_at ?? o.created_at, locale);
          const expired = quotation && (o.status === 250 || (o.expires_at != null && new Date(o.expires_at) <= new Date()));
          return (
            <li key={o.id} data-testid="order-list-item" data-order-id={o.id}>
              <Link
                to={`${base}/${o.id}`}
                className="group grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:border-brand-600 hover:shadow-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:p-5"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="text-base font-bold text-brand-900 group-hover:underline">
                      {t(quotation ? "orders.quotation.title" : "orders.order.title", { number: o.order_number })}
                    </span>
                    <StatusBadge status={o.status} />
                  </p>
                  <p className="mt-1 text-sm text-slate-700">
                    {t(quotation ? "orders.created_on" : "orders.placed_on", { date })}
                    {" · "}
                    {o.size === 1 ? t("cart.page.count_one") : t("cart.page.count", { count: o.size })}
                    {o.payment_method && ` · ${t(`checkout.method.${o.payment_method}`)}`}
                  </p>
                  {quotation && o.expires_at && (
                    <p className={`mt-1 text-sm font-semibold ${expired ? "text-danger" : "text-ink"}`}>
                      {t(expired ? "orders.quotation.expired_on" : "orders.quotation.valid_until", { date: formatDate(o.expires_at, locale) })}
                    </p>
                  )}
                </div>
                <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-1">
                  <span className="text-lg font-extrabold text-ink" data-testid="order-list-total">
                    {price(o.total)}
                  </span>
                  <span className="text-sm font-semibold text-brand-700">
                    {t(quotation ? "orders.list.view_quotation" : "orders.list.view_order")} <span aria-hidden="true">→</span>
                  </span>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      {list.pages > 1 && (
        <nav aria-label={t("orders.list.pages")} className="mt-6 flex items-center justify-between gap-3">
          {list.page > 1 ? (
            <Link to={`?page=${list.page - 1}`} className="btn-secondary">
              {t("orders.list.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">{t("orders.list.page_of", { page: list.page, pages: list.pages })}</span>
          {list.page < list.pages ? (
            <Link to={`?page=${list.page + 1}`} className="btn-secondary">
              {t("orders.list.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
