import { type ReactNode, useEffect, useRef } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { OrderDto } from "../../../core/orders.types.ts";
import { useI18n } from "~/lib/i18n";
import { PaymentLogo } from "~/features/checkout/payment-methods";
import { formatDate } from "./order-format";
import { OrderAddresses, OrderLines, OrderTotals, StatusBadge, SubOrders } from "./order-parts";
import type { OrderActionResult, OrderPageData, RequestKind } from "./order-view";
import { WithdrawalButton, WithdrawalForm } from "./withdrawal";

const REASONS: Record<RequestKind, number> = { incident: 6, return: 5 };

/** A box of the order page. */
function Box({ title, id, children, className = "" }: { title: string; id: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 ${className}`} data-testid={id}>
      <h2 id={`${id}-title`} className="mb-4 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The page's URL with other query parameters (the signed link's `t` is kept). */
function useQueryHref() {
  const location = useLocation();
  return (set: Record<string, string | null>, hash = "") => {
    const q = new URLSearchParams(location.search);
    q.delete("done");
    for (const [k, v] of Object.entries(set)) {
      if (v == null) q.delete(k);
      else q.set(k, v);
    }
    const s = q.toString();
    return `${location.pathname}${s ? `?${s}` : ""}${hash}`;
  };
}

/**
 * An order or quotation as its owner sees it (spec 3 and 4): status, dates, lines with their
 * professional discounts, packages, totals, addresses, payment method and the requests made;
 * the actions the order allows now (pay my order, open an incident, ask for a return) and the
 * invoice once there is one. The same component serves /order/{id} and the profile.
 */
export function OrderDetail({ data, actionData }: { data: OrderPageData; actionData?: OrderActionResult }) {
  const { t, locale, price } = useI18n();
  const { order } = data;
  const quotation = order.kind === "quotation";
  const qhref = useQueryHref();
  const requestKind = actionData && actionData.intent !== "pay" && actionData.intent !== "withdraw" ? actionData.intent : data.openRequest;
  const doneRef = useRef<HTMLDivElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data.done) doneRef.current?.focus();
  }, [data.done]);
  useEffect(() => {
    if (actionData?.intent === "pay") errorRef.current?.focus();
  }, [actionData]);
  const placed = order.placed_at ?? order.created_at;
  const expired = quotation && (order.status === 250 || (order.expires_at != null && new Date(order.expires_at) <= new Date()));

  return (
    <div data-testid="order-detail" data-order-id={order.id}>
      {data.back && (
        <Link to={data.back.href} className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline">
          <span aria-hidden="true">←</span> {data.back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold text-brand-900 sm:text-3xl">{data.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
            <StatusBadge status={order.status} />
            <span>{t(quotation ? "orders.created_on" : "orders.placed_on", { date: formatDate(placed, locale) })}</span>
            {quotation && order.expires_at && (
              <span className={expired ? "font-semibold text-danger" : "font-semibold text-ink"} data-testid="quotation-expiry">
                {t(expired ? "orders.quotation.expired_on" : "orders.quotation.valid_until", { date: formatDate(order.expires_at, locale) })}
              </span>
            )}
          </p>
        </div>
        <OrderActions order={order} linkToken={data.linkToken} qhref={qhref} />
      </div>

      <p className="mt-3 max-w-3xl text-slate-700" data-testid="order-status-help">
        {t(`orders.status_help.${order.status}`, { method: order.payment_method ? t(`checkout.method.${order.payment_method}`) : "" })}
      </p>

      <div className="mt-4 space-y-3">
        {data.done && (
          <div
            ref={doneRef}
            tabIndex={-1}
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-ok"
            data-testid="order-done"
          >
            {data.done}
          </div>
        )}
        {actionData?.intent === "pay" && (
          <div
            ref={errorRef}
            tabIndex={-1}
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger"
            data-testid="order-error"
          >
            {actionData.message}
          </div>
        )}
      </div>

      {(data.openWithdrawal || actionData?.intent === "withdraw") && (
        <WithdrawalForm order={order} actionData={actionData?.intent === "withdraw" ? actionData : undefined} cancelHref={qhref({ request: null })} />
      )}

      {requestKind && (
        <RequestForm
          kind={requestKind}
          order={order}
          actionData={actionData?.intent === requestKind ? actionData : undefined}
          cancelHref={qhref({ request: null })}
        />
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-12">
        <div className="min-w-0 space-y-6 lg:col-span-8">
          <Box title={t("orders.section.lines")} id="order-lines">
            <OrderLines order={order} />
          </Box>
          {order.sub_orders.length > 0 && (
            <Box title={t("orders.section.packages")} id="order-packages">
              <SubOrders order={order} />
            </Box>
          )}
          <Box title={t("orders.section.addresses")} id="order-addresses">
            <OrderAddresses order={order} />
            {order.observations && (
              <div className="mt-5">
                <h3 className="text-sm font-bold uppercase tracking-wide text-muted">{t("checkout.field.observations")}</h3>
                <p className="mt-1 whitespace-pre-line text-ink">{order.observations}</p>
              </div>
            )}
          </Box>
          {order.requests.length > 0 && (
            <Box title={t("orders.section.requests")} id="order-requests">
              <ul className="divide-y divide-sand-200">
                {order.requests.map((r) => (
                  <li key={r.id} className="py-3 first:pt-0 last:pb-0" data-testid="order-request">
                    <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                      {t(`orders.request.kind.${r.kind}`)}
                      <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                        {t(`orders.request.status.${r.status}`)}
                      </span>
                      <span className="text-sm font-normal text-muted">{formatDate(r.created_at, locale)}</span>
                    </p>
                    <p className="mt-1 text-sm text-slate-800">{r.reason}</p>
                    {r.message && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{r.message}</p>}
                  </li>
                ))}
              </ul>
            </Box>
          )}
        </div>
        <div className="min-w-0 space-y-6 lg:col-span-4">
          <Box title={t("orders.section.totals")} id="order-summary">
            <OrderTotals order={order} />
          </Box>
          {order.payment_method && (
            <Box title={t("orders.section.payment")} id="order-payment">
              <p className="flex flex-wrap items-center justify-between gap-2 font-semibold text-ink" data-testid="order-payment-method">
                {t(`checkout.method.${order.payment_method}`)}
                <PaymentLogo method={order.payment_method} className="h-6 w-auto" />
              </p>
              {order.paid_at && <p className="mt-1 text-sm text-slate-700">{t("orders.paid_on", { date: formatDate(order.paid_at, locale) })}</p>}
              {order.payment_reference && order.payment_method === "transfer" && order.status === 300 && (
                <div className="mt-3 rounded-xl bg-brand-50 p-3 text-sm" data-testid="order-transfer">
                  <p className="font-semibold text-brand-900">{t("checkout.result.transfer.details")}</p>
                  <dl className="mt-2 space-y-1">
                    {data.bank && (
                      <>
                        <div>
                          <dt className="inline text-slate-700">{t("checkout.result.transfer.holder")}: </dt>
                          <dd className="inline font-semibold text-ink">{data.bank.holder}</dd>
                        </div>
                        <div>
                          <dt className="inline text-slate-700">IBAN: </dt>
                          <dd className="inline break-all font-mono font-semibold text-ink">{data.bank.iban}</dd>
                        </div>
                        <div>
                          <dt className="inline text-slate-700">BIC: </dt>
                          <dd className="inline font-mono font-semibold text-ink">{data.bank.bic}</dd>
                        </div>
                        <div>
                          <dt className="inline text-slate-700">{t("checkout.result.transfer.bank")}: </dt>
                          <dd className="inline font-semibold text-ink">{data.bank.bank}</dd>
                        </div>
                      </>
                    )}
                    <div>
                      <dt className="inline text-slate-700">{t("checkout.result.transfer.amount")}: </dt>
                      <dd className="inline font-semibold text-ink">{price(order.prices.total)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-700">{t("orders.transfer.reference")}:</dt>
                      <dd className="break-all font-mono font-semibold text-ink" data-testid="order-transfer-reference">
                        {order.payment_reference}
                      </dd>
                    </div>
                  </dl>
                  <p className="mt-2 text-slate-700">{t("checkout.result.transfer.confirm")}</p>
                </div>
              )}
            </Box>
          )}
        </div>
      </div>
    </div>
  );
}

/** What the order allows now (order.actions): pay, incident, return; and the invoice once it exists. */
function OrderActions({ order, linkToken, qhref }: { order: OrderDto; linkToken: string | null; qhref: ReturnType<typeof useQueryHref> }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const paying = navigation.formData?.get("intent") === "pay";
  const invoiceHref = order.invoice ? `${order.invoice.url}${linkToken ? `?t=${encodeURIComponent(linkToken)}` : ""}` : null;
  const any = order.actions.pay || order.actions.incident || order.actions.return || order.actions.withdraw || invoiceHref;
  if (!any) return null;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="order-actions">
      {order.actions.pay && (
        <Form method="post">
          <input type="hidden" name="intent" value="pay" />
          <button type="submit" className="btn-primary" disabled={paying} data-testid="pay-order">
            {paying ? t("checkout.processing") : t("orders.action.pay")}
          </button>
        </Form>
      )}
      {order.actions.incident && (
        <Link to={qhref({ request: "incident" }, "#order-request")} preventScrollReset className="btn-secondary" data-testid="open-incident">
          {t("orders.action.incident")}
        </Link>
      )}
      {order.actions.return && (
        <Link to={qhref({ request: "return" }, "#order-request")} preventScrollReset className="btn-secondary" data-testid="open-return">
          {t("orders.action.return")}
        </Link>
      )}
      {order.actions.withdraw && <WithdrawalButton href={qhref({ request: "withdraw" }, "#order-withdrawal")} />}
      {/* The invoice slot (issue 10): its link appears once the order has an invoice. */}
      {invoiceHref && order.invoice && (
        <a href={invoiceHref} className="btn-secondary" download data-testid="invoice-link">
          {t("orders.action.invoice", { number: order.invoice.number })}
        </a>
      )}
    </div>
  );
}

/**
 * Spec 4's "order incident" form (and the return request): a reason, a message and, optionally,
 * which rows. A section of the page opened by a link (?request=), so it works without
 * JavaScript; the focus goes to its heading when it opens.
 */
function RequestForm({
  kind,
  order,
  actionData,
  cancelHref,
}: {
  kind: RequestKind;
  order: OrderDto;
  actionData?: Extract<OrderActionResult, { intent: RequestKind }>;
  cancelHref: string;
}) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = useNavigation().formData?.get("intent") === kind;
  const errors = actionData?.fieldErrors ?? {};
  const v = actionData?.values;
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  useEffect(() => {
    if (!actionData) return;
    (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? formRef.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  }, [actionData]);
  const reasons = Array.from({ length: REASONS[kind] }, (_, i) => t(`orders.request.reason.${kind}.${i + 1}`));
  const id = "order-request";
  const first = errors.reason ? "reason" : errors.message ? "message" : errors.photos ? "photos" : null;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-6 scroll-mt-6 rounded-2xl border-2 border-brand-600 bg-white p-4 shadow-sm sm:p-6"
      data-testid="request-form"
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-brand-900">
        {t(`orders.request.title.${kind}`)}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">{t(`orders.request.intro.${kind}`)}</p>
      <Form ref={formRef} method="post" encType="multipart/form-data" noValidate className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value={kind} />
        {actionData && !first && (
          <p role="alert" tabIndex={-1} className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger">
            {actionData.message}
          </p>
        )}
        <div className="max-w-xl">
          <label htmlFor={`${id}-reason`} className="label">
            {t("orders.request.reason")}
          </label>
          <select
            id={`${id}-reason`}
            name="reason"
            required
            defaultValue={v?.reason ?? ""}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${id}-reason-err` : undefined}
            // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted
            autoFocus={first === "reason"}
            className={`input ${errors.reason ? "border-danger ring-1 ring-danger" : ""}`}
          >
            <option value="">{t("orders.request.reason_placeholder")}</option>
            {reasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {errors.reason && (
            <p id={`${id}-reason-err`} className="mt-1 text-sm font-medium text-danger">
              {errors.reason}
            </p>
          )}
        </div>
        <div className="max-w-xl">
          <label htmlFor={`${id}-message`} className="label">
            {t("orders.request.message")} <span className="font-normal text-muted">({t("form.optional")})</span>
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={4}
            maxLength={2000}
            defaultValue={v?.message ?? ""}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={`${id}-message-hint${errors.message ? ` ${id}-message-err` : ""}`}
            // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted
            autoFocus={first === "message"}
            className={`input ${errors.message ? "border-danger ring-1 ring-danger" : ""}`}
          />
          <p id={`${id}-message-hint`} className="mt-1 text-sm text-muted">
            {t(`orders.request.message_hint.${kind}`)}
          </p>
          {errors.message && (
            <p id={`${id}-message-err`} className="mt-1 text-sm font-medium text-danger">
              {errors.message}
            </p>
          )}
        </div>
        {order.rows.length > 1 && (
          <fieldset>
            <legend className="label">
              {t("orders.request.rows")} <span className="font-normal text-muted">({t("form.optional")})</span>
            </legend>
            <ul className="mt-1 space-y-2">
              {order.rows.map((r) => (
                <li key={r.id} className="flex items-start gap-3">
                  <input
                    id={`${id}-row-${r.id}`}
                    type="checkbox"
                    name="row_ids"
                    value={r.id}
                    defaultChecked={v?.rows.includes(String(r.id))}
                    className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
                  />
                  <label htmlFor={`${id}-row-${r.id}`} className="text-sm text-slate-800">
                    {r.name} <span className="text-muted">× {r.quantity}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div className="max-w-xl">
          <label htmlFor={`${id}-photos`} className="label">
            {t("aftersale.photos")} <span className="font-normal text-muted">({t("form.optional")})</span>
          </label>
          <input
            id={`${id}-photos`}
            type="file"
            name="photos"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-invalid={errors.photos ? true : undefined}
            aria-describedby={errors.photos ? `${id}-photos-err` : undefined}
            className={`input file:mr-3 file:rounded-md file:border-0 file:bg-sand-100 file:px-3 file:py-1.5 file:font-semibold file:text-ink ${errors.photos ? "border-danger ring-1 ring-danger" : ""}`}
          />
          {errors.photos && (
            <p id={`${id}-photos-err`} className="mt-1 text-sm font-medium text-danger">
              {errors.photos}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Link to={cancelHref} preventScrollReset className="btn-secondary">
            {t("address.cancel")}
          </Link>
          <button type="submit" className="btn-primary" disabled={busy} data-testid="send-request">
            {busy ? t("form.saving") : t("orders.request.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
