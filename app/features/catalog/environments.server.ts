import type { Language } from "../../../core/stores.ts";

/** The four environments of the spec (/espacios/<slug>); any other slug is a 404. */
export const ENVIRONMENT_SLUGS = ["bano-pequeno", "industrial", "japandi", "nordico"] as const;
export type EnvironmentSlug = (typeof ENVIRONMENT_SLUGS)[number];

export type Environment = {
  slug: EnvironmentSlug;
  title: string;
  intro: string;
  /** Longer inspiration text, paragraphs. */
  body: string[];
  palette: string[];
  refs: string[];
};

type Localised = string | Partial<Record<Language, string>> | undefined;
type RawEnvironment = { slug: string; title?: Localised; intro?: Localised; text?: Localised | Partial<Record<Language, string[]>>; body?: unknown; palette?: string[]; colors?: string[]; refs?: string[]; products?: string[]; productRefs?: string[] };

// The seed module holds the environments (data, not database rows). It is read through a glob so the
// storefront builds before the seed exists; the adapter accepts either field naming of the seed.
const modules = import.meta.glob<Record<string, unknown>>("../../../seed/catalog/environments.ts", { eager: true });

function rawList(): RawEnvironment[] {
  for (const mod of Object.values(modules)) {
    for (const value of Object.values(mod)) {
      if (Array.isArray(value) && value.every((v) => v && typeof v === "object" && "slug" in v)) return value as RawEnvironment[];
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const vals = Object.values(value);
        if (vals.length && vals.every((v) => v && typeof v === "object" && "slug" in (v as object))) return vals as RawEnvironment[];
      }
    }
  }
  return [];
}

const pick = (v: unknown, lang: Language): unknown => (v && typeof v === "object" && !Array.isArray(v) ? ((v as Record<string, unknown>)[lang] ?? (v as Record<string, unknown>).es) : v);
const str = (v: unknown, lang: Language) => {
  const x = pick(v, lang);
  return typeof x === "string" ? x : "";
};
const paras = (v: unknown, lang: Language): string[] => {
  const x = pick(v, lang);
  if (Array.isArray(x)) return x.filter((p): p is string => typeof p === "string");
  return typeof x === "string" ? x.split(/\n{2,}/).filter(Boolean) : [];
};

/** The environments in the store's language, in the spec's order. */
export function environments(lang: Language): Environment[] {
  const raw = rawList();
  return ENVIRONMENT_SLUGS.flatMap((slug) => {
    const r = raw.find((e) => e.slug === slug);
    if (!r) return [];
    return [
      {
        slug,
        title: str(r.title, lang),
        intro: str(r.intro, lang),
        body: paras(r.body ?? r.text, lang),
        palette: r.palette ?? r.colors ?? [],
        refs: r.refs ?? r.productRefs ?? r.products ?? [],
      },
    ];
  });
}

export function environmentBySlug(lang: Language, slug: string): Environment | null {
  return environments(lang).find((e) => e.slug === slug) ?? null;
}
