import type { MetaDescriptor } from "react-router";
import type { Language } from "../../../core/stores.ts";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";

export type AccountPageMeta = { title: string; description: string; lang: Language; path: string };

/** Account and profile pages: a title and description, never indexed (personal or form pages). */
export function accountMeta({ data, matches }: { data: unknown; matches: readonly ({ id: string; data?: unknown } | undefined)[] }): MetaDescriptor[] {
  const d = data as Partial<AccountPageMeta> | undefined;
  if (!d?.title || !d.lang) return []; // the error page renders its own title
  const root = rootMeta(matches);
  return seoMeta({ title: d.title, description: d.description, origin: root.origin, lang: d.lang, path: d.path ?? "/", noindex: true });
}
