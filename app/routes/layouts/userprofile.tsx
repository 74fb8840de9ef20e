import { NavLink, Outlet, useParams } from "react-router";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { useI18n } from "~/lib/i18n";

const SECTIONS = ["", "access-data", "address", "order", "quotation", "favourites", "newsletter"] as const;

export default function UserProfileLayout() {
  const { t, href } = useI18n();
  const { id = "me" } = useParams();
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main id="content" className="container-shop flex-1 py-8" tabIndex={-1}>
        <div className="grid gap-8 lg:grid-cols-[240px_1fr]">
          <nav aria-label={t("layout.profile.title")} className="rounded-2xl border border-slate-200 p-3">
            <p className="px-3 py-2 text-sm font-semibold uppercase tracking-wide text-muted">{t("layout.profile.title")}</p>
            <ul className="flex gap-1 overflow-x-auto lg:flex-col">
              {SECTIONS.map((s) => (
                <li key={s}>
                  <NavLink
                    end
                    to={href(`/profile/${id}${s ? `/${s}` : ""}`)}
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
          <div>
            <Outlet />
          </div>
        </div>
      </main>
      <Footer />
    </div>
  );
}
