import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import { ICONS, Icon } from "~/components/header";
import { useI18n } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { FavouritesSync } from "./favourites";

/**
 * The header's account entry: a link to the login for visitors; for a signed-in customer their
 * name and a menu (profile sections, log out). A <details> element, so it opens and closes
 * with the keyboard and without JavaScript; logging out is a POST form (never a link).
 */
export function AccountMenu() {
  const { t, href } = useI18n();
  const root = useRootData();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the menu on every navigation
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location.pathname]);
  useEffect(() => {
    const el = menu.current;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && el.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (el.open && !el.contains(e.target as Node)) el.open = false;
    };
    el.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      el.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  });
  const user = root.user;
  if (!user) {
    return (
      <Link
        to={href("/login")}
        className="flex flex-col items-center rounded-lg px-1 py-2 text-xs text-brand-800 hover:bg-brand-50 min-[400px]:px-2"
        aria-label={t("header.account")}
        data-testid="account-link"
      >
        <Icon d={ICONS.user} />
        <span className="hidden sm:block" aria-hidden="true">
          {t("header.account")}
        </span>
      </Link>
    );
  }
  const base = href(`/profile/${user.id}`);
  const item = "block rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800";
  return (
    <details ref={menu} className="relative" data-testid="account-menu">
      <summary className="flex cursor-pointer list-none flex-col items-center rounded-lg px-1 py-2 text-xs min-[400px]:px-2 text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
        <Icon d={ICONS.user} />
        <span className="hidden max-w-28 truncate font-semibold sm:block" data-testid="account-name">
          {user.name}
        </span>
        <span className="sr-only">{t("header.account_menu")}</span>
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-xl">
        <p className="border-b border-slate-100 px-3 pb-2 pt-1 text-sm text-slate-700">
          <span className="block font-semibold text-ink">{t("header.greeting", { name: user.name })}</span>
          {user.professional && <span className="text-xs font-semibold text-brand-700">{t("header.professional")}</span>}
        </p>
        <ul className="py-1">
          <li>
            <Link to={base} className={item}>
              {t("header.my_account")}
            </Link>
          </li>
          <li>
            <Link to={`${base}/order`} className={item}>
              {t("header.my_orders")}
            </Link>
          </li>
          <li>
            <Link to={`${base}/address`} className={item}>
              {t("header.my_addresses")}
            </Link>
          </li>
          <li>
            <Link to={`${base}/favourites`} className={item}>
              {t("header.wishlist")}
            </Link>
          </li>
        </ul>
        <Form method="post" action={href("/logout")} className="border-t border-slate-100 pt-1">
          <button type="submit" className={`${item} w-full text-left`} data-testid="logout">
            {t("header.logout")}
          </button>
        </Form>
      </div>
      <FavouritesSync />
    </details>
  );
}
