import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import type { AddressDto, AddressType } from "../../../core/accounts.types.ts";
import { accountMeta } from "~/features/accounts/meta";
import { DoneNotice, EmptyState, Panel, ProfileHeading } from "~/features/accounts/profile-ui";
import { backTo, doneMessage, pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { formObject, requireProfile, requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/profile-address";

const DONE = { deleted: "profile.address.deleted", saved: "profile.address.saved", missing: "profile.address.not_found" };
const TYPES: AddressType[] = ["shipping", "billing"];

/** "?delete=shipping-12": the confirmation step of a deletion (a page state, so it works without JavaScript). */
function parseDelete(v: string | null): { type: AddressType; id: number } | null {
  const m = /^(shipping|billing)-(\d{1,10})$/.exec(v ?? "");
  return m ? { type: m[1] as AddressType, id: Number(m[2]) } : null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const accounts = context.services.accounts;
  const [shipping, billing] = await Promise.all(TYPES.map((type) => accounts.listAddresses(p.ctx, type, { page: -1 })));
  const del = parseDelete(p.url.searchParams.get("delete"));
  const confirm = del && (del.type === "shipping" ? shipping : billing).results.some((a) => a.id === del.id) ? del : null;
  return profileData(p, {
    ...pageBase(p, "profile.section.address", "/address"),
    shipping: shipping.results,
    billing: billing.results,
    confirm,
    done: doneMessage(p.lang, p.url, DONE),
  });
}

/** Deleting (after the confirmation step): then back to the list, which reloads (spec 4). */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const p = await requireProfile(request, context, params);
  const form = await formObject(request);
  const target = parseDelete(`${form.type}-${form.id}`);
  if (form.intent !== "delete" || !target) return profileData(p, { ok: false }, 400);
  const deleted = await context.services.accounts.deleteAddress(p.ctx, target.type, target.id);
  backTo(p, "/address", deleted ? "deleted" : "missing");
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

function summary(a: AddressDto): string {
  return `${a.address} ${a.number}${a.flat ? `, ${a.flat}` : ""}, ${a.postal_code} ${a.city}`;
}

export default function Addresses({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div>
      <ProfileHeading title={d.title} />
      <DoneNotice message={d.done} />
      <div className="space-y-6">
        {TYPES.map((type) => {
          const list = type === "shipping" ? d.shipping : d.billing;
          const add = `${d.base}/address/form-${type}`;
          return (
            <Panel
              key={type}
              id={`addresses-${type}`}
              title={t(`profile.address.${type}`)}
              actions={
                list.length > 0 && (
                  <Link to={add} className="btn-secondary">
                    {t(`profile.address.add_${type}`)}
                  </Link>
                )
              }
            >
              {list.length === 0 ? (
                <EmptyState icon="pin" title={t(`profile.address.empty_${type}`)} cta={{ to: add, label: t(`profile.address.add_${type}`) }} />
              ) : (
                <ul className="grid gap-4 md:grid-cols-2" data-testid={`addresses-${type}`}>
                  {list.map((a) => (
                    <li key={a.id}>
                      <AddressCard address={a} base={d.base} confirming={d.confirm?.type === type && d.confirm.id === a.id} />
                    </li>
                  ))}
                </ul>
              )}
            </Panel>
          );
        })}
      </div>
    </div>
  );
}

function AddressCard({ address: a, base, confirming }: { address: AddressDto; base: string; confirming: boolean }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    if (confirming) box.current?.focus();
  }, [confirming]);
  const s = summary(a);
  const who = a.type === "billing" ? a.business_name || a.name : a.name || a.business_name;
  return (
    <article className={`flex h-full flex-col rounded-xl border p-4 ${a.default ? "border-brand-500" : "border-slate-200"}`} data-testid="address-card">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold text-ink">{who}</p>
        {a.default && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t("profile.address.default")}</span>}
      </div>
      <address className="mt-1 text-sm not-italic leading-relaxed text-slate-700">
        {a.address} {a.number}
        {a.flat ? `, ${a.flat}` : ""}
        <br />
        {a.postal_code} {a.city} ({a.province})
        <br />
        {t(`address.country.${a.country}`)}
        {a.phone && (
          <>
            <br />
            {a.phone}
          </>
        )}
        {a.tax_id && (
          <>
            <br />
            {a.tax_type ? `${a.tax_type.toUpperCase()} ` : ""}
            {a.tax_id}
          </>
        )}
      </address>
      {confirming ? (
        <div
          ref={box}
          tabIndex={-1}
          role="group"
          aria-labelledby={`confirm-${a.id}`}
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3"
          data-testid="delete-confirm"
        >
          <p id={`confirm-${a.id}`} className="font-semibold text-danger">
            {t("profile.address.confirm.title")}
          </p>
          <p className="mt-1 text-sm text-slate-800">{t("profile.address.confirm.text", { summary: s })}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Form method="post" replace>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="type" value={a.type} />
              <input type="hidden" name="id" value={a.id} />
              <button type="submit" className="btn bg-danger text-white hover:bg-red-800" disabled={busy}>
                {t("profile.address.confirm.yes")}
              </button>
            </Form>
            <Link to={`${base}/address`} replace className="btn-secondary">
              {t("profile.address.confirm.no")}
            </Link>
          </div>
        </div>
      ) : (
        <div className="mt-auto flex gap-2 pt-4">
          <Link to={`${base}/address/form-${a.type}/${a.id}`} className="btn-secondary px-4" aria-label={t("profile.address.edit_label", { summary: s })}>
            {t("profile.address.edit")}
          </Link>
          <Link
            to={`${base}/address?delete=${a.type}-${a.id}`}
            preventScrollReset
            className="btn border border-slate-300 bg-white px-4 text-danger hover:bg-red-50"
            aria-label={t("profile.address.delete_label", { summary: s })}
          >
            {t("profile.address.delete")}
          </Link>
        </div>
      )}
    </article>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
