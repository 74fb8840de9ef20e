import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { WishlistItemDto } from "../../../core/accounts.types.ts";
import { useToast } from "~/components/toasts";
import { accountMeta } from "~/features/accounts/meta";
import { DoneNotice, EmptyState, ProfileHeading } from "~/features/accounts/profile-ui";
import { doneMessage, pageBase, profileData } from "~/features/accounts/profile.server";
import { ProductCard } from "~/features/catalog/product-card";
import { useI18n } from "~/lib/i18n";
import { requireProfile } from "~/lib/session.server";
import type { Route } from "./+types/profile-favourites";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const list = await context.services.accounts.listWishlist(p.ctx, { page: -1 });
  return profileData(p, {
    ...pageBase(p, "profile.section.favourites", "/favourites"),
    items: list.results,
    done: doneMessage(p.lang, p.url, { removed: "profile.favourites.removed" }),
  });
}

export const meta: Route.MetaFunction = (args) => accountMeta(args);
export { passCacheControl as headers } from "~/lib/cache-headers";

export default function Favourites({ loaderData: d }: Route.ComponentProps) {
  const { t, href } = useI18n();
  return (
    <div>
      <ProfileHeading title={d.title} />
      <DoneNotice message={d.done} />
      {d.items.length === 0 ? (
        <EmptyState
          icon="heart"
          title={t("profile.favourites.empty")}
          text={t("profile.favourites.empty_text")}
          cta={{ to: href("/"), label: t("profile.favourites.browse") }}
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4" data-testid="favourites-list">
          {d.items.map((item) => (
            <li key={item.id} className="flex flex-col gap-2" data-product-id={item.product_id}>
              <Favourite item={item} back={`${d.base}/favourites?done=removed`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Favourite({ item, back }: { item: WishlistItemDto; back: string }) {
  const { t, href } = useI18n();
  const fetcher = useFetcher<{ ok: boolean }>();
  const toast = useToast();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) toast(t("profile.favourites.removed"), "success");
  }, [fetcher.state, fetcher.data, toast, t]);
  const name = item.product?.name ?? "";
  return (
    <>
      {item.product ? (
        <ProductCard product={item.product} sizes="(min-width: 1280px) 220px, (min-width: 768px) 30vw, 50vw" />
      ) : (
        <p className="flex flex-1 items-center rounded-xl border border-dashed border-slate-300 p-4 text-sm text-muted">
          {t("profile.favourites.unavailable")}
        </p>
      )}
      <fetcher.Form method="post" action={href("/favourites")}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="product" value={item.product_id} />
        <input type="hidden" name="redirectTo" value={back} />
        <button
          type="submit"
          className="btn w-full border border-slate-300 bg-white px-3 text-brand-800 hover:bg-slate-50"
          disabled={fetcher.state !== "idle"}
          aria-label={name ? t("profile.favourites.remove_label", { name }) : undefined}
        >
          {t("profile.favourites.remove")}
        </button>
      </fetcher.Form>
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
