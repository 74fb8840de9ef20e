import { Link } from "~/components/link";
import type { ContentBlock } from "../../../core/content.types.ts";
import { useI18n } from "~/lib/i18n";
import { Illustration } from "./illustrations";

/** "Cómo se calcula el precio" -> "como-se-calcula-el-precio": stable anchors for the table of contents. */
export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export type TocEntry = { id: string; text: string };

export function tableOfContents(blocks: ContentBlock[]): TocEntry[] {
  const seen = new Map<string, number>();
  return blocks.flatMap((b) => {
    if (b.type !== "heading") return [];
    const base = slugify(b.text) || "seccion";
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return [{ id: n ? `${base}-${n + 1}` : base, text: b.text }];
  });
}

/** Internal links go through the router in the store's language; outside links open as plain anchors. */
function SmartLink({ url, children, className }: { url: string; children: React.ReactNode; className?: string }) {
  const { href } = useI18n();
  if (url.startsWith("/")) {
    return (
      <Link to={href(url)} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url} className={className} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** The typed blocks of a CMS page or post, as accessible HTML inside `.prose-shop`. */
export function Blocks({ blocks }: { blocks: ContentBlock[] }) {
  const { t } = useI18n();
  const toc = tableOfContents(blocks);
  let heading = 0;
  return (
    <>
      {blocks.map((b, i) => {
        const key = `${b.type}-${i}`;
        switch (b.type) {
          case "heading": {
            const id = toc[heading++]?.id;
            return (
              <h2 key={key} id={id} className="scroll-mt-24">
                {b.text}
              </h2>
            );
          }
          case "paragraph":
            return <p key={key}>{b.text}</p>;
          case "list":
            return b.ordered ? (
              <ol key={key}>
                {b.items.map((it) => (
                  <li key={it}>{it}</li>
                ))}
              </ol>
            ) : (
              <ul key={key}>
                {b.items.map((it) => (
                  <li key={it}>{it}</li>
                ))}
              </ul>
            );
          case "tip":
            return (
              <aside key={key} className="my-6 rounded-xl border-l-4 border-accent-500 bg-sand-50 px-5 py-4">
                <p className="mb-1! text-sm font-bold uppercase tracking-wide text-accent-700">{b.title}</p>
                <p className="mb-0! text-slate-800">{b.text}</p>
              </aside>
            );
          case "steps":
            return (
              <ol key={key} className="my-6! list-none! space-y-4! pl-0!">
                {b.items.map((s, n) => (
                  <li key={s.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
                    <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                      {n + 1}
                    </span>
                    <div>
                      <p className="mb-1! font-semibold text-brand-900">{s.title.replace(/^\d+\.\s*/, "")}</p>
                      <p className="mb-0!">{s.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            );
          case "faq":
            return <FaqList key={key} items={b.items} title={t("content.faq")} />;
          case "links":
            return (
              <ul key={key} className="my-6! grid list-none! gap-3 pl-0! sm:grid-cols-2">
                {b.items.map((l) => (
                  <li key={l.url}>
                    <SmartLink
                      url={l.url}
                      className="flex min-h-11 items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 no-underline! hover:border-brand-500 hover:bg-white"
                    >
                      <span>{l.label}</span>
                      <span aria-hidden="true">→</span>
                    </SmartLink>
                  </li>
                ))}
              </ul>
            );
          case "figure":
            return (
              <figure key={key} className="my-8 overflow-hidden rounded-2xl border border-slate-200 bg-white">
                <Illustration name={b.illustration} label={b.caption} />
                <figcaption className="border-t border-slate-200 px-4 py-3 text-sm text-muted">{b.caption}</figcaption>
              </figure>
            );
          case "table":
            return (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrollable region must be reachable by keyboard (WCAG 2.1.1).
              <div key={key} className="my-6 overflow-x-auto rounded-xl border border-slate-200" role="region" aria-label={b.caption} tabIndex={0}>
                <table className="w-full min-w-[28rem] border-collapse text-left text-sm">
                  <caption className="bg-brand-50 px-4 py-2 text-left font-semibold text-brand-900">{b.caption}</caption>
                  {b.head.some(Boolean) && (
                    <thead>
                      <tr>
                        {b.head.map((c, n) => (
                          <th key={`${c}-${n}`} scope="col" className="border-b border-slate-200 bg-slate-50 px-4 py-2 font-semibold text-slate-800">
                            {c}
                          </th>
                        ))}
                      </tr>
                    </thead>
                  )}
                  <tbody>
                    {b.rows.map((row, r) => (
                      <tr key={`${row[0]}-${r}`} className="odd:bg-white even:bg-slate-50/60">
                        {row.map((c, n) =>
                          n === 0 ? (
                            <th key={`${c}-${n}`} scope="row" className="border-b border-slate-100 px-4 py-2 font-medium text-slate-900">
                              {c}
                            </th>
                          ) : (
                            <td key={`${c}-${n}`} className="border-b border-slate-100 px-4 py-2 text-slate-700">
                              {c}
                            </td>
                          ),
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
          case "products":
            // Product cards need the catalog: until a page references refs that exist, nothing is shown.
            return null;
          default:
            return null;
        }
      })}
    </>
  );
}

/** Questions as native disclosure widgets: keyboard and screen-reader friendly without JavaScript. */
export function FaqList({ items, title }: { items: { q: string; a: string }[]; title?: string }) {
  return (
    <section className="my-8">
      {title && <h3>{title}</h3>}
      <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((f) => (
          <details key={f.q} className="group px-4 py-3">
            <summary className="flex min-h-8 cursor-pointer list-none items-center justify-between gap-3 font-semibold text-brand-900">
              {f.q}
              <span aria-hidden="true" className="text-xl text-brand-500 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-2 mb-1!">{f.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** A short list of anchors to the sections of a long page. */
export function Toc({ entries }: { entries: TocEntry[] }) {
  const { t } = useI18n();
  return (
    <nav aria-labelledby="toc-title" className="rounded-2xl border border-slate-200 bg-sand-50 p-5">
      <h2 id="toc-title" className="text-sm font-bold uppercase tracking-wide text-muted">
        {t("content.toc")}
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        {entries.map((e) => (
          <li key={e.id}>
            <a href={`#${e.id}`} className="text-brand-700 hover:underline">
              {e.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** FAQPage structured data for pages with questions (rich results). */
export function faqJsonLd(blocks: ContentBlock[]): object[] {
  const items = blocks.flatMap((b) => (b.type === "faq" ? b.items : []));
  if (items.length === 0) return [];
  return [
    {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: items.map((f) => ({ "@type": "Question", name: f.q, acceptedAnswer: { "@type": "Answer", text: f.a } })),
    },
  ];
}

export function breadcrumbJsonLd(origin: string, crumbs: { name: string; url: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: origin + c.url })),
  };
}
