import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t, href } = useI18n();
  const all: Crumb[] = [{ label: t("nav.home"), to: href("/") }, ...items];
  return (
    <nav aria-label={t("nav.breadcrumbs")} className="text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {all.map((c, i) => (
          <li key={`${c.label}-${i}`} className="flex items-center gap-1">
            {i > 0 && (
              <span aria-hidden="true" className="text-slate-400">
                /
              </span>
            )}
            {c.to && i < all.length - 1 ? (
              <Link to={c.to} className="hover:text-brand-700 hover:underline">
                {c.label}
              </Link>
            ) : (
              <span aria-current={i === all.length - 1 ? "page" : undefined} className="text-slate-700">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
