import { accountMeta } from "~/features/accounts/meta";
import { EmptyState, ProfileHeading } from "~/features/accounts/profile-ui";
import { pageBase, profileData } from "~/features/accounts/profile.server";
import { OrderList } from "~/features/orders/order-list";
import { useI18n } from "~/lib/i18n";
import { requireProfile } from "~/lib/session.server";
import type { Route } from "./+types/profile-orders";

/**
 * The customer's orders (/profile/{id}/order) or quotations (/profile/{id}/quotation) in this
 * store, newest first, 20 a page (?page=): number, date, status and total, each a link to its
 * detail.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const kind: "order" | "quotation" = /\/quotation(\/|$)/.test(p.url.pathname) ? "quotation" : "order";
  const raw = Number(p.url.searchParams.get("page") ?? "1");
  const page = Number.isSafeInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const list = await context.services.orders.list(p.ctx, kind, { page, page_size: 20 });
  return profileData(p, { ...pageBase(p, `profile.section.${kind}`, `/${kind}`), kind, list });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function Orders({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const key = d.kind === "order" ? "orders" : "quotations";
  return (
    <div>
      <ProfileHeading title={d.title} intro={d.list.total > 0 ? t(`orders.list.intro.${d.kind}`) : undefined} />
      {d.list.total === 0 ? (
        <EmptyState title={t(`profile.${key}.empty`)} text={t(`profile.${key}.empty_text`)} cta={{ to: href("/"), label: t("profile.orders.cta") }} />
      ) : (
        <OrderList kind={d.kind} list={d.list} base={`${d.base}/${d.kind}`} />
      )}
    </div>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
