import type { FilterDto, ProductCard } from "./catalog.types.ts";

/**
 * What a product card shows, and nothing more: the storefront's loaders send cards in this shape
 * (a listing's loader data is serialised into the page for hydration, once per card). Fields with
 * their default value are left out (no badge, no rating, one colour, one variant). A full
 * ProductCard of the API is one too, so any card renders either.
 */
export type CardView = {
  id: number;
  path: string;
  name: string;
  brand: { name: string } | null;
  image: { key: string; alt: string; width: number; height: number } | null;
  prices: { pvp_web: number; pvp_original?: number | null; pvp_professional?: number; professional_discount_bp?: number };
  stock: number;
  is_novelty?: boolean;
  is_offer?: boolean;
  is_settlement?: boolean;
  rating?: { average: number; count: number };
  colors?: { name: string; color: string }[];
  variant_count?: number;
};

export function cardView(p: ProductCard): CardView {
  const prices: CardView["prices"] = { pvp_web: p.prices.pvp_web };
  if (p.prices.pvp_original != null && p.prices.pvp_original > p.prices.pvp_web) prices.pvp_original = p.prices.pvp_original;
  if (p.prices.pvp_professional != null) {
    prices.pvp_professional = p.prices.pvp_professional;
    prices.professional_discount_bp = p.prices.professional_discount_bp;
  }
  const v: CardView = {
    id: p.id,
    path: p.path,
    name: p.name,
    brand: p.brand ? { name: p.brand.name } : null,
    // The alt text is left out when it is the product's name (the card falls back to it).
    image: p.image ? { key: p.image.key, alt: p.image.alt === p.name ? "" : p.image.alt, width: p.image.width, height: p.image.height } : null,
    prices,
    stock: p.stock > 0 ? 1 : 0,
  };
  if (p.is_novelty) v.is_novelty = true;
  if (p.is_offer) v.is_offer = true;
  if (p.is_settlement) v.is_settlement = true;
  if (p.rating.count > 0) v.rating = p.rating;
  if (p.colors.length > 1) v.colors = p.colors;
  if (p.variant_count > 1) v.variant_count = p.variant_count;
  return v;
}

/** A listing's filter as its panel shows it: the options without what only the API needs. */
export type FilterView = Omit<FilterDto, "options"> & {
  options: { id: number; name: string; count: number; color?: string; hidden?: boolean }[];
};

export function filterView(f: FilterDto): FilterView {
  return {
    ...f,
    options: f.options.map((o) => {
      const v: FilterView["options"][number] = { id: o.id, name: o.name, count: o.count };
      if (o.color) v.color = o.color;
      if (o.hidden) v.hidden = true;
      return v;
    }),
  };
}
