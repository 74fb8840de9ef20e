import type { AttributeDto, ComplementDto, ComplementTypeDto, ProductDetail, ProductPageCatalog, TechnicalDatum } from "../../../core/catalog.types.ts";
import type { CfgAttribute, CfgComplement, CfgOption } from "../../../core/configurator.ts";
import { type Packed, pack } from "~/lib/packed";

/*
 * What the product page sends to the browser of the catalog's answers: what its first render,
 * its configurator and its meta tags read, nothing more (the page's loader data is serialised
 * into the document for hydration). The REST API keeps its full shapes.
 */

/** An attribute option as the configurator and its fields read it (the swatch colour included). */
export type OptionView = CfgOption & { color?: string };
export type AttributeView = Omit<CfgAttribute, "options"> & { unit?: string; options: OptionView[] };
export type ComplementView = Omit<CfgComplement, "attributes"> & { attributes: AttributeView[] };
/** The product without its card-only fields (badges, colours, card image, categories, collection, delivery days). */
export type ProductView = Pick<
  ProductDetail,
  | "id"
  | "ref"
  | "slug"
  | "path"
  | "name"
  | "short_description"
  | "description"
  | "seo"
  | "brand"
  | "prices"
  | "stock"
  | "rating"
  | "variant_id"
  | "variants"
  | "images"
  | "breadcrumbs"
  | "files"
  | "max_combined_measure"
  | "alternates"
>;

function optionView(o: AttributeDto["options"][number]): OptionView {
  const v: OptionView = {
    id: o.id,
    ref: o.ref,
    price: o.price,
    position: o.position,
    slug: o.slug,
    value_string: o.value_string,
    value_range_min: o.value_range_min,
    value_range_max: o.value_range_max,
    block_options: o.block_options,
    complements_locked: o.complements_locked,
  };
  if (o.color) v.color = o.color;
  return v;
}

export function attributeView(a: AttributeDto): AttributeView {
  const v: AttributeView = {
    id: a.id,
    slug: a.slug,
    name: a.name,
    field_type: a.field_type,
    aesthetic: a.aesthetic,
    group: a.group,
    position: a.position,
    range: a.range,
    options: a.options.map(optionView),
  };
  if (a.unit) v.unit = a.unit;
  return v;
}

export function complementView(c: ComplementDto): ComplementView {
  return {
    id: c.id,
    price: c.price,
    quantity: c.quantity,
    position: c.position,
    complement_type: c.complement_type,
    product: c.product ? { id: c.product.id, ref: c.product.ref, name: c.product.name } : null,
    attributes: c.attributes.map(attributeView),
    variants: c.variants.map((v) => ({ id: v.id, ref: v.ref, options: v.options, stock: v.stock, prices: v.prices })),
  };
}

export function productView(p: ProductDetail): ProductView {
  return {
    id: p.id,
    ref: p.ref,
    slug: p.slug,
    path: p.path,
    name: p.name,
    short_description: p.short_description,
    description: p.description,
    seo: p.seo,
    brand: p.brand,
    prices: p.prices,
    stock: p.stock,
    rating: p.rating,
    variant_id: p.variant_id,
    variants: p.variants,
    images: p.images,
    breadcrumbs: p.breadcrumbs,
    files: p.files,
    max_combined_measure: p.max_combined_measure,
    alternates: p.alternates,
  };
}

/**
 * Equal objects and arrays made one instance, the whole payload through: the configurator's many
 * equal pieces (the same prices on several variants, the same finish options on each complement,
 * empty lists, each complement's type) become one object each, which the packed text (below,
 * lib/packed.ts) writes once and references: 12.7 KB for the tray's catalog part instead of
 * 16.1 KB written out in full, and shared again in the object the render reads back.
 */
export function intern<T>(value: T): T {
  // Hash-consing: each distinct value gets a number, and an object's or array's key is made of
  // its children's numbers, so a key is as long as the node has children whatever lies below
  // (a key of the whole subtree's text made the walk quadratic in the depth).
  const ids = new Map<string, number>();
  const canon: unknown[] = [];
  const idOf = (key: string, make: () => unknown): number => {
    let id = ids.get(key);
    if (id === undefined) {
      id = canon.length;
      ids.set(key, id);
      canon.push(make());
    }
    return id;
  };
  const walk = (v: unknown): number => {
    if (v === null || typeof v !== "object") return idOf(typeof v === "string" ? `s${v}` : `${typeof v}:${String(v)}`, () => v);
    if (Array.isArray(v)) {
      const children = v.map(walk);
      return idOf(`[${children.join(",")}]`, () => children.map((id) => canon[id]));
    }
    const names: string[] = [];
    const children: number[] = [];
    let key = "{";
    for (const name in v) {
      const x = (v as Record<string, unknown>)[name];
      if (x === undefined || !Object.hasOwn(v, name)) continue;
      const id = walk(x);
      names.push(name);
      children.push(id);
      // The name's length first: a name may hold any character.
      key += `${name.length}${name}:${id},`;
    }
    return idOf(key, () => {
      const obj: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) obj[names[i]] = canon[children[i]];
      return obj;
    });
  };
  return canon[walk(value)] as T;
}

/** The page's catalog part as the loader sends it: views of the product, its attributes and complements, interned. */
export type CatalogPartView = {
  product: ProductView;
  attributes: AttributeView[];
  complements: ComplementView[];
  complementTypes: ComplementTypeDto[];
  technical: TechnicalDatum[];
};

/** The stock levels a page's catalog part holds, in order: the only part of it read fresh for every request. */
function stockKey(page: ProductPageCatalog): string {
  let key = `${page.product.stock}`;
  for (const v of page.product.variants) key += `,${v.stock}`;
  for (const c of page.complements) {
    key += ";";
    for (const v of c.variants) key += `,${v.stock}`;
  }
  return key;
}

const packs = new WeakMap<object, { stock: string; packed: Packed<CatalogPartView> }>();

/**
 * The page's catalog part as the loader sends it: its views, interned, packed (lib/packed.ts)
 * once per cached page and stock levels, so a request hands the serialiser one kept text. The
 * catalog's page cache hands out copies with fresh stock around the same cached attributes, whose
 * identity keys the packs: a catalog change makes a new entry (new attributes), a stock change a
 * new text. Only the text is kept (one byte a character, ~13 KB for a configurable tray): the
 * server's render parses it once per request, which costs a tenth of what the serialiser's walk of
 * the views did, and keeping the views besides the texts (decision 034 kept the views) held
 * ~25 MB more after the memory benchmark's 20,000 requests (decision 038).
 */
export function catalogPart(page: ProductPageCatalog): Packed<CatalogPartView> {
  const stock = stockKey(page);
  const kept = packs.get(page.attributes);
  if (kept?.stock === stock) return kept.packed;
  const view = intern({
    product: productView(page.product),
    attributes: page.attributes.map(attributeView),
    complements: page.complements.map(complementView),
    complementTypes: page.complementTypes,
    technical: page.technical,
  });
  const packed = pack(view, { keepValue: false });
  packs.set(page.attributes, { stock, packed });
  return packed;
}
