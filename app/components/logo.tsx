import { Link } from "~/components/link";
import { useI18n } from "~/lib/i18n";

export function Logo({ className = "" }: { className?: string }) {
  const { href, t } = useI18n();
  return (
    <Link to={href("/")} className={`flex items-center gap-2 text-brand-800 ${className}`} aria-label={`${t("shop.name")}, ${t("nav.home")}`}>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="#0f4a60" />
        <path d="M20 8c5 7 9 11.5 9 16a9 9 0 0 1-18 0c0-4.5 4-9 9-16z" fill="#fff" />
        <path d="M15.5 25a4.5 4.5 0 0 0 4.5 4.5" stroke="#d9531e" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight">
        Baño<span className="text-accent-600">Directo</span>
      </span>
    </Link>
  );
}
