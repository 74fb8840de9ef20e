import { accountMeta } from "~/features/accounts/meta";
import { EmptyState, ProfileHeading } from "~/features/accounts/profile-ui";
import { pageBase, profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { requireProfile } from "~/lib/session.server";
import { notFound } from "~/lib/store.server";
import type { Route } from "./+types/profile-orders";

/**
 * Orders and quotations of the customer (spec 2). Orders arrive with the checkout issue: until
 * then both lists are empty and say what they will hold, and no order or quotation detail exists.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const kind = /\/quotation(\/|$)/.test(p.url.pathname) ? "quotation" : "order";
  const detail = (params as { order_id?: string; quotation_id?: string }).order_id ?? (params as { quotation_id?: string }).quotation_id;
  if (detail !== undefined) throw notFound();
  return profileData(p, { ...pageBase(p, `profile.section.${kind}`, `/${kind}`), kind });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function Orders({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const key = d.kind === "order" ? "orders" : "quotations";
  return (
    <div>
      <ProfileHeading title={d.title} />
      <EmptyState title={t(`profile.${key}.empty`)} text={t(`profile.${key}.empty_text`)} cta={{ to: href("/"), label: t("profile.orders.cta") }} />
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
