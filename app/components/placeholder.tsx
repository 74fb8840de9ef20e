import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";
import { Breadcrumbs } from "~/components/breadcrumbs";

/**
 * A page whose capability belongs to a later issue: the real layout, its title and
 * heading, and a plain statement of what is coming. Never a blank page.
 */
export function Placeholder({ title, intro, coming }: { title: string; intro?: string; coming: string }) {
  const { t, href } = useI18n();
  return (
    <div className="container-shop py-8">
      <Breadcrumbs items={[{ label: title }]} />
      <h1 className="mt-4 text-3xl font-extrabold text-brand-900 sm:text-4xl">{title}</h1>
      {intro && <p className="mt-3 max-w-3xl text-lg text-slate-700">{intro}</p>}
      <div className="mt-8 max-w-3xl rounded-2xl border border-sand-200 bg-sand-50 p-6" data-testid="placeholder">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{t("placeholder.coming")}</p>
        <p className="mt-2 text-slate-800">{coming}</p>
        <p className="mt-2 text-slate-700">{t("placeholder.text")}</p>
        <Link to={href("/")} className="btn-secondary mt-5">
          {t("placeholder.cta")}
        </Link>
      </div>
    </div>
  );
}
