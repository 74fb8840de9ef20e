import type { ContentBlock } from "../../../core/content.types.ts";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { useI18n } from "~/lib/i18n";
import { useRootData } from "~/lib/root-data";
import { Blocks, Toc, tableOfContents } from "./blocks";
import { dateFormat } from "../../../core/intl.ts";

/** Pages with this many sections or more get a table of contents. */
const TOC_MIN = 4;

/**
 * The reading layout of CMS pages and guides: breadcrumbs, title and lead, the blocks in a
 * readable column, and on wide screens a sticky side column with the contents and help.
 */
export function ArticleLayout({
  crumbs,
  title,
  intro,
  blocks,
  updatedAt,
  header,
}: {
  crumbs: Crumb[];
  title: string;
  intro?: string;
  blocks: ContentBlock[];
  updatedAt?: string;
  header?: React.ReactNode;
}) {
  const { t, locale } = useI18n();
  const toc = tableOfContents(blocks);
  const showToc = toc.length >= TOC_MIN;
  return (
    <div className="container-shop py-8">
      <Breadcrumbs items={crumbs} />
      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="min-w-0 max-w-3xl">
          <header className="mb-8">
            <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl">{title}</h1>
            {intro && <p className="mt-4 text-lg leading-relaxed text-slate-700">{intro}</p>}
            {updatedAt && (
              <p className="mt-3 text-sm text-muted">
                {t("content.updated", { date: dateFormat(locale, { dateStyle: "long", timeZone: "Europe/Madrid" }).format(new Date(updatedAt)) })}
              </p>
            )}
            {header}
          </header>
          {showToc && (
            <div className="mb-8 lg:hidden">
              <Toc entries={toc} />
            </div>
          )}
          <div className="prose-shop">
            <Blocks blocks={blocks} />
          </div>
        </article>
        <aside className="hidden lg:block">
          <div className="sticky top-24 space-y-6">
            {showToc && <Toc entries={toc} />}
            <HelpBox />
          </div>
        </aside>
      </div>
    </div>
  );
}

function HelpBox() {
  const { t } = useI18n();
  const { store } = useRootData();
  return (
    <div className="rounded-2xl bg-brand-800 p-5 text-white">
      <h2 className="font-bold">{t("content.help.title")}</h2>
      <p className="mt-2 text-sm text-slate-200">{t("content.help.text")}</p>
      {store.features.supportPhone && store.supportPhone && (
        <a href={`tel:${store.supportPhone.replace(/\s/g, "")}`} className="mt-3 block text-lg font-bold hover:underline">
          {store.supportPhone}
        </a>
      )}
      {store.supportEmail && (
        <a href={`mailto:${store.supportEmail}`} className="btn mt-3 bg-white text-brand-800 hover:bg-brand-50">
          {t("content.help.cta")}
        </a>
      )}
    </div>
  );
}
