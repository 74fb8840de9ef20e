import type { Language } from "../../../core/stores.ts";
import { ENVIRONMENTS } from "../../../core/environments.ts";

/** The four environments of the spec (/espacios/<slug>); any other slug is a 404. */
export const ENVIRONMENT_SLUGS = ENVIRONMENTS.map((e) => e.slug);

export type Environment = { slug: string; title: string; intro: string; illustration: string; refs: string[] };

/** The environments in the store's language (editorial data in core, not database rows). */
export function environments(lang: Language): Environment[] {
  return ENVIRONMENTS.map((e) => ({ slug: e.slug, title: e.title[lang], intro: e.intro[lang], illustration: e.illustration, refs: e.refs }));
}

export function environmentBySlug(lang: Language, slug: string): Environment | null {
  return environments(lang).find((e) => e.slug === slug) ?? null;
}
