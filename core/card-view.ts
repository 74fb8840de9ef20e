import type { FilterDto, ProductCard } from "./catalog.types.ts";

/**
 * What a product card shows, and nothing more: the storefront's loaders send cards in this shape
 * (a listing's loader data is serialised into the page for hydration, once per card). Fields with
 * their default value are left out (no badge, no rating, one colour, one variant). A full
 * ProductCard of the API is one too, so any card renders either.
 */
export type CardView = {
  id: number;
  /** Left out when it is the name's path (`namePath`): read it with `cardPath`. */
  path?: string;
  name: string;
  brand: { name: string } | null;
  /**
   * The card's image. `alt` left out: the product's name, or the name, " - " and `altSuffix`
   * (the catalog's alt texts are "<name> - vista principal": the name is not sent twice, and
   * the suffix, the same on every card, is written once in the serialised data). `width` and
   * `height` left out: 800 (the catalog's main images).
   */
  image: { key: string; alt?: string; altSuffix?: string; width?: number; height?: number } | null;
  prices: { pvp_web: number; pvp_original?: number | null; pvp_professional?: number; professional_discount_bp?: number };
  /** Left out when in stock (the card marks only "out of stock": 0). */
  stock?: number;
  is_novelty?: boolean;
  is_offer?: boolean;
  is_settlement?: boolean;
  rating?: { average: number; count: number };
  colors?: { name: string; color: string }[];
  variant_count?: number;
};

/**
 * One object per distinct brand and colour list, shared by every card that has it: the loader
 * data's serialiser (turbo-stream) writes an object it has already written as a reference, so
 * 24 cards of trays in the same five colours carry the five colours once. Never mutated. A
 * bounded set (the catalog's brands and colour combinations), emptied if it ever grows past it.
 */
const SHARED_LIMIT = 2000;
const sharedValues = new Map<string, unknown>();
function shared<T>(key: string, make: () => T): T {
  let v = sharedValues.get(key) as T | undefined;
  if (v === undefined) {
    if (sharedValues.size >= SHARED_LIMIT) sharedValues.clear();
    v = make();
    sharedValues.set(key, v);
  }
  return v;
}

/**
 * The path a product's name gives: "/", the name in lower case without accents, each run of other
 * characters a "-", and ".html" ("Plato de ducha Bahía liso" -> "/plato-de-ducha-bahia-liso.html"),
 * the catalog's own rule for product slugs. Only a shortcut for the serialised data: the card
 * sends its real path whenever it is not this one.
 */
// Each card's path is checked against its name when its data is written and read again when it
// renders (Unicode normalisation and four regular expressions): one answer per name is kept,
// the whole map dropped past a few thousand names (catalog names: a bounded set).
const namePaths = new Map<string, string>();

export function namePath(name: string): string {
  let path = namePaths.get(name);
  if (path === undefined) {
    const slug = name
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
    path = `/${slug}.html`;
    if (namePaths.size >= 5000) namePaths.clear();
    namePaths.set(name, path);
  }
  return path;
}

/** A card's store-relative path ("/<slug>.html"), whether its data carried it or left it out. */
export const cardPath = (c: { path?: string; name: string }): string => c.path ?? namePath(c.name);

export function cardView(p: ProductCard): CardView {
  const brand = p.brand;
  const prices: CardView["prices"] = { pvp_web: p.prices.pvp_web };
  if (p.prices.pvp_original != null && p.prices.pvp_original > p.prices.pvp_web) prices.pvp_original = p.prices.pvp_original;
  if (p.prices.pvp_professional != null) {
    prices.pvp_professional = p.prices.pvp_professional;
    prices.professional_discount_bp = p.prices.professional_discount_bp;
  }
  const v: CardView = {
    id: p.id,
    name: p.name,
    brand: brand ? shared(`b:${brand.name}`, () => ({ name: brand.name })) : null,
    image: p.image ? imageView(p.name, p.image) : null,
    prices,
  };
  // ~60 bytes a card, the longest field after the name: 24 cards a listing, 40 on the home page.
  if (p.path !== namePath(p.name)) v.path = p.path;
  if (p.stock <= 0) v.stock = 0;
  if (p.is_novelty) v.is_novelty = true;
  if (p.is_offer) v.is_offer = true;
  if (p.is_settlement) v.is_settlement = true;
  if (p.rating.count > 0) v.rating = p.rating;
  if (p.colors.length > 1)
    v.colors = shared(`c:${p.colors.map((c) => `${c.name}=${c.color}`).join("|")}`, () => p.colors.map(({ name, color }) => ({ name, color })));
  if (p.variant_count > 1) v.variant_count = p.variant_count;
  return v;
}

const IMAGE_SIDE = 800;

function imageView(name: string, image: ProductCard["image"] & object): NonNullable<CardView["image"]> {
  const v: NonNullable<CardView["image"]> = { key: image.key };
  const prefix = `${name} - `;
  if (image.alt.startsWith(prefix)) v.altSuffix = image.alt.slice(prefix.length);
  else if (image.alt && image.alt !== name) v.alt = image.alt;
  if (image.width !== IMAGE_SIDE || image.height !== IMAGE_SIDE) {
    v.width = image.width;
    v.height = image.height;
  }
  return v;
}

/** A listing's filter as its panel shows it: the options without what only the API needs, no slug (the panel keys by id). */
export type FilterView = Omit<FilterDto, "options" | "slug"> & {
  options: { id: number; name: string; count: number; color?: string; hidden?: boolean }[];
};

export function filterView({ slug: _slug, ...f }: FilterDto): FilterView {
  return {
    ...f,
    // A range filter is shown as its slider and number inputs (its `range`): its options (the
    // bands "100 - 250 €", ...) are not shown and not sent.
    options: (f.filter_type === "range" ? [] : f.options).map((o) => {
      const v: FilterView["options"][number] = { id: o.id, name: o.name, count: o.count };
      if (o.color) v.color = o.color;
      if (o.hidden) v.hidden = true;
      return v;
    }),
  };
}
