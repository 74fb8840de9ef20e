import { useEffect, useRef } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { ErrorContent, errorStatus } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { Header } from "~/components/header";
import { profileData } from "~/features/accounts/profile.server";
import { useI18n } from "~/lib/i18n";
import { requireProfile } from "~/lib/session.server";
import type { Route } from "./+types/userprofile";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const p = await requireProfile(request, context, params);
  const sections = ["", "access-data", "address", "order", "quotation", "favourites"];
  if (p.store.features.newsletter) sections.push("newsletter");
  sections.push("privacy");
  return profileData(p, { base: p.base, sections, name: `${p.user.name} ${p.user.surnames}`.trim(), email: p.user.email });
}

export { passCacheControl as headers } from "~/lib/cache-headers";

/** The customer's area: the sections on the side (a scrolling row on small screens), the page beside. */
export default function UserProfileLayout({ loaderData: d }: Route.ComponentProps) {
  const { t } = useI18n();
  const list = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections are a row that scrolls sideways: keep the current one in sight.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every section change
  useEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (ul && active && ul.scrollWidth > ul.clientWidth) ul.scrollLeft = active.offsetLeft - (ul.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="content" className="container-shop flex-1 py-6 sm:py-8" tabIndex={-1}>
        <div className="grid gap-6 lg:grid-cols-[240px_minmax(0,1fr)] lg:gap-8">
          <nav aria-label={t("profile.nav.label")} className="min-w-0 rounded-2xl border border-slate-200 p-3 lg:self-start">
            <div className="border-b border-slate-100 px-3 pb-3 pt-1">
              <p className="truncate font-semibold text-ink">{d.name}</p>
              <p className="truncate text-sm text-muted">{d.email}</p>
            </div>
            <ul ref={list} className="relative -mx-1 mt-2 flex gap-1 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible">
              {d.sections.map((s) => (
                <li key={s} className="shrink-0">
                  <NavLink
                    end={s === ""}
                    to={`${d.base}${s ? `/${s}` : ""}`}
                    className={({ isActive }) =>
                      `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-50"}`
                    }
                  >
                    {t(`profile.section.${s || "home"}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="min-w-0">
            <Outlet />
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A profile page that does not exist (another customer's id...): the 404 inside the shop's frame. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="content" className="flex-1" tabIndex={-1}>
        <ErrorContent status={errorStatus(error)} />
      </main>
      <SiteFooter />
    </div>
  );
}
