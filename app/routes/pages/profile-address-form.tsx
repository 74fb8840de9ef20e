import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { addressSchema, parseForm } from "../../../core/accounts.forms.ts";
import type { AddressType } from "../../../core/accounts.types.ts";
import { t } from "../../../core/i18n/index.ts";
import { TAX_TYPES } from "../../../core/tax-id.ts";
import { CheckboxField, type FieldErrors, FormMessage, firstError, SelectField, SubmitButton, TextField, useFocusOnError } from "~/features/accounts/form";
import { accountMeta } from "~/features/accounts/meta";
import { Panel, ProfileHeading } from "~/features/accounts/profile-ui";
import { backTo, pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { formObject, type ProfileRequest, requireProfile, requireSameOrigin } from "~/lib/session.server";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/profile-address-form";

const FIELDS = [
  "name",
  "business_name",
  "tax_type",
  "tax_id",
  "phone",
  "address",
  "number",
  "flat",
  "postal_code",
  "city",
  "province",
  "country",
  "default",
] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** Shipping fields first for a shipping address, the tax data first for a billing one (the order the form shows). */
const ORDER: Record<AddressType, readonly string[]> = {
  shipping: ["name", "phone", "business_name", "tax_type", "tax_id", "address", "number", "flat", "postal_code", "city", "province", "country", "default"],
  billing: ["business_name", "tax_type", "tax_id", "name", "phone", "address", "number", "flat", "postal_code", "city", "province", "country", "default"],
};

function addressRequest(p: ProfileRequest, params: { shipping_id?: string; billing_id?: string }) {
  const type: AddressType = /\/address\/form-billing(\/|$)/.test(p.url.pathname) ? "billing" : "shipping";
  const raw = type === "billing" ? params.billing_id : params.shipping_id;
  if (raw !== undefined && !/^\d{1,10}$/.test(raw)) throw notFound();
  return { type, id: raw === undefined ? null : Number(raw) };
}

/** The store's country (spec 5: Spain in the Spanish store, France in the French one). */
const storeCountry = (p: ProfileRequest) => (p.lang === "fr" ? "FR" : "ES");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const { type, id } = addressRequest(p, params);
  const existing = id === null ? null : await context.services.accounts.getAddress(p.ctx, type, id);
  if (id !== null && !existing) throw notFound();
  const values: Values = {
    name: existing?.name ?? (type === "shipping" ? `${p.user.name} ${p.user.surnames}`.trim() : ""),
    business_name: existing?.business_name ?? "",
    // Spec 5: the billing tax id type starts on the first option of its list.
    tax_type: existing?.tax_type ?? (type === "billing" ? TAX_TYPES[0] : ""),
    tax_id: existing?.tax_id ?? "",
    phone: existing?.phone ?? p.user.phone ?? "",
    address: existing?.address ?? "",
    number: existing?.number ?? "",
    flat: existing?.flat ?? "",
    postal_code: existing?.postal_code ?? "",
    city: existing?.city ?? "",
    province: existing?.province ?? "",
    country: existing?.country ?? storeCountry(p),
    default: existing?.default ? "on" : "",
  };
  const key = `address.form.${id === null ? "new" : "edit"}_${type}`;
  const path = `/address/form-${type}${id === null ? "" : `/${id}`}`;
  return profileData(p, { ...pageBase(p, key, path), type, editing: id !== null, values, countries: [storeCountry(p)] });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const p = await requireProfile(request, context, params);
  const { type, id } = addressRequest(p, params);
  const form = await formObject(request);
  const values = Object.fromEntries(FIELDS.map((f) => [f, form[f] ?? ""])) as Values;
  const input: Record<string, unknown> = { ...values };
  if (values.tax_type === "") delete input.tax_type;
  if (values.default === "") delete input.default;
  const parsed = parseForm(addressSchema(p.lang, type), input);
  if (!parsed.ok) return profileData(p, { fieldErrors: parsed.fieldErrors as FieldErrors, message: t(p.lang, "form.errors.title"), values }, 400);
  // The service validates again with the same schema (it is the API's path too) and writes.
  const accounts = context.services.accounts;
  const r = id === null ? await accounts.createAddress(p.ctx, type, input) : await accounts.updateAddress(p.ctx, type, id, input);
  if (!r.ok) {
    if (r.code === "not_found") throw notFound();
    const fieldErrors: FieldErrors = "fieldErrors" in r ? r.fieldErrors : {};
    return profileData(p, { fieldErrors, message: t(p.lang, "form.errors.title"), values }, r.code === "auth.forbidden" ? 403 : 400);
  }
  backTo(p, "/address", "saved");
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function AddressForm({ loaderData: d, actionData: a }: Route.ComponentProps) {
  const { t } = useI18n();
  const form = useRef<HTMLFormElement>(null);
  const busy = useNavigation().state === "submitting";
  useFocusOnError(form, a);
  const errors: FieldErrors = a?.fieldErrors ?? {};
  const v: Values = a?.values ?? d.values;
  const first = firstError(errors, ORDER[d.type]);
  const billing = d.type === "billing";
  const f = (name: (typeof FIELDS)[number]) => ({ form: "address", name, defaultValue: v[name], error: errors[name], autoFocus: first === name });
  const errorCount = Object.keys(errors).length;

  const recipient = (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-base font-bold text-brand-900">{t("address.form.recipient")}</legend>
      <TextField {...f("name")} label={t("address.field.name")} autoComplete="name" optional={billing} maxLength={100} />
      <TextField
        {...f("phone")}
        type="tel"
        inputMode="tel"
        label={t("address.field.phone")}
        autoComplete="tel"
        hint={t("address.field.phone_hint")}
        optional={billing}
        maxLength={30}
      />
    </fieldset>
  );
  const tax = (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-base font-bold text-brand-900">{t("address.form.tax")}</legend>
      <TextField
        {...f("business_name")}
        label={t("address.field.business_name")}
        autoComplete="organization"
        optional={!billing}
        maxLength={150}
        className="sm:col-span-2"
      />
      <SelectField
        {...f("tax_type")}
        label={t("address.field.tax_type")}
        optional={!billing}
        placeholder={t("address.field.tax_type_placeholder")}
        options={TAX_TYPES.map((x) => ({ value: x, label: t(`address.tax_type.${x}`) }))}
      />
      <TextField {...f("tax_id")} label={t("address.field.tax_id")} hint={t("address.field.tax_id_hint")} optional={!billing} maxLength={20} />
    </fieldset>
  );
  return (
    <div>
      <ProfileHeading title={d.title} />
      <Panel>
        <Form ref={form} method="post" noValidate className="space-y-8" data-testid="address-form">
          {errorCount > 0 && (
            <FormMessage kind="error">
              <p>{a?.message}</p>
              <ul className="mt-1 list-disc pl-5 font-normal">
                {ORDER[d.type]
                  .filter((n) => errors[n])
                  .map((n) => (
                    <li key={n}>
                      <a href={`#address-${n}`} className="underline">
                        {t(`address.field.${n === "default" ? `default_${d.type}` : n}`)}
                      </a>
                      : {errors[n]}
                    </li>
                  ))}
              </ul>
            </FormMessage>
          )}
          {billing ? (
            <>
              {tax}
              {recipient}
            </>
          ) : (
            <>
              {recipient}
              {tax}
            </>
          )}
          <fieldset className="grid gap-4 sm:grid-cols-6">
            <legend className="mb-3 text-base font-bold text-brand-900">{t("address.form.location")}</legend>
            <TextField {...f("address")} label={t("address.field.address")} autoComplete="address-line1" maxLength={200} className="sm:col-span-4" />
            <TextField {...f("number")} label={t("address.field.number")} maxLength={20} className="sm:col-span-2" />
            <TextField {...f("flat")} label={t("address.field.flat")} autoComplete="address-line2" optional maxLength={50} className="sm:col-span-6" />
            <TextField
              {...f("postal_code")}
              inputMode="numeric"
              label={t("address.field.postal_code")}
              autoComplete="postal-code"
              hint={t("address.field.postal_code_hint")}
              maxLength={5}
              className="sm:col-span-2"
            />
            <TextField {...f("city")} label={t("address.field.city")} autoComplete="address-level2" maxLength={100} className="sm:col-span-4" />
            <TextField {...f("province")} label={t("address.field.province")} autoComplete="address-level1" maxLength={100} className="sm:col-span-3" />
            <SelectField
              {...f("country")}
              label={t("address.field.country")}
              autoComplete="country"
              placeholder={t("address.field.country_placeholder")}
              options={d.countries.map((c) => ({ value: c, label: t(`address.country.${c}`) }))}
              className="sm:col-span-3"
            />
          </fieldset>
          <CheckboxField form="address" name="default" defaultChecked={v.default === "on"} error={errors.default} autoFocus={first === "default"}>
            {t(`address.field.default_${d.type}`)}
          </CheckboxField>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
            <Link to={`${d.base}/address`} className="btn-secondary">
              {t("address.cancel")}
            </Link>
            <SubmitButton busy={busy}>{t("address.submit")}</SubmitButton>
          </div>
        </Form>
      </Panel>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
