import { type FocusEvent, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { paypalCommission } from "../../../core/cart-pricing.ts";
import type { PaymentMethod } from "../../../core/cart.types.ts";
import { TAX_TYPES } from "../../../core/tax-id.ts";
import { CheckboxField, SelectField, TextField } from "~/features/accounts/form";
import { useI18n } from "~/lib/i18n";
import { CheckoutSummary } from "./checkout-summary";
import { CHECKOUT_FIELDS, type CheckoutValues, firstInvalid, ratePercent } from "./checkout-values";
import type { CheckoutActionResult, CheckoutCart, CheckoutPageData, SavedAddress } from "./checkout-view";
import { PaymentMethods } from "./payment-methods";
import { PendingPaymentPanel, useFreshOnBack } from "./pending-payment";

type PlaceFailure = Extract<CheckoutActionResult, { intent: "place" }>;
const FORM = "checkout";
const PICK_FORM = "checkout-pick";

/** The freshest cart the page knows: the loader's, or the one a refused placement sent back (prices changed). */
function useCurrentCart(loaderCart: CheckoutCart | null, actionCart: CheckoutCart | undefined): CheckoutCart | null {
  const [cart, setCart] = useState(actionCart ?? loaderCart);
  useEffect(() => setCart(loaderCart), [loaderCart]);
  useEffect(() => {
    if (actionCart) setCart(actionCart);
  }, [actionCart]);
  return cart;
}

/**
 * The checkout (spec 2 and 5): contact, shipping address, billing, observations, payment method,
 * an optional password for guests, and the order summary. One plain form that posts to the
 * page's action, with and without JavaScript; every error of a refused form shows at once next
 * to its field, and the focus goes to the first one. With JavaScript, the postal code prices
 * the summary as it is typed, PayPal's commission shows when it is chosen, and an overlay says
 * 'Procesando su pedido...' while the order is placed.
 */
export function CheckoutPage({ data, actionData }: { data: CheckoutPageData; actionData?: CheckoutActionResult }) {
  const { t, href } = useI18n();
  const failure = actionData?.intent === "place" ? (actionData as PlaceFailure) : undefined;
  const cart = useCurrentCart(data.cart, failure?.cart);
  useFreshOnBack();

  return (
    <div className="container-shop py-6 sm:py-8" data-testid="checkout-page">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{t("checkout.title")}</h1>
        {!data.customer && cart && (
          <p className="text-sm text-slate-700">
            {t("checkout.login.prompt")}{" "}
            <Link to={`${href("/login")}?next=${encodeURIComponent(href("/checkout"))}`} className="font-semibold text-brand-700 underline">
              {t("checkout.login.link")}
            </Link>
          </p>
        )}
      </div>
      {cart ? <CheckoutBody data={data} cart={cart} failure={failure} /> : data.pending ? <PendingPaymentPanel pending={data.pending} /> : <EmptyCheckout />}
    </div>
  );
}

function EmptyCheckout() {
  const { t, href } = useI18n();
  return (
    <section className="mt-6 rounded-2xl border border-sand-200 bg-white p-6 sm:p-10" data-testid="checkout-empty" aria-labelledby="checkout-empty-title">
      <h2 id="checkout-empty-title" className="text-2xl font-bold text-brand-900">
        {t("checkout.empty.title")}
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">{t("checkout.empty.text")}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={href("/")} className="btn-primary">
          {t("cart.page.empty.cta")}
        </Link>
        <Link to={href("/cart")} className="btn-secondary">
          {t("checkout.back_to_cart")}
        </Link>
      </div>
    </section>
  );
}

function CheckoutBody({ data, cart, failure }: { data: CheckoutPageData; cart: CheckoutCart; failure?: PlaceFailure }) {
  const { t, href, price, locale } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  const postal = useFetcher<CheckoutActionResult>();
  const joinEmail = useFetcher<CheckoutActionResult>();
  const joined = useRef(data.values.email.toLowerCase());
  const values: CheckoutValues = failure?.values ?? data.values;
  const sent = failure?.fieldErrors ?? {};
  const first = firstInvalid(sent);
  // A field the shopper changes after a refused submit stops showing its error (the server judges again on the next one).
  const [fixed, setFixed] = useState<ReadonlySet<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (a new object) shows its errors again
  useEffect(() => setFixed(new Set()), [failure]);
  const errors: Record<string, string> = Object.fromEntries(Object.entries(sent).filter(([k]) => !fixed.has(k)));
  const [method, setMethod] = useState<string>(values.payment_method);
  const [key] = useState(data.idempotencyKey);
  const idempotencyKey = failure?.idempotencyKey ?? key;
  const expectedTotal = cart.prices.pvp_total - cart.prices.paypal_commission;
  const commission = method === "paypal" ? paypalCommission(expectedTotal, data.paypal.rate) : 0;
  const placing = navigation.formData != null && navigation.formData.get("intent") == null && navigation.formMethod?.toUpperCase() === "POST";
  const outOfStock = cart.blockers.includes("cart.out_of_stock");
  const notDelivered = cart.blockers.includes("cart.not_delivered");

  // After a refused submit: the focus goes to the first field with an error, else to the message.
  useEffect(() => {
    if (!failure) return;
    const f = firstInvalid(failure.fieldErrors);
    const target = f ? formRef.current?.querySelector<HTMLElement>(`[name="${f}"]`) : null;
    (target ?? messageRef.current)?.focus();
  }, [failure]);

  // A saved address filled in the form may have a postal code the cart was not priced for yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => {
    const pc = (formRef.current?.elements.namedItem("shipping_postal_code") as HTMLInputElement | null)?.value ?? "";
    if (/^\d{5}$/.test(pc) && pc !== cart.shipping_postal_code) postal.submit({ intent: "postal_code", postal_code: pc }, { method: "post" });
  }, []);

  const onBlur = (e: FocusEvent<HTMLFormElement>) => {
    const el = e.target as unknown as HTMLInputElement;
    if (el.name === "shipping_postal_code" && /^\d{5}$/.test(el.value.trim()) && el.value.trim() !== cart.shipping_postal_code) {
      postal.submit({ intent: "postal_code", postal_code: el.value.trim() }, { method: "post" });
    }
    const email = el.value.trim().toLowerCase();
    if (el.name === "email" && email !== joined.current && /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[A-Za-z]{2,}$/.test(email)) {
      joined.current = email;
      joinEmail.submit({ intent: "join_email", email }, { method: "post" });
    }
  };

  /** Fills the form from a saved address (JavaScript on; without it the picker reloads the page with it). */
  const fill = (a: SavedAddress | undefined, type: "shipping" | "billing") => {
    const form = formRef.current;
    if (!a || !form) return;
    for (const [name, value] of Object.entries(a.fields)) {
      const el = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (el && "value" in el) el.value = value;
    }
    if (type === "billing") {
      const same = form.elements.namedItem("same_billing_data");
      const box = same instanceof RadioNodeList ? [...same].find((n) => (n as HTMLInputElement).type === "checkbox") : same;
      if (box) (box as HTMLInputElement).checked = false;
    }
    const pc = a.fields.shipping_postal_code;
    if (type === "shipping" && pc && pc !== cart.shipping_postal_code) postal.submit({ intent: "postal_code", postal_code: pc }, { method: "post" });
  };

  const f = (name: (typeof CHECKOUT_FIELDS)[number]) => ({
    form: FORM,
    name,
    defaultValue: name === "password" ? "" : values[name as keyof CheckoutValues],
    error: errors[name],
    autoFocus: first === name,
  });
  const section = "rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";
  const h2 = "mb-4 text-lg font-bold text-brand-900";
  const errorCount = Object.keys(sent).length;

  return (
    <>
      <div className="mt-4 space-y-3" aria-live="polite">
        {failure && (
          <div
            ref={messageRef}
            tabIndex={-1}
            role="alert"
            // biome-ignore lint/a11y/noAutofocus: the answer to the submit the shopper just made, when no field is to blame
            autoFocus={!first}
            className="scroll-mt-48 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-danger"
            data-testid="checkout-message"
            data-code={failure.code}
          >
            <p>{failure.message}</p>
            {failure.code === "checkout.price_mismatch" && failure.cart && (
              <p className="mt-1 text-ink" data-testid="checkout-new-total">
                {t("checkout.mismatch.new_total", { total: price(expectedTotal + commission) })}
              </p>
            )}
            {failure.code === "checkout.email_taken" && (
              <p className="mt-1">
                <Link to={`${href("/login")}?next=${encodeURIComponent(href("/checkout"))}`} className="font-semibold underline">
                  {t("checkout.login.link")}
                </Link>
              </p>
            )}
            {errorCount > 0 && (
              <ul className="mt-1 list-disc pl-5 font-normal">
                {CHECKOUT_FIELDS.filter((n) => sent[n]).map((n) => (
                  <li key={n}>
                    <a href={`#${n === "payment_method" ? `checkout-payment-${data.methods[0]}` : `checkout-${n}`}`} className="underline">
                      {t(`checkout.field.${n}`)}
                    </a>
                    : {sent[n]}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {notDelivered && (
          <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger" data-testid="checkout-not-delivered">
            <p className="font-semibold">{cart.delivery.message ?? t("errors.cart.not_delivered")}</p>
            <p className="mt-1 text-ink">{t("checkout.not_delivered.hint")}</p>
          </div>
        )}
      </div>

      {/* On a phone the summary comes after the form: its total is at hand here, with a way down to it. */}
      <p className="mt-4 flex items-center justify-between gap-3 rounded-xl border border-brand-200 bg-white px-4 py-3 text-sm lg:hidden">
        <span>
          {t("cart.page.summary.total")} ({cart.rows.length === 1 ? t("cart.page.count_one") : t("cart.page.count", { count: cart.rows.length })}):{" "}
          <strong className="text-base text-brand-900">{price(expectedTotal + commission)}</strong>
        </span>
        <a href="#checkout-summary-title" className="shrink-0 font-semibold text-brand-700 underline">
          {t("checkout.summary.show")}
        </a>
      </p>
      <div className="mt-6 grid grid-cols-1 gap-8 lg:grid-cols-12">
        <div className="min-w-0 lg:col-span-7 xl:col-span-8">
          {outOfStock ? (
            <div className="rounded-2xl border border-red-200 bg-red-50 p-6" data-testid="checkout-blocked">
              <p className="text-lg font-bold text-danger">{t("errors.cart.out_of_stock")}</p>
              <p className="mt-1 text-slate-800">{t("cart.page.out_of_stock_hint")}</p>
              <Link to={href("/cart")} className="btn-primary mt-4">
                {t("checkout.back_to_cart")}
              </Link>
            </div>
          ) : (
            <>
              {data.customer && (data.addresses.shipping.length > 0 || data.addresses.billing.length > 0) && (
                // The saved-address pickers belong to this GET form (their `form` attribute), so that
                // without JavaScript picking one reloads the page with it; the checkout form is separate.
                <form id={PICK_FORM} method="get" action={href("/checkout")} />
              )}
              <Form
                ref={formRef}
                method="post"
                noValidate
                className="space-y-6"
                onBlur={onBlur}
                // "input" as the shopper types or picks (what React calls onChange; the browser's
                // "change" of a text field comes only when it loses focus).
                onInput={(e) => {
                  const el = e.target as unknown as HTMLInputElement;
                  if (el.name === "payment_method") setMethod(el.value);
                  if (el.name && sent[el.name] && !fixed.has(el.name)) setFixed(new Set([...fixed, el.name]));
                }}
                data-testid="checkout-form"
              >
                <input type="hidden" name="cart" value={cart.id} />
                <input type="hidden" name="idempotency_key" value={idempotencyKey} />
                <input type="hidden" name="expected_total" value={expectedTotal} />

                <section aria-labelledby="checkout-contact-title" className={section}>
                  <h2 id="checkout-contact-title" className={h2}>
                    {t("checkout.section.contact")}
                  </h2>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField {...f("name")} label={t("checkout.field.name")} autoComplete="given-name" maxLength={100} />
                    <TextField {...f("surnames")} label={t("checkout.field.surnames")} autoComplete="family-name" maxLength={150} />
                    <TextField
                      {...f("phone")}
                      type="tel"
                      inputMode="tel"
                      label={t("checkout.field.phone")}
                      autoComplete="tel"
                      hint={t("address.field.phone_hint")}
                      maxLength={30}
                    />
                    <TextField
                      {...f("email")}
                      type="email"
                      inputMode="email"
                      label={t("checkout.field.email")}
                      autoComplete="email"
                      hint={t("checkout.hint.email")}
                      maxLength={254}
                    />
                  </div>
                </section>

                <section aria-labelledby="checkout-shipping-title" className={section}>
                  <h2 id="checkout-shipping-title" className={h2}>
                    {t("checkout.section.shipping")}
                  </h2>
                  {data.customer && data.addresses.shipping.length > 0 && (
                    <AddressPicker type="shipping" addresses={data.addresses.shipping} picked={data.picked.shipping} onPick={(a) => fill(a, "shipping")} />
                  )}
                  <div className="grid gap-4 sm:grid-cols-6">
                    <TextField
                      {...f("shipping_address")}
                      label={t("checkout.field.shipping_address")}
                      autoComplete="shipping address-line1"
                      maxLength={200}
                      className="sm:col-span-4"
                    />
                    <TextField
                      {...f("shipping_number")}
                      label={t("checkout.field.shipping_number")}
                      autoComplete="shipping address-line2"
                      maxLength={60}
                      className="sm:col-span-2"
                    />
                    <TextField
                      {...f("shipping_postal_code")}
                      inputMode="numeric"
                      label={t("checkout.field.shipping_postal_code")}
                      autoComplete="shipping postal-code"
                      hint={t("checkout.hint.postal_code")}
                      maxLength={5}
                      className="sm:col-span-2"
                    />
                    <TextField
                      {...f("shipping_city")}
                      label={t("checkout.field.shipping_city")}
                      autoComplete="shipping address-level2"
                      maxLength={100}
                      className="sm:col-span-4"
                    />
                    <TextField
                      {...f("shipping_province")}
                      label={t("checkout.field.shipping_province")}
                      autoComplete="shipping address-level1"
                      maxLength={100}
                      className="sm:col-span-3"
                    />
                    <CountrySelect {...f("shipping_country")} label={t("checkout.field.shipping_country")} country={data.country} className="sm:col-span-3" />
                  </div>
                  {postal.state !== "idle" && (
                    <p className="mt-3 text-sm text-muted" role="status">
                      {t("checkout.shipping.updating")}
                    </p>
                  )}
                </section>

                <section aria-labelledby="checkout-billing-title" className={section}>
                  <h2 id="checkout-billing-title" className={h2}>
                    {t("checkout.section.billing")}
                  </h2>
                  {data.customer && data.addresses.billing.length > 0 && (
                    <AddressPicker type="billing" addresses={data.addresses.billing} picked={data.picked.billing} onPick={(a) => fill(a, "billing")} />
                  )}
                  <div className="grid gap-4 sm:grid-cols-6">
                    <TextField
                      {...f("billing_business_name")}
                      label={t("checkout.field.billing_business_name")}
                      autoComplete="organization"
                      maxLength={200}
                      className="sm:col-span-6"
                    />
                    <SelectField
                      {...f("billing_tax_id_type")}
                      label={t("checkout.field.billing_tax_id_type")}
                      options={TAX_TYPES.map((x) => ({ value: x, label: t(`address.tax_type.${x}`) }))}
                      className="sm:col-span-2"
                    />
                    <TextField
                      {...f("billing_tax_id")}
                      label={t("checkout.field.billing_tax_id")}
                      hint={t("address.field.tax_id_hint")}
                      maxLength={20}
                      className="sm:col-span-4"
                    />
                  </div>
                  {/* The box and the billing address share a group: ticked (CSS :has), the address is hidden. */}
                  <div className="group/same">
                    <div className="mt-5">
                      {/* Unticked, a checkbox sends nothing: this hidden "false" is what the server then reads (the box's "on" comes last when ticked). */}
                      <input type="hidden" name="same_billing_data" value="false" />
                      <CheckboxField
                        form={FORM}
                        name="same_billing_data"
                        defaultChecked={values.same_billing_data === "on"}
                        error={errors.same_billing_data}
                        autoFocus={first === "same_billing_data"}
                      >
                        {t("checkout.field.same_billing_data")}
                      </CheckboxField>
                    </div>
                    {/* Always in the page (so it works without JavaScript); hidden while the box is ticked, and then ignored by the server. */}
                    <div className="mt-5 grid gap-4 sm:grid-cols-6 group-has-[input[type=checkbox]:checked]/same:hidden" data-testid="billing-address">
                      <TextField
                        {...f("billing_address")}
                        label={t("checkout.field.billing_address")}
                        autoComplete="billing address-line1"
                        maxLength={200}
                        className="sm:col-span-4"
                      />
                      <TextField
                        {...f("billing_number")}
                        label={t("checkout.field.billing_number")}
                        autoComplete="billing address-line2"
                        maxLength={60}
                        className="sm:col-span-2"
                      />
                      <TextField
                        {...f("billing_postal_code")}
                        inputMode="numeric"
                        label={t("checkout.field.billing_postal_code")}
                        autoComplete="billing postal-code"
                        maxLength={5}
                        className="sm:col-span-2"
                      />
                      <TextField
                        {...f("billing_city")}
                        label={t("checkout.field.billing_city")}
                        autoComplete="billing address-level2"
                        maxLength={100}
                        className="sm:col-span-4"
                      />
                      <TextField
                        {...f("billing_province")}
                        label={t("checkout.field.billing_province")}
                        autoComplete="billing address-level1"
                        maxLength={100}
                        className="sm:col-span-3"
                      />
                      <CountrySelect {...f("billing_country")} label={t("checkout.field.billing_country")} country={data.country} className="sm:col-span-3" />
                    </div>
                  </div>
                </section>

                <section aria-labelledby="checkout-payment-title" className={section}>
                  <h2 id="checkout-payment-title" className={h2}>
                    {t("checkout.section.payment")}
                  </h2>
                  <PaymentMethods
                    methods={data.methods}
                    value={values.payment_method}
                    error={errors.payment_method}
                    autoFocus={first === "payment_method"}
                    paypalRate={ratePercent(data.paypal.rate, locale)}
                    onChange={(m: PaymentMethod) => setMethod(m)}
                  />
                  <div className="mt-5">
                    <TextArea {...f("observations")} label={t("checkout.field.observations")} hint={t("checkout.hint.observations")} />
                  </div>
                </section>

                {!data.customer && (
                  <section aria-labelledby="checkout-account-title" className={section}>
                    <h2 id="checkout-account-title" className={h2}>
                      {t("checkout.section.account")}
                    </h2>
                    <p className="mb-4 text-sm text-slate-700">{t("checkout.account.text")}</p>
                    <TextField
                      {...f("password")}
                      type="password"
                      label={t("checkout.field.password")}
                      autoComplete="new-password"
                      hint={t("checkout.hint.password")}
                      optional
                      maxLength={128}
                      className="max-w-sm"
                    />
                  </section>
                )}

                <div className="rounded-2xl border border-brand-200 bg-white p-4 sm:p-6">
                  <div className="flex items-baseline justify-between gap-3">
                    <p className="text-base font-bold text-ink">{t("cart.page.summary.total")}</p>
                    <p className="text-2xl font-extrabold text-brand-900" data-testid="form-total">
                      {price(expectedTotal + commission)}
                    </p>
                  </div>
                  <p className="mt-2 text-sm text-slate-700">
                    {t("checkout.terms.prefix")}{" "}
                    <Link to={href("/cms/condiciones-de-venta")} className="font-semibold text-brand-700 underline">
                      {t("checkout.terms.conditions")}
                    </Link>{" "}
                    {t("checkout.terms.and")}{" "}
                    <Link to={href("/cms/politica-de-privacidad")} className="font-semibold text-brand-700 underline">
                      {t("checkout.terms.privacy")}
                    </Link>
                    .
                  </p>
                  {/* The primary button comes first: Enter in any field places the order, it never saves a quotation. */}
                  <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
                    <button type="submit" className="btn-primary w-full text-base sm:w-auto sm:px-8" disabled={placing} data-testid="place-order">
                      {t("checkout.submit")}
                    </button>
                    <button
                      type="submit"
                      name="quotation"
                      value="on"
                      className="btn-secondary w-full sm:w-auto"
                      disabled={placing}
                      data-testid="save-quotation"
                    >
                      {t("checkout.quotation")}
                    </button>
                  </div>
                  <p className="mt-2 text-xs text-muted">{t("checkout.quotation.hint")}</p>
                </div>
              </Form>
            </>
          )}
        </div>
        <aside className="min-w-0 lg:col-span-5 xl:col-span-4" aria-label={t("cart.page.summary.title")}>
          <div className="lg:sticky lg:top-6">
            <CheckoutSummary cart={cart} commission={commission} />
          </div>
        </aside>
      </div>
      {placing && <ProcessingOverlay />}
    </>
  );
}

/** 'Procesando su pedido...' (spec 4) over the page while the order is placed; announced to screen readers. */
function ProcessingOverlay() {
  const { t } = useI18n();
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white/80 backdrop-blur-sm" data-testid="processing-overlay">
      <div role="status" aria-live="assertive" className="flex flex-col items-center gap-4 rounded-2xl bg-white px-8 py-6 shadow-lg ring-1 ring-slate-200">
        <svg viewBox="0 0 24 24" className="h-10 w-10 animate-spin text-brand-700" fill="none" aria-hidden="true">
          <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
          <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <p className="text-lg font-semibold text-brand-900">{t("checkout.processing")}</p>
      </div>
    </div>
  );
}

type FieldProps = { form: string; name: string; label: string; defaultValue?: string; error?: string; autoFocus?: boolean; className?: string; hint?: string };

/** The country select (spec 5): the placeholder 'Selecciona un país', and only the store's country enabled. */
function CountrySelect(p: FieldProps & { country: "ES" | "FR" }) {
  const { t } = useI18n();
  const id = `${p.form}-${p.name}`;
  return (
    <div className={p.className}>
      <label htmlFor={id} className="label">
        {p.label}
      </label>
      <select
        id={id}
        name={p.name}
        defaultValue={p.defaultValue ?? ""}
        required
        autoComplete={p.name.startsWith("billing") ? "billing country" : "shipping country"}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={p.error ? `${id}-err` : undefined}
        // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted (WCAG 3.3.1)
        autoFocus={p.autoFocus}
        className={`input scroll-mt-48 ${p.error ? "border-danger ring-1 ring-danger" : ""}`}
      >
        <option value="">{t("address.field.country_placeholder")}</option>
        {(["ES", "FR"] as const).map((c) => (
          <option key={c} value={c} disabled={c !== p.country}>
            {t(`address.country.${c}`)}
          </option>
        ))}
      </select>
      {p.error && <FieldMessage id={`${id}-err`} text={p.error} />}
    </div>
  );
}

function TextArea(p: FieldProps) {
  const { t } = useI18n();
  const id = `${p.form}-${p.name}`;
  const describedBy = [p.hint ? `${id}-hint` : "", p.error ? `${id}-err` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={p.className}>
      <label htmlFor={id} className="label">
        {p.label} <span className="font-normal text-muted">({t("form.optional")})</span>
      </label>
      <textarea
        id={id}
        name={p.name}
        rows={3}
        maxLength={1000}
        defaultValue={p.defaultValue}
        aria-invalid={p.error ? true : undefined}
        aria-describedby={describedBy}
        // biome-ignore lint/a11y/noAutofocus: only on the first invalid field of the answer the user just submitted (WCAG 3.3.1)
        autoFocus={p.autoFocus}
        className={`input scroll-mt-48 ${p.error ? "border-danger ring-1 ring-danger" : ""}`}
      />
      {p.hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {p.hint}
        </p>
      )}
      {p.error && <FieldMessage id={`${id}-err`} text={p.error} />}
    </div>
  );
}

function FieldMessage({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="mt-1 flex items-start gap-1 text-sm font-medium text-danger">
      <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor" aria-hidden="true">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zm-.9 4h1.8v5.2H9.1zm0 6.6h1.8v1.8H9.1z" />
      </svg>
      <span>{text}</span>
    </p>
  );
}

/**
 * A signed-in customer's saved addresses. With JavaScript, choosing one fills the form at once;
 * without it, the "Use" button reloads the checkout with that address (?shipping= / ?billing=).
 */
function AddressPicker({
  type,
  addresses,
  picked,
  onPick,
}: {
  type: "shipping" | "billing";
  addresses: SavedAddress[];
  picked: number | null;
  onPick: (a: SavedAddress | undefined) => void;
}) {
  const { t } = useI18n();
  const id = `checkout-saved-${type}`;
  return (
    <div className="mb-5 rounded-xl bg-sand-50 p-3 sm:p-4" data-testid={`saved-${type}`}>
      <label htmlFor={id} className="label">
        {t(`checkout.saved.${type}`)}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <select
          id={id}
          name={type}
          form={PICK_FORM}
          defaultValue={picked ?? ""}
          className="input"
          onChange={(e) => onPick(addresses.find((a) => String(a.id) === e.target.value))}
        >
          {type === "billing" && picked == null && <option value="">{t("checkout.saved.none")}</option>}
          {addresses.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
              {a.default ? ` (${t("checkout.saved.default")})` : ""}
            </option>
          ))}
        </select>
        {/* Without JavaScript the choice is sent with this button; in <noscript> so that it is
            never laid out (and then removed) in a browser that runs scripts: no layout shift. */}
        <noscript>
          <button type="submit" form={PICK_FORM} className="btn-secondary shrink-0">
            {t("checkout.saved.use")}
          </button>
        </noscript>
      </div>
    </div>
  );
}
