import { Form, useNavigation } from "react-router";
import { accountMeta } from "~/features/accounts/meta";
import { DoneNotice, Panel, ProfileHeading } from "~/features/accounts/profile-ui";
import { backTo, doneMessage, pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { clientMeta, formObject, requireProfile, requireSameOrigin } from "~/lib/session.server";
import { requireFeature } from "~/lib/store.server";
import type { Route } from "./+types/profile-newsletter";

const DONE = { on: "profile.newsletter.done_on", off: "profile.newsletter.done_off", pending: "profile.newsletter.done_pending" };

/**
 * The newsletter subscription switch (spec 2). The French store has no newsletter: 404 there.
 * Switching it on sends a confirmation mail (double opt-in, docs/decisions/047): the switch stays
 * off and says so until the mail's link is followed; pressing it again sends the mail again.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  requireFeature(p.store, "newsletter");
  const status = await context.services.accounts.newsletterStatus(p.ctx);
  return profileData(p, {
    ...pageBase(p, "profile.section.newsletter", "/newsletter"),
    subscribed: status.subscribed,
    pending: status.pending,
    email: p.user.email,
    done: doneMessage(p.lang, p.url, DONE),
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const p = await requireProfile(request, context, params);
  requireFeature(p.store, "newsletter");
  const form = await formObject(request);
  // The form says the state it wants (not "toggle"): a double click cannot undo it.
  const subscribed = form.subscribed === "on";
  const r = await context.services.accounts.setNewsletter(p.ctx, subscribed, clientMeta(context));
  if ("code" in r) backTo(p, "/newsletter");
  backTo(p, "/newsletter", !subscribed ? "off" : r.subscribed ? "on" : "pending");
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function Newsletter({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <ProfileHeading title={d.title} intro={t("profile.newsletter.text")} />
      <DoneNotice message={d.done} />
      <Panel>
        <Form method="post" className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between" data-testid="newsletter-toggle">
          <input type="hidden" name="subscribed" value={d.subscribed ? "" : "on"} />
          <div>
            <p id="nl-label" className="font-semibold text-ink">
              {t("profile.newsletter.label")}
            </p>
            <p id="nl-state" className="mt-1 text-sm text-slate-700" data-testid="newsletter-state">
              {d.subscribed
                ? t("profile.newsletter.on", { email: d.email })
                : d.pending
                  ? t("profile.newsletter.pending", { email: d.email })
                  : t("profile.newsletter.off")}
            </p>
          </div>
          <button
            type="submit"
            role="switch"
            aria-checked={d.subscribed}
            aria-labelledby="nl-label"
            aria-describedby="nl-state"
            disabled={busy}
            className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border-2 transition-colors ${d.subscribed ? "border-brand-700 bg-brand-700" : "border-slate-400 bg-slate-200"}`}
          >
            <span
              className={`inline-block h-6 w-6 rounded-full bg-white shadow transition-transform ${d.subscribed ? "translate-x-6" : "translate-x-0.5"}`}
              aria-hidden="true"
            />
          </button>
        </Form>
      </Panel>
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
