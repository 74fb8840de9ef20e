import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, useLocation } from "react-router";
import { Link } from "~/components/link";
import { Logo } from "~/components/logo";
import { AccountMenu } from "~/features/accounts/account-menu";
import { useFavouriteIds } from "~/features/accounts/favourites";
import { useCartCount } from "~/features/cart/cart-badge";
import { useI18n } from "~/lib/i18n";
import { useLanguageSwitch } from "~/lib/language-switch";
import { useMenus, useRootData } from "~/lib/root-data";

function Icon({ d, className = "h-6 w-6" }: { d: string; className?: string }) {
  return (
    // fill, stroke and line caps come from the `icon` utility (app/app.css): written once.
    <svg viewBox="0 0 24 24" className={`icon ${className}`} aria-hidden="true">
      <path d={d} />
    </svg>
  );
}
export const ICONS = {
  user: "M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z",
  heart: "M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z",
  cart: "M6 6h15l-1.5 9h-12zM6 6 5 3H2M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z",
  search: "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3",
  menu: "M3 6h18M3 12h18M3 18h18",
  close: "M18 6 6 18M6 6l12 12",
  phone:
    "M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z",
  truck: "M1 3h15v13H1zM16 8h4l3 3v5h-7zM5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  tool: "M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9z",
  undo: "M3 7v6h6M21 17a9 9 0 0 0-15-6.7L3 13",
};
export { Icon };

/** `initialValue`: what the shopper typed into the plain input before the combobox replaced it. */
type SearchProps = { id: string; defaultValue: string; className: string; initialValue?: string };
let searchModule: Promise<ComponentType<SearchProps>> | undefined;
const loadSearch = () => {
  searchModule ??= import("~/features/search/search-combobox").then((m) => m.SearchCombobox);
  return searchModule;
};

/**
 * The header's search input. The suggestions (features/search/search-combobox.tsx) are loaded on
 * first interaction (pointer over it, focus, typing), not at start: until then this renders the
 * combobox's own first markup (the same input and empty listbox, so the server's HTML and the
 * hydration are unchanged), a plain input of the GET form to /buscar. When the module arrives it
 * takes over: what was typed meanwhile is handed to it as typing (so the suggestions for it are
 * fetched), with the focus and the caret where they were.
 */
function SearchBox(props: SearchProps) {
  const { t } = useI18n();
  const [Impl, setImpl] = useState<ComponentType<SearchProps> | null>(null);
  const stub = useRef<HTMLInputElement>(null);
  // The plain input the server wrote, kept when the combobox replaces it. What the shopper typed
  // into it is read while the combobox is first rendered (the input is still in the page, and no
  // key can come in between) and becomes the combobox's first value: no keystroke is lost.
  const handover = useRef<{ el: HTMLInputElement; focused: boolean } | null>(null);
  const load = () => {
    if (Impl) return;
    loadSearch().then(
      (C) => {
        const el = stub.current;
        if (el) handover.current = { el, focused: document.activeElement === el };
        setImpl(() => C);
      },
      () => undefined, // offline: the plain input still submits the form
    );
  };
  useLayoutEffect(() => {
    const h = handover.current;
    const el = Impl && (document.getElementById(props.id) as HTMLInputElement | null);
    if (!h || !el) return;
    handover.current = null;
    if (el.value.trim()) el.dispatchEvent(new Event("input", { bubbles: true })); // its suggestions
    if (h.focused) {
      el.focus();
      const { selectionStart: start, selectionEnd: end } = h.el;
      if (start != null) el.setSelectionRange(start, end ?? start);
    }
  }, [Impl, props.id]);
  // Read once: the combobox takes it as its first state; the layout effect then lets go of the input.
  if (Impl) return <Impl {...props} initialValue={handover.current?.el.value} />;
  return (
    <>
      <input
        ref={stub}
        id={props.id}
        name="q"
        type="search"
        defaultValue={props.defaultValue}
        key={props.defaultValue}
        placeholder={t("header.search.placeholder")}
        className={props.className}
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={`${props.id}-list`}
        onPointerEnter={load}
        onFocus={load}
        onInput={load}
        maxLength={100}
      />
      <div
        id={`${props.id}-list`}
        role="listbox"
        aria-label={t("search.suggest.label")}
        hidden
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 text-left shadow-xl"
      />
    </>
  );
}

/**
 * NavLink's rule (end=false, case-insensitive): the link's path, or a path below it. The main menu's
 * links are plain anchors (app/lib/delegated-links.ts): one component less per item.
 */
export function isActivePath(pathname: string, to: string): boolean {
  const target = to.split(/[?#]/)[0].toLowerCase();
  const here = pathname.toLowerCase();
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (here.startsWith(target) && here.charAt(endSlash) === "/");
}

export function Header() {
  const { t, href, lang } = useI18n();
  const root = useRootData();
  const menus = useMenus();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const cartSize = useCartCount();
  // Signed in: the server list; a guest: this browser's list (features/accounts/favourites.tsx).
  const { ids: wishlist } = useFavouriteIds();
  // A literal id, not useId: the label is hydrated, the combobox that replaces the plain input is
  // rendered in the browser only, and both must name the same id whatever renders them (decision 031).
  const searchId = "site-search";
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setOpen(false), [location.pathname]);
  const otherLang = lang === "es" ? "fr" : "es";
  const switchTo = useLanguageSwitch(otherLang);
  const q = new URLSearchParams(location.search).get("q") ?? "";

  return (
    <header className="site-header">
      <div className="topbar">
        <div className="topbar-inner">
          <ul className="flex items-center gap-6">
            <li className="flex items-center gap-1.5">
              <Icon d={ICONS.truck} className="h-4 w-4" />
              {t("header.free_shipping")}
            </li>
            <li className="hidden items-center gap-1.5 md:flex">
              <Icon d={ICONS.tool} className="h-4 w-4" />
              {t("header.installation")}
            </li>
            <li className="hidden items-center gap-1.5 lg:flex">
              <Icon d={ICONS.undo} className="h-4 w-4" />
              {t("header.returns")}
            </li>
          </ul>
          <div className="flex items-center gap-4">
            {root.store.features.supportPhone && root.store.supportPhone && (
              <a href={`tel:${root.store.supportPhone.replace(/\s/g, "")}`} className="flex items-center gap-1.5 font-semibold hover:underline">
                <Icon d={ICONS.phone} className="h-4 w-4" />
                {`${t("header.phone")} ${root.store.supportPhone}`}
              </a>
            )}
            <a href={switchTo} hrefLang={otherLang} lang={otherLang} className="hover:underline">
              {t(`language.${otherLang}`)}
            </a>
          </div>
        </div>
      </div>
      <div className="head-bar">
        <button
          type="button"
          className="-ml-2 rounded-lg p-2 text-brand-800 lg:hidden"
          aria-label={open ? t("nav.close_menu") : t("nav.open_menu")}
          aria-expanded={open}
          aria-controls="main-menu"
          onClick={() => setOpen((v) => !v)}
        >
          <Icon d={open ? ICONS.close : ICONS.menu} />
        </button>
        <Logo />
        {/* One search form for both layouts: between the logo and the account links from md, a
            row of its own under them on phones (the head-bar's grid, app/app.css). */}
        <Form method="get" action={href("/buscar")} role="search" className="head-search">
          <label htmlFor={searchId} className="sr-only">
            {t("header.search.label")}
          </label>
          <SearchBox id={searchId} defaultValue={q} className="input h-11 pr-12" />
          <button type="submit" className="head-search-go" aria-label={t("header.search.submit")}>
            <Icon d={ICONS.search} className="h-5 w-5" />
          </button>
        </Form>
        <nav className="head-nav" aria-label={t("header.account")}>
          <AccountMenu />
          <Link to={href(`/profile/${root.user?.id ?? "me"}/favourites`)} className="head-link">
            <Icon d={ICONS.heart} />
            {/* As the cart link: named by the text one sees (WCAG 2.5.3), the count read after it. */}
            <span className="sr-only sm:not-sr-only sm:block">{t("header.wishlist")}</span>
            <span className="sr-only">{`: ${t("header.wishlist_count", { count: wishlist.length })}`}</span>
            <span className="head-count bg-brand-700" aria-hidden="true" data-testid="wishlist-count">
              {wishlist.length}
            </span>
          </Link>
          {/* Named by its own text (visible from sm, read on every width) plus the count: no aria-label that could differ from what is seen. */}
          <Link to={href("/cart")} className="head-link">
            <Icon d={ICONS.cart} />
            <span className="sr-only sm:not-sr-only sm:block">{t("header.cart")}</span>
            <span className="sr-only">{`: ${t(cartSize === 1 ? "cart.page.header_count_one" : "cart.page.header_count", { count: cartSize })}`}</span>
            <span className="head-count bg-accent-600" aria-hidden="true" data-testid="cart-count">
              {cartSize}
            </span>
          </Link>
        </nav>
      </div>
      <nav id="main-menu" aria-label={t("nav.main")} className={open ? "main-nav-open" : "main-nav"}>
        <ul className="main-menu" data-nav>
          {menus.main.map((item) => {
            const active = isActivePath(location.pathname, item.url);
            return (
              <li key={item.id}>
                <a href={item.url} className={active ? "menu-link-active" : "menu-link"} aria-current={active ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            );
          })}
          <li className="border-t border-slate-100 pt-2 sm:hidden">
            <a href={switchTo} hrefLang={otherLang} lang={otherLang} className="block px-3 py-3 text-[15px] text-brand-900">
              {`${t("header.language")}: ${t(`language.${otherLang}`)}`}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
