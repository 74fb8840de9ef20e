import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { DoneNotice, Panel, ProfileHeading } from "~/features/accounts/profile-ui";
import { accountMeta } from "~/features/accounts/meta";
import { backTo, doneMessage, pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { favouriteIds, formObject, requireProfile, requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/profile-home";

const DONE = { type_on: "profile.type.done_on", type_off: "profile.type.done_off" };

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const accounts = context.services.accounts;
  const [addresses, favourites, newsletter] = await Promise.all([
    accounts.addressCounts(p.ctx),
    favouriteIds(context, p.ctx),
    // The session's user, read in this request, already says whether they are subscribed in the
    // store they signed up in: asked again (the user and the subscriptions) only for another store.
    p.store.features.newsletter ? (p.user.store === p.store.id ? { subscribed: p.user.newsletter } : accounts.newsletterStatus(p.ctx)) : null,
  ]);
  return profileData(p, {
    ...pageBase(p, "page.profile.title", ""),
    name: p.user.name,
    email: p.user.email,
    professional: p.user._type === "professional",
    professionalsArea: p.store.features.professionalsArea,
    counts: { ...addresses, favourites: favourites.length },
    newsletter: newsletter?.subscribed ?? null,
    done: doneMessage(p.lang, p.url, DONE),
  });
}

/**
 * The professional switch (spec 6, PUT clients/{id}/toggle_type/). The form says which type it
 * wants, so a double submission or a second tab cannot flip it back.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const p = await requireProfile(request, context, params);
  const form = await formObject(request);
  const want = form.type === "professional" ? "professional" : "customer";
  if (form.intent === "toggle_type" && p.user._type !== want) {
    const r = await context.services.accounts.toggleType(p.ctx, p.user.id);
    if (!r.ok) return profileData(p, { error: true }, 404);
  }
  backTo(p, "", want === "professional" ? "type_on" : "type_off");
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function ProfileHome({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  const cards = [
    { to: "/access-data", title: t("profile.home.access"), text: t("profile.home.access_text", { email: d.email }) },
    { to: "/address", title: t("profile.home.addresses"), text: t("profile.home.addresses_text", { shipping: d.counts.shipping, billing: d.counts.billing }) },
    { to: "/favourites", title: t("profile.home.favourites"), text: t("profile.home.favourites_text", { count: d.counts.favourites }) },
    { to: "/order", title: t("profile.home.orders"), text: t("profile.home.orders_text") },
    ...(d.newsletter === null
      ? []
      : [{ to: "/newsletter", title: t("profile.home.newsletter"), text: t(d.newsletter ? "profile.home.newsletter_on" : "profile.home.newsletter_off") }]),
  ];
  return (
    <div data-testid="profile-home">
      <ProfileHeading title={t("profile.home.greeting", { name: d.name })} intro={t("profile.home.intro")} />
      <DoneNotice message={d.done} />
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((c) => (
          <li key={c.to}>
            <Link
              to={`${d.base}${c.to}`}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 transition-shadow hover:border-brand-500 hover:shadow-md"
            >
              <span className="text-lg font-bold text-brand-900 group-hover:underline">{c.title}</span>
              <span className="mt-1 text-sm text-slate-700">{c.text}</span>
              <span className="mt-auto pt-3 text-sm font-semibold text-brand-700" aria-hidden="true">
                {t("profile.home.manage")} →
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {d.professionalsArea && (
        <div className="mt-6">
          <Panel title={t("profile.type.title")} id="customer-type">
            <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between" data-testid="professional-form">
              <input type="hidden" name="intent" value="toggle_type" />
              <input type="hidden" name="type" value={d.professional ? "customer" : "professional"} />
              <div>
                <p id="pro-label" className="font-semibold text-ink">
                  {t("profile.type.label")}
                </p>
                <p id="pro-help" className="mt-1 max-w-xl text-sm text-slate-700">
                  {t("profile.type.help")}
                </p>
                <p className="mt-2 text-sm font-semibold text-brand-800" data-testid="customer-type">
                  {t(d.professional ? "profile.type.on" : "profile.type.off")}
                </p>
              </div>
              <button
                type="submit"
                role="switch"
                aria-checked={d.professional}
                aria-labelledby="pro-label"
                aria-describedby="pro-help"
                disabled={busy}
                className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors ${d.professional ? "border-brand-700 bg-brand-700" : "border-slate-400 bg-slate-200"}`}
                data-testid="professional-switch"
              >
                <span
                  className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${d.professional ? "translate-x-6" : "translate-x-0.5"}`}
                  aria-hidden="true"
                />
              </button>
            </Form>
          </Panel>
        </div>
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
