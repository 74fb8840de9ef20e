import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { OrderDto } from "../../../core/orders.types.ts";
import { useI18n } from "~/lib/i18n";
import type { OrderActionResult } from "./order-view";

type WithdrawResult = Extract<OrderActionResult, { intent: "withdraw" }>;

/** The first button (EU Directive 2023/2673): it opens the withdrawal form on the order page. */
export function WithdrawalButton({ href }: { href: string }) {
  const { t } = useI18n();
  return (
    <Link to={href} preventScrollReset className="btn-secondary" data-testid="open-withdrawal">
      {t("withdrawal.button")}
    </Link>
  );
}

/**
 * The withdrawal form (issue 10, docs/decisions/018): it asks only what the shop does not know —
 * which rows (none: the whole order) and an optional comment —; its button "Confirmar
 * desistimiento" is the second step. Works without JavaScript (a section opened by ?request=withdraw).
 */
export function WithdrawalForm({ order, actionData, cancelHref }: { order: OrderDto; actionData?: WithdrawResult; cancelHref: string }) {
  const { t } = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const busy = useNavigation().formData?.get("intent") === "withdraw";
  const errors = actionData?.fieldErrors ?? {};
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const id = "order-withdrawal";
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="mt-6 scroll-mt-6 rounded-2xl border-2 border-brand-600 bg-white p-4 shadow-sm sm:p-6"
      data-testid="withdrawal-form"
    >
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-lg font-bold text-brand-900">
        {t("withdrawal.title")}
      </h2>
      <p className="mt-1 max-w-2xl text-sm text-slate-700">{t("withdrawal.intro")}</p>
      {actionData && (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger" data-testid="withdrawal-error">
          {actionData.message}
        </p>
      )}
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="confirm" value="true" />
        {order.rows.length > 1 && (
          <fieldset>
            <legend className="text-sm font-semibold text-ink">{t("withdrawal.rows")}</legend>
            <ul className="mt-2 space-y-1">
              {order.rows.map((r) => (
                <li key={r.id}>
                  <label className="inline-flex min-h-11 items-center gap-2">
                    <input type="checkbox" name="row_ids" value={r.id} className="h-5 w-5" />
                    <span>
                      {r.quantity} × {r.name} <span className="text-muted">({r.ref})</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <div>
          <label htmlFor="withdrawal-statement" className="block text-sm font-semibold text-ink">
            {t("withdrawal.statement")} <span className="font-normal text-muted">({t("form.optional")})</span>
          </label>
          <textarea
            id="withdrawal-statement"
            name="statement"
            rows={3}
            maxLength={1000}
            aria-invalid={errors.statement ? true : undefined}
            className="mt-1 w-full max-w-2xl rounded-lg border border-slate-300 px-3 py-2"
          />
          {errors.statement && <p className="mt-1 text-sm text-danger">{errors.statement}</p>}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary" disabled={busy} data-testid="confirm-withdrawal">
            {t("withdrawal.confirm")}
          </button>
          <Link to={cancelHref} preventScrollReset className="btn-secondary">
            {t("withdrawal.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
