import type { ContentBlock } from "../../server/modules/content/content.schema.ts";

/** Short builders so the demo texts read like documents, not like JSON. */
export const h = (text: string): ContentBlock => ({ type: "heading", text });
export const p = (text: string): ContentBlock => ({ type: "paragraph", text });
export const ul = (...items: string[]): ContentBlock => ({ type: "list", items });
export const ol = (...items: string[]): ContentBlock => ({ type: "list", items, ordered: true });
export const tip = (title: string, text: string): ContentBlock => ({ type: "tip", title, text });
export const faq = (...items: [string, string][]): ContentBlock => ({ type: "faq", items: items.map(([q, a]) => ({ q, a })) });
export const steps = (...items: [string, string][]): ContentBlock => ({ type: "steps", items: items.map(([title, text]) => ({ title, text })) });
export const links = (...items: [string, string][]): ContentBlock => ({ type: "links", items: items.map(([label, url]) => ({ label, url })) });
export const figure = (illustration: string, caption: string): ContentBlock => ({ type: "figure", illustration, caption });
export const table = (caption: string, head: string[], rows: string[][]): ContentBlock => ({ type: "table", caption, head, rows });

export type SeedPage = {
  slug: string;
  kind: "legal" | "page" | "guide" | "measure" | "faq";
  title: string;
  metaDescription: string;
  intro: string;
  blocks: ContentBlock[];
};

/**
 * Who runs the shop, as shown in the legal pages. These are the demo company's details:
 * replace them with the real registry data (name, NIF, address, registry entry) before going live.
 */
export const COMPANY = {
  name: "BañoDirecto Soluciones, S.L.",
  address: "Calle de la Industria 14, 28823 Coslada (Madrid), España",
  registry: "Registro Mercantil de Madrid",
  esEmail: "hola@banodirecto.es",
  esPhone: "+34 910 00 00 00",
  frEmail: "bonjour@banodirecto.fr",
  dpoEmail: "privacidad@banodirecto.es",
};
