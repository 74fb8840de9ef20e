import { Logo } from "~/components/logo";
import { NewsletterForm } from "~/components/newsletter-form";
import { ICONS, Icon } from "~/components/header";
import { PaymentMarks } from "~/components/payment-marks";
import { useI18n } from "~/lib/i18n";
import { type Menus, useMenus, useRootData } from "~/lib/root-data";

export const LEGAL_SLUGS = ["aviso-legal", "condiciones-de-venta", "politica-de-privacidad", "politica-de-cookies", "proteccion-de-datos"] as const;

/**
 * The footer of every storefront page. Its code is not part of what a page loads to start: the
 * layouts show it through SiteFooter (site-footer.tsx), an island whose server markup stays as it
 * is until the footer comes near the viewport or the browser is idle after load (issue 12).
 */
export function Footer() {
  const { t, href, lang } = useI18n();
  const root = useRootData();
  const menus = useMenus();
  const columns = new Map<string, Menus["footer"]>();
  for (const item of menus.footer) {
    const key = item.column ?? "";
    columns.set(key, [...(columns.get(key) ?? []), item]);
  }
  const { features } = root.store;
  return (
    <footer className="mt-16 bg-brand-900 text-slate-100">
      {features.newsletter && (
        <section className="bg-brand-800" aria-labelledby="newsletter-title">
          <div className="container-shop grid gap-6 py-10 lg:grid-cols-2 lg:items-center">
            <div>
              <h2 id="newsletter-title" className="text-2xl font-bold text-white">
                {t("footer.newsletter.title")}
              </h2>
              <p className="mt-2 text-slate-200">{t("footer.newsletter.text")}</p>
            </div>
            <NewsletterForm />
          </div>
        </section>
      )}
      <div className="container-shop grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <div className="inline-block rounded-lg bg-white px-3 py-2">
            <Logo />
          </div>
          <p className="mt-4 max-w-sm text-sm text-slate-300">{t("shop.tagline")}</p>
          <div className="mt-6">
            <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-300">{t("footer.support")}</h2>
            {features.supportPhone && root.store.supportPhone && (
              <a href={`tel:${root.store.supportPhone.replace(/\s/g, "")}`} className="flex items-center gap-2 text-lg font-bold text-white hover:underline">
                <Icon d={ICONS.phone} className="h-5 w-5" />
                {` ${root.store.supportPhone}`}
              </a>
            )}
            {root.store.supportEmail && (
              <a href={`mailto:${root.store.supportEmail}`} className="mt-1 block text-sm text-slate-200 hover:underline">
                {root.store.supportEmail}
              </a>
            )}
            <p className="mt-1 text-sm text-slate-300">{t("footer.support.hours")}</p>
            {features.supportChat && <SupportChatButton />}
          </div>
        </div>
        {[...columns.entries()].map(([title, items]) => (
          <nav key={title} aria-label={title} data-nav>
            <h2 className="foot-title">{title}</h2>
            <ul className="foot-links">
              {items.map((i) => (
                <li key={i.id}>
                  <a href={i.url}>{i.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <div className="container-shop flex flex-col gap-6 py-8 lg:flex-row lg:items-center lg:justify-between">
          <nav aria-label={t("footer.legal")} data-nav>
            <ul className="foot-legals">
              {LEGAL_SLUGS.map((slug) => (
                <li key={slug}>
                  <a href={href(`/cms/${slug}`)}>{t(`legal.${slug}`)}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="sr-only">{t("footer.payment_methods")}</h2>
            <PaymentMarks compact />
          </div>
        </div>
        <p className="container-shop pb-8 text-xs text-slate-300" lang={lang}>
          {t("footer.copyright", { year: root.year })}
        </p>
      </div>
    </footer>
  );
}

/** Opens the support chat; outside office hours it says when it opens instead. */
function SupportChatButton() {
  const { t } = useI18n();
  return (
    <a
      href="#chat"
      data-support-chat
      className="mt-3 inline-flex items-center gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold text-white hover:bg-white/20"
    >
      <span className="h-2 w-2 rounded-full bg-green-400" aria-hidden="true" />
      {` ${t("footer.support.chat")}`}
    </a>
  );
}
