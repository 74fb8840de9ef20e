/**
 * Turns the demo catalog data into table rows (ids assigned here, so rows can reference each
 * other without round trips) plus the media to write: SVG originals and PDF sheets.
 * Pure and deterministic apart from dates, which are relative to `now`.
 */
import type * as S from "../../server/modules/catalog/catalog.schema.ts";
import { bannerSvg, brandLogoSvg, CATEGORY_ART, categorySvg, complementTypeSvg, type ProductArt, type ProductKind, productSvg } from "../../server/modules/media/illustrations.ts";
import { buildPdf, type PdfLine } from "../../server/modules/media/pdf.ts";
import { ATTRIBUTES, BRANDS, CATEGORIES, COMPLEMENT_TYPES, type Family, GROUPS, type OptionDef, type T } from "./data.ts";
import { ENVIRONMENTS } from "./environments.ts";
import { buildSpecs, type FileType, type ProductSpec } from "./families.ts";
import { createRng, shopPrice, slugify } from "./rng.ts";

type Ins<X extends { $inferInsert: unknown }> = X["$inferInsert"];
type Lang = "es" | "fr";
export type StoreIds = { es: number; fr: number };

export type CatalogRows = {
  brands: Ins<typeof S.brands>[];
  brandCollections: Ins<typeof S.brandCollections>[];
  brandBanners: Ins<typeof S.brandBanners>[];
  categories: Ins<typeof S.categories>[];
  categoryTranslations: Ins<typeof S.categoryTranslations>[];
  categoryStores: Ins<typeof S.categoryStores>[];
  categoryBanners: Ins<typeof S.categoryBanners>[];
  categoryLinks: Ins<typeof S.categoryLinks>[];
  attributes: Ins<typeof S.attributes>[];
  attributeOptions: Ins<typeof S.attributeOptions>[];
  configurationGroups: Ins<typeof S.configurationGroups>[];
  complementTypes: Ins<typeof S.complementTypes>[];
  products: Ins<typeof S.products>[];
  productTranslations: Ins<typeof S.productTranslations>[];
  productStores: Ins<typeof S.productStores>[];
  productCategories: Ins<typeof S.productCategories>[];
  productImages: Ins<typeof S.productImages>[];
  productFiles: Ins<typeof S.productFiles>[];
  technicalData: Ins<typeof S.technicalData>[];
  productAttributes: Ins<typeof S.productAttributes>[];
  variants: Ins<typeof S.variants>[];
  complements: Ins<typeof S.complements>[];
  filters: Ins<typeof S.filters>[];
  filterOptions: Ins<typeof S.filterOptions>[];
  productFilterOptions: Ins<typeof S.productFilterOptions>[];
  productFilterRanges: Ins<typeof S.productFilterRanges>[];
  homeSliders: Ins<typeof S.homeSliders>[];
  homeBanners: Ins<typeof S.homeBanners>[];
  storeHighlights: Ins<typeof S.storeHighlights>[];
  seoTexts: Ins<typeof S.seoTexts>[];
};

export type MediaJob = { key: string; svg: () => string };
export type FileJob = { key: string; pdf: () => Buffer };
export type Catalog = { rows: CatalogRows; images: MediaJob[]; files: FileJob[] };

const FILE_NAMES: Record<FileType, T> = {
  data_sheet: { es: "Ficha técnica", fr: "Fiche technique" },
  assembly_sheet: { es: "Instrucciones de montaje", fr: "Notice de montage" },
  maintenance_sheet: { es: "Guía de mantenimiento", fr: "Guide d'entretien" },
  toilet_data_sheet: { es: "Ficha técnica del inodoro (cotas de instalación)", fr: "Fiche technique WC (cotes d'installation)" },
};

const COLOR_ATTR: Record<Family, string> = {
  tray: "color-plato",
  screen: "color-perfil",
  toilet: "color-sanitario",
  bathtub: "color-sanitario",
  furniture: "acabado-mueble",
  washbasin: "color-sanitario",
  tap: "acabado-grifo",
  mirror: "color-marco",
  accessory: "acabado-grifo",
};

type FilterDef = {
  slug: string;
  name: T;
  type: "range" | "bool" | "options";
  unit?: string;
  source: "price" | "brand" | "offer" | "color" | "facet";
  options?: { slug: string; name: T; image?: string; range?: [number, number]; hidden?: boolean }[];
};

const o = (slug: string, es: string, fr: string, image?: string) => ({ slug, name: { es, fr }, image });
const rangeOpts = (unit: string, bounds: number[]) =>
  bounds.slice(0, -1).map((min, i) => ({ slug: `${min}-${bounds[i + 1]}`, name: { es: `${min} - ${bounds[i + 1]} ${unit}`, fr: `${min} - ${bounds[i + 1]} ${unit}` }, range: [min, bounds[i + 1]] as [number, number] }));

const PRICE: FilterDef = { slug: "precio", name: { es: "Precio", fr: "Prix" }, type: "range", unit: "€", source: "price", options: rangeOpts("€", [0, 100, 250, 500, 1000, 2500]) };
const BRAND: FilterDef = { slug: "marca", name: { es: "Marca", fr: "Marque" }, type: "options", source: "brand" };
const OFFER: FilterDef = { slug: "en-oferta", name: { es: "En oferta", fr: "En promotion" }, type: "bool", source: "offer" };
const COLOR: FilterDef = { slug: "color", name: { es: "Color", fr: "Couleur" }, type: "options", source: "color" };
const bool = (slug: string, es: string, fr: string): FilterDef => ({ slug, name: { es, fr }, type: "bool", source: "facet" });
const range = (slug: string, es: string, fr: string, bounds: number[]): FilterDef => ({ slug, name: { es, fr }, type: "range", unit: "cm", source: "facet", options: rangeOpts("cm", bounds) });
const opts = (slug: string, es: string, fr: string, options: FilterDef["options"]): FilterDef => ({ slug, name: { es, fr }, type: "options", source: "facet", options });

const FAMILY_FILTERS: Record<Family | "offers", FilterDef[]> = {
  tray: [
    range("ancho", "Ancho", "Largeur", [60, 70, 80, 90, 100, 120]),
    range("largo", "Largo", "Longueur", [70, 100, 120, 140, 160, 180, 220]),
    PRICE,
    COLOR,
    opts("textura", "Textura", "Texture", [o("pizarra", "Pizarra", "Ardoise"), o("lisa", "Lisa", "Lisse")]),
    BRAND,
    OFFER,
    bool("antideslizante", "Antideslizante", "Antidérapant"),
    bool("a-medida", "A medida", "Sur mesure"),
  ],
  screen: [
    opts("tipo", "Tipo", "Type", [
      o("frontal", "Frontal", "Frontale", "c/mamparas-frontales"),
      o("angular", "Angular", "D'angle", "c/mamparas-angulares"),
      o("semicircular", "Semicircular", "Semi-circulaire", "c/mamparas-semicirculares"),
      o("banera", "De bañera", "Pare-baignoire", "c/mamparas-de-banera"),
    ]),
    range("ancho", "Ancho", "Largeur", [70, 90, 120, 160]),
    PRICE,
    COLOR,
    opts("grosor", "Grosor del cristal", "Épaisseur du verre", [o("6-mm", "6 mm", "6 mm"), o("8-mm", "8 mm", "8 mm")]),
    BRAND,
    OFFER,
  ],
  toilet: [
    opts("tipo", "Tipo", "Type", [o("suelo", "De suelo", "À poser"), o("suspendido", "Suspendido", "Suspendu"), o("compacto", "Compacto", "Compact"), o("asiento", "Asientos", "Abattants")]),
    PRICE,
    COLOR,
    bool("sin-brida", "Sin brida", "Sans bride"),
    opts("salida", "Salida", "Sortie", [o("horizontal", "Horizontal", "Horizontale"), o("vertical", "Vertical", "Verticale"), { ...o("dual", "Dual", "Double"), hidden: true }]),
    BRAND,
    OFFER,
  ],
  bathtub: [
    opts("tipo", "Tipo", "Type", [o("exenta", "Exenta", "Îlot"), o("empotrada", "Empotrable", "Encastrable"), o("hidromasaje", "Hidromasaje", "Balnéo")]),
    range("largo", "Largo", "Longueur", [150, 160, 170, 180]),
    PRICE,
    COLOR,
    opts("material", "Material", "Matériau", [o("acrilico", "Acrílico", "Acrylique"), o("solid-surface", "Solid surface", "Solid surface"), o("fundicion-mineral", "Fundición mineral", "Fonte minérale")]),
    BRAND,
    OFFER,
  ],
  furniture: [
    opts("estilo", "Estilo", "Style", [
      o("moderno", "Moderno", "Moderne", "c/muebles-de-bano-modernos"),
      o("vintage", "Vintage", "Vintage", "c/muebles-de-bano-vintage"),
      o("rustico", "Rústico", "Rustique", "c/muebles-de-bano-rusticos"),
      o("industrial", "Industrial", "Industriel", "c/muebles-de-bano-estilo-industrial"),
    ]),
    range("ancho", "Ancho", "Largeur", [30, 60, 80, 100, 120]),
    PRICE,
    COLOR,
    opts("instalacion", "Instalación", "Installation", [o("suspendido", "Suspendido", "Suspendu"), o("con-patas", "Con patas", "Sur pieds")]),
    bool("con-lavabo", "Con lavabo", "Avec vasque"),
    BRAND,
    OFFER,
  ],
  washbasin: [
    opts("tipo", "Tipo", "Type", [o("sobre-encimera", "Sobre encimera", "À poser"), o("suspendido", "Suspendido", "Suspendu")]),
    range("ancho", "Ancho", "Largeur", [40, 50, 60]),
    PRICE,
    COLOR,
    opts("material", "Material", "Matériau", [o("ceramica", "Cerámica", "Céramique"), o("piedra", "Piedra natural", "Pierre naturelle"), o("solid-surface", "Solid surface", "Solid surface")]),
    opts("forma", "Forma", "Forme", [o("redondo", "Redondo", "Rond"), o("rectangular", "Rectangular", "Rectangulaire")]),
    BRAND,
    OFFER,
  ],
  tap: [
    opts("tipo", "Tipo", "Type", [o("lavabo", "Lavabo", "Lavabo"), o("columna", "Columna de ducha", "Colonne de douche"), o("banera", "Bañera", "Bain-douche")]),
    PRICE,
    COLOR,
    bool("termostatico", "Termostático", "Thermostatique"),
    BRAND,
    OFFER,
  ],
  mirror: [
    range("ancho", "Ancho", "Largeur", [60, 80, 100, 120]),
    PRICE,
    COLOR,
    opts("forma", "Forma", "Forme", [o("redondo", "Redondo", "Rond"), o("rectangular", "Rectangular", "Rectangulaire")]),
    bool("led", "Con luz LED", "Avec LED"),
    BRAND,
    OFFER,
  ],
  accessory: [
    opts("tipo", "Tipo", "Type", [
      o("valvula", "Válvulas", "Bondes"),
      o("rejilla", "Rejillas", "Grilles"),
      o("patas", "Patas", "Pieds"),
      o("toallero", "Toalleros", "Sèche-serviettes"),
      o("dispensador", "Dispensadores", "Distributeurs"),
    ]),
    PRICE,
    COLOR,
    BRAND,
    OFFER,
  ],
  offers: [PRICE, BRAND],
};

/** Builds every row of the demo catalog for the two stores. */
export function generateCatalog(stores: StoreIds, now = new Date()): Catalog {
  const rng = createRng(20240611);
  const day = 86_400_000;
  const rows: CatalogRows = {
    brands: [],
    brandCollections: [],
    brandBanners: [],
    categories: [],
    categoryTranslations: [],
    categoryStores: [],
    categoryBanners: [],
    categoryLinks: [],
    attributes: [],
    attributeOptions: [],
    configurationGroups: [],
    complementTypes: [],
    products: [],
    productTranslations: [],
    productStores: [],
    productCategories: [],
    productImages: [],
    productFiles: [],
    technicalData: [],
    productAttributes: [],
    variants: [],
    complements: [],
    filters: [],
    filterOptions: [],
    productFilterOptions: [],
    productFilterRanges: [],
    homeSliders: [],
    homeBanners: [],
    storeHighlights: [],
    seoTexts: [],
  };
  const images: MediaJob[] = [];
  const files: FileJob[] = [];
  const langs: Lang[] = ["es", "fr"];
  const storeOf = (l: Lang) => stores[l];
  const prefix = (l: Lang) => (l === "es" ? "" : "/fr");

  // ---- brands and collections
  const brandId = new Map<string, number>();
  const collectionId = new Map<string, number>();
  BRANDS.forEach((b, i) => {
    const id = i + 1;
    brandId.set(b.slug, id);
    rows.brands.push({ id, slug: b.slug, name: b.name, description: b.description, country: b.country, color: b.color, position: i, active: true });
    images.push({ key: `brand/${b.slug}`, svg: () => brandLogoSvg(b.name, b.color) });
    for (const c of b.collections) {
      const cid = rows.brandCollections.length + 1;
      collectionId.set(c.slug, cid);
      rows.brandCollections.push({ id: cid, brandId: id, slug: c.slug, name: c.name, description: c.description, position: rows.brandCollections.length });
    }
  });

  // ---- categories
  const catId = new Map<string, number>();
  const catDef = new Map(CATEGORIES.map((c) => [c.key, c]));
  for (const [i, c] of CATEGORIES.entries()) catId.set(c.key, i + 1);
  CATEGORIES.forEach((c, i) => {
    const id = i + 1;
    rows.categories.push({
      id,
      parentId: c.parent ? catId.get(c.parent)! : null,
      position: i,
      illustration: c.illustration,
      animations: c.key === "offers" ? { enabled: true, kind: "pulse" } : { enabled: false },
      active: true,
    });
    const parent = c.parent ? catDef.get(c.parent)! : undefined;
    for (const l of langs) {
      const name = c.name[l];
      const seoText =
        c.seo?.[l] ??
        (l === "es"
          ? `En la sección de ${name.toLowerCase()} reunimos los modelos que mejor funcionan en reformas reales, dentro de nuestra gama de ${parent?.name.es.toLowerCase() ?? "baño"}. Cada ficha incluye medidas exactas, materiales, instrucciones de montaje en PDF y plazo de entrega; si dudas entre dos modelos, nuestro equipo te asesora por teléfono o chat antes de la compra. Envío gratuito a península y devolución en 14 días.`
          : `Dans la rubrique ${name.toLowerCase()}, nous réunissons les modèles qui fonctionnent le mieux en rénovation, au sein de notre gamme ${parent?.name.fr.toLowerCase() ?? "salle de bain"}. Chaque fiche indique les dimensions exactes, les matériaux, la notice de montage en PDF et le délai de livraison. Retour sous 14 jours.`);
      rows.categoryTranslations.push({
        categoryId: id,
        language: l,
        slug: c[l],
        name,
        h1: l === "es" ? `${name} online al mejor precio` : `${name} au meilleur prix`,
        seoTitle: l === "es" ? `${name} | Compra online con envío gratis | BañoDirecto` : `${name} | Achat en ligne | BañoDirecto`,
        seoDescription:
          l === "es"
            ? `Compra ${name.toLowerCase()} con envío gratis, 3 años de garantía y devolución en 14 días. Fichas técnicas, medidas y asesoramiento de expertos.`
            : `Achetez vos ${name.toLowerCase()} : garantie 3 ans, retour sous 14 jours, fiches techniques et conseils d'experts.`,
        seoText,
        originSeo: null,
      });
    }
    for (const l of langs) rows.categoryStores.push({ categoryId: id, storeId: storeOf(l), inMenu: !c.parent && c.key !== "offers" });
    const art = CATEGORY_ART[c.illustration] ?? CATEGORY_ART.shower_tray;
    const tileArt = c.key.startsWith("furniture-") && c.key !== "furniture-sink" && c.key !== "furniture-columns" ? { ...art, style: c.key.includes("vintage") ? "vintage" : c.key.includes("rustic") ? "rustic" : c.key.includes("industrial") ? "industrial" : "modern" } : art;
    const tile = subcategoryArt(c.key) ?? tileArt;
    for (const l of langs) images.push({ key: `c/${c[l]}`, svg: () => categorySvg(tile as ProductArt, c.tint) });
  });

  // ---- configuration: groups, attributes, options, complement types
  GROUPS.forEach((g, i) => {
  rows.configurationGroups.push({ id: i + 1, slug: g.slug, name: g.name });
});
  const groupId = new Map(GROUPS.map((g, i) => [g.slug, i + 1]));
  const attrId = new Map<string, number>();
  const optionId = new Map<string, number>();
  const optionDef = new Map<number, OptionDef & { attr: string }>();
  let optSeq = 0;
  ATTRIBUTES.forEach((a, i) => {
    attrId.set(a.slug, i + 1);
    a.options.forEach((op) => {
      optSeq++;
      optionId.set(`${a.slug}:${op.slug}`, optSeq);
      optionDef.set(optSeq, { ...op, attr: a.slug });
    });
  });
  const ctId = new Map(COMPLEMENT_TYPES.map((c, i) => [c.slug, i + 1]));
  COMPLEMENT_TYPES.forEach((c, i) => {
    rows.complementTypes.push({ id: i + 1, slug: c.slug, name: c.name, position: i, img: c.img });
    const kind: ProductKind | "installation" =
      c.slug === "valvula" ? "drain_valve" : c.slug === "rejilla" ? "grate" : c.slug === "asiento" ? "toilet_seat" : c.slug === "patas" ? "legs" : c.slug === "espejo" ? "mirror" : "installation";
    images.push({ key: c.img, svg: () => complementTypeSvg(kind) });
  });
  ATTRIBUTES.forEach((a, i) => {
    rows.attributes.push({ id: i + 1, src: a.src, slug: a.slug, name: a.name, fieldType: a.field, translate: a.translate ?? true, aesthetic: a.aesthetic ?? false, unit: a.unit ?? null });
    a.options.forEach((op, k) => {
      const id = optionId.get(`${a.slug}:${op.slug}`)!;
      rows.attributeOptions.push({
        id,
        attributeId: i + 1,
        ref: op.ref,
        price: op.price ?? 0,
        position: k,
        slug: op.slug,
        valueString: op.name,
        valueNumeric: op.numeric ?? null,
        valueRangeMin: op.range?.[0] ?? null,
        valueRangeMax: op.range?.[1] ?? null,
        poolPosition: a.aesthetic ? k : 0,
        // Sizes drawn on the sketch in this order (largest last).
        positionSketch: a.field === "select" && a.unit === "cm" ? k + 1 : 0,
        blockOptions: (op.blocks ?? []).map((b) => optionId.get(b)!).filter(Boolean),
        complementsLocked: (op.locks ?? []).map((l) => ctId.get(l)!).filter(Boolean),
        color: op.color ?? null,
      });
    });
  });

  // ---- products
  const specs = buildSpecs(rng);
  const slugsTaken: Record<Lang, Set<string>> = { es: new Set(), fr: new Set() };
  const variantRefs = new Set<string>();
  const productIdByRef = new Map<string, number>();
  const pools = new Map<string, number[]>();
  const inFr = new Set<number>();
  const catPositions = new Map<number, number>();
  const productInfo = new Map<number, { spec: ProductSpec; minPrice: number; maxPrice: number; colorOptions: string[]; isOffer: boolean; brand: number }>();
  let complementSeq = 0;

  specs.forEach((spec, idx) => {
    const id = idx + 1;
    productIdByRef.set(spec.ref, id);
    if (spec.pool) pools.set(spec.pool, [...(pools.get(spec.pool) ?? []), id]);
    const isOffer = rng.chance(0.24);
    const isNovelty = rng.chance(0.16);
    const isSettlement = !isOffer && rng.chance(0.07);
    const outOfStock = rng.chance(0.06);
    const discount = 1 + rng.int(12, 35) / 100;

    // Variants: one per combination of colour/select options, less the blocked combinations.
    const variantAttrs = spec.attrs.filter((a) => {
      const def = ATTRIBUTES.find((x) => x.slug === a.attr)!;
      return (def.field === "color" || def.field === "select") && a.options?.length;
    });
    let combos: string[][] = [[]];
    for (const a of variantAttrs) combos = combos.flatMap((c) => a.options!.map((op) => [...c, `${a.attr}:${op}`]));
    combos = combos.filter((c) => {
      const ids = c.map((k) => optionId.get(k)!);
      return !ids.some((i) => (optionDef.get(i)!.blocks ?? []).some((b) => ids.includes(optionId.get(b)!)));
    });
    let minPrice = Number.POSITIVE_INFINITY;
    let maxPrice = 0;
    let fromOriginal: number | null = null;
    let stock = 0;
    for (const combo of combos) {
      const chosen = Object.fromEntries(combo.map((k) => k.split(":") as [string, string]));
      const price = shopPrice(spec.price(chosen));
      const original = isOffer ? shopPrice(price * discount) : null;
      const vStock = outOfStock ? 0 : rng.chance(0.12) ? 0 : rng.int(2, 60);
      stock += vStock;
      let vref = [spec.ref, ...combo.map((k) => optionDef.get(optionId.get(k)!)!.ref)].join("-");
      while (variantRefs.has(vref)) vref += "X";
      variantRefs.add(vref);
      rows.variants.push({ id: rows.variants.length + 1, productId: id, ref: vref, optionIds: combo.map((k) => optionId.get(k)!), pvpWeb: price, pvpOriginal: original, stock: vStock });
      if (price < minPrice) {
        minPrice = price;
        fromOriginal = original;
      }
      maxPrice = Math.max(maxPrice, price);
    }
    const brand = brandId.get(spec.brand)!;
    rows.products.push({
      id,
      ref: spec.ref,
      brandId: brand,
      collectionId: spec.collection ? collectionId.get(spec.collection)! : null,
      mainCategoryId: catId.get(spec.cats[0])!,
      productType: spec.kind,
      pvpWeb: minPrice,
      pvpOriginal: fromOriginal,
      stock,
      isNovelty,
      isOffer,
      isSettlement,
      offerEndsAt: isOffer ? new Date(now.getTime() + rng.int(7, 40) * day) : null,
      noveltyUntil: isNovelty ? new Date(now.getTime() + rng.int(20, 90) * day) : null,
      ratingAvg: rng.chance(0.85) ? rng.int(360, 500) : 0,
      ratingCount: 0,
      professionalDiscountBp: rng.chance(0.65) ? rng.pick([500, 750, 1000, 1200, 1500]) : 0,
      salesCount: Math.floor(rng.next() ** 2 * 900),
      deliveryDaysMin: spec.delivery[0],
      deliveryDaysMax: spec.delivery[1],
      maxCombinedMeasure: spec.maxCombined ?? null,
      createdAt: new Date(now.getTime() - (isNovelty ? rng.int(1, 30) : rng.int(40, 900)) * day),
      active: true,
    });
    const p = rows.products[rows.products.length - 1];
    p.ratingCount = p.ratingAvg ? rng.int(3, 240) : 0;

    // Complement products (seats, valves...) are sold in both stores; others in France about 6 in 10.
    if (spec.pool || rng.chance(0.6)) inFr.add(id);
    rows.productStores.push({ productId: id, storeId: stores.es });
    if (inFr.has(id)) rows.productStores.push({ productId: id, storeId: stores.fr });

    for (const l of langs) {
      let slug = slugify(spec.name[l]);
      if (slugsTaken[l].has(slug)) slug = `${slug}-${spec.ref.toLowerCase()}`;
      slugsTaken[l].add(slug);
      rows.productTranslations.push({
        productId: id,
        language: l,
        slug,
        name: spec.name[l],
        shortDescription: spec.short[l],
        description: spec.desc[l],
        seoTitle: l === "es" ? `${spec.name.es} | BañoDirecto` : `${spec.name.fr} | BañoDirecto`,
        seoDescription: `${spec.short[l]} ${l === "es" ? "Envío gratis y 3 años de garantía." : "Garantie 3 ans."}`.slice(0, 300),
      });
    }

    const cats = [...spec.cats, ...(isOffer ? ["offers"] : [])];
    for (const key of cats) {
      const cid = catId.get(key)!;
      const pos = catPositions.get(cid) ?? 0;
      catPositions.set(cid, pos + 1);
      rows.productCategories.push({ productId: id, categoryId: cid, position: pos });
    }

    // Configuration of this product.
    spec.attrs.forEach((a, k) => {
      const def = ATTRIBUTES.find((x) => x.slug === a.attr)!;
      const optIds = def.field === "range" ? def.options.map((op) => optionId.get(`${a.attr}:${op.slug}`)!) : a.options!.map((s) => optionId.get(`${a.attr}:${s}`)!);
      rows.productAttributes.push({
        productId: id,
        attributeId: attrId.get(a.attr)!,
        groupId: a.group ? groupId.get(a.group)! : null,
        groupPosition: a.group ? GROUPS.findIndex((g) => g.slug === a.group) : 0,
        position: k,
        optionIds: optIds,
        rangeMin: a.range?.[0] ?? null,
        rangeMax: a.range?.[1] ?? null,
      });
    });

    // Technical data.
    const tech: [T, T][] = [
      [{ es: "Referencia", fr: "Référence" }, { es: spec.ref, fr: spec.ref }],
      [{ es: "Marca", fr: "Marque" }, { es: BRANDS.find((b) => b.slug === spec.brand)!.name, fr: BRANDS.find((b) => b.slug === spec.brand)!.name }],
      ...spec.tech,
      [{ es: "Plazo de entrega", fr: "Délai de livraison" }, { es: `${spec.delivery[0]}-${spec.delivery[1]} días laborables`, fr: `${spec.delivery[0]}-${spec.delivery[1]} jours ouvrés` }],
    ];
    tech.forEach(([label, value], k) => {
  rows.technicalData.push({ id: rows.technicalData.length + 1, productId: id, position: k, label, value });
});

    // Images: the drawing in the first colour, plus one per colour option.
    const colorAttr = spec.attrs.find((a) => ATTRIBUTES.find((x) => x.slug === a.attr)!.aesthetic);
    const colorOptions = colorAttr?.options ?? [];
    const paint = (slug?: string): ProductArt => {
      if (!slug || !colorAttr) return spec.art;
      const c = optionDef.get(optionId.get(`${colorAttr.attr}:${slug}`)!)!.color!;
      return { ...spec.art, [spec.colorRole]: c };
    };
    const first = paint(colorOptions[0]);
    const name = spec.name;
    const alt = (es: string, fr: string): T => ({ es: `${name.es} - ${es}`, fr: `${name.fr} - ${fr}` });
    const views: { view: "main" | "detail" | "environment" | "sketch" | "3d"; type: number; slug: string; alt: T; art: ProductArt }[] = [
      { view: "main", type: 100, slug: "main-1", alt: alt("vista principal", "vue principale"), art: first },
      { view: "detail", type: 200, slug: "detail-1", alt: alt("detalle", "détail"), art: first },
      { view: "environment", type: 300, slug: "env-1", alt: alt("ambiente", "ambiance"), art: first },
      { view: "sketch", type: 400, slug: "sketch-1", alt: alt("croquis con medidas", "croquis coté"), art: first },
    ];
    if (colorOptions.length > 1) views.splice(1, 0, { view: "main", type: 100, slug: "main-2", alt: alt(`acabado ${paintName(colorAttr!.attr, colorOptions[1], "es")}`, `finition ${paintName(colorAttr!.attr, colorOptions[1], "fr")}`), art: paint(colorOptions[1]) });
    if (idx % 3 === 0) views.push({ view: "3d", type: 500, slug: "3d-1", alt: alt("vista 3D", "vue 3D"), art: first });
    views.forEach((v, k) => {
      const key = `p/${spec.ref}/${v.slug}`;
      const size = v.view === "environment" ? { w: 1200, h: 800 } : { w: 800, h: 800 };
      rows.productImages.push({ id: rows.productImages.length + 1, productId: id, imageType: v.type, position: k, key, width: size.w, height: size.h, alt: v.alt, optionId: null });
      images.push({ key, svg: () => productSvg(v.art, v.view, id) });
    });
    colorOptions.forEach((slug, k) => {
      const key = `p/${spec.ref}/opt-${slug}`;
      const oid = optionId.get(`${colorAttr!.attr}:${slug}`)!;
      rows.productImages.push({
        id: rows.productImages.length + 1,
        productId: id,
        imageType: 600,
        position: views.length + k,
        key,
        width: 800,
        height: 800,
        alt: alt(paintName(colorAttr!.attr, slug, "es"), paintName(colorAttr!.attr, slug, "fr")),
        optionId: oid,
      });
      const art = paint(slug);
      images.push({ key, svg: () => productSvg(art, "option") });
    });

    // PDF sheets.
    for (const ft of spec.files) {
      const key = `${spec.ref.toLowerCase()}-${ft.replace(/_/g, "-")}`;
      rows.productFiles.push({ id: rows.productFiles.length + 1, productId: id, fileType: ft, name: FILE_NAMES[ft], key });
      files.push({ key, pdf: () => sheetPdf(spec, ft, tech, FILE_NAMES[ft]) });
    }

    productInfo.set(id, { spec, minPrice, maxPrice, colorOptions, isOffer, brand });
  });

  // ---- complements (after every product exists, so pools are complete)
  const crng = createRng(77);
  for (const [id, info] of productInfo) {
    let pos = 0;
    for (const c of info.spec.complements ?? []) {
      const pool = crng.shuffle(pools.get(c.pool) ?? []).slice(0, c.count);
      for (const target of pool) {
        complementSeq++;
        rows.complements.push({
          id: `c-${complementSeq}`,
          productId: id,
          complementTypeId: ctId.get(c.type)!,
          complementProductId: target,
          price: productInfo.get(target)!.minPrice,
          quantity: c.type === "patas" ? 1 : 1,
          position: pos++,
        });
      }
    }
  }
  // The installation service and its facility wizard (spec §9: 2000 cents reservation fee) on every
  // product a fitter installs. Complement ids are unique per product, so each carries both special ids;
  // the catalog service hides them in stores without the installation service (France).
  const INSTALLABLE = new Set<Family>(["tray", "screen", "toilet", "bathtub", "furniture", "washbasin"]);
  for (const [id, info] of productInfo) {
    if (info.spec.pool || !INSTALLABLE.has(info.spec.family)) continue;
    rows.complements.push({ id: "installation-complement", productId: id, complementTypeId: ctId.get("instalacion")!, complementProductId: null, price: 2000, quantity: 1, position: 90 });
    rows.complements.push({ id: "facility", productId: id, complementTypeId: ctId.get("instalacion")!, complementProductId: null, price: 0, quantity: 1, position: 91 });
  }
  rows.products.find((p) => p.id === productIdByRef.get("PD-RE-001")!)!.salesCount = 1500;

  // ---- filters and facets, per category with products
  const productsByCat = new Map<number, number[]>();
  for (const pc of rows.productCategories) productsByCat.set(pc.categoryId, [...(productsByCat.get(pc.categoryId) ?? []), pc.productId]);
  for (const c of CATEGORIES) {
    const cid = catId.get(c.key)!;
    const members = productsByCat.get(cid) ?? [];
    if (!members.length) continue;
    const family = c.family ?? "offers";
    FAMILY_FILTERS[family].forEach((f, k) => {
      const fid = rows.filters.length + 1;
      rows.filters.push({ id: fid, categoryId: cid, name: f.name, slug: f.slug, filterType: f.type, categoryFilterPosition: k, unit: f.unit ?? null });
      const addOption = (slug: string, name: T, extra: Partial<Ins<typeof S.filterOptions>> = {}) => {
        const oid = rows.filterOptions.length + 1;
        rows.filterOptions.push({ id: oid, filterId: fid, name, slug, image: null, color: null, valueRangeMin: null, valueRangeMax: null, position: rows.filterOptions.filter((x) => x.filterId === fid).length, hidden: false, ...extra });
        return oid;
      };
      if (f.type === "range") {
        for (const op of f.options ?? []) addOption(op.slug, op.name, { valueRangeMin: op.range![0], valueRangeMax: op.range![1] });
        for (const pid of members) {
          const info = productInfo.get(pid)!;
          const r =
            f.source === "price" ? ([Math.floor(info.minPrice / 100), Math.ceil(info.maxPrice / 100)] as [number, number]) : (info.spec.facets[f.slug] as [number, number] | undefined);
          if (r) rows.productFilterRanges.push({ productId: pid, filterId: fid, min: r[0], max: r[1] });
        }
      } else if (f.type === "bool") {
        const oid = addOption("si", { es: "Sí", fr: "Oui" });
        for (const pid of members) {
          const info = productInfo.get(pid)!;
          const yes = f.source === "offer" ? info.isOffer : info.spec.facets[f.slug] === true;
          if (yes) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
        }
      } else if (f.source === "brand") {
        const present = [...new Set(members.map((pid) => productInfo.get(pid)!.brand))].sort((a, b) => a - b);
        for (const b of present) {
          const def = BRANDS[b - 1];
          const oid = addOption(def.slug, { es: def.name, fr: def.name }, { image: `brand/${def.slug}`, color: def.color });
          for (const pid of members) if (productInfo.get(pid)!.brand === b) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
        }
      } else if (f.source === "color") {
        const attr = COLOR_ATTR[family as Family];
        const def = ATTRIBUTES.find((a) => a.slug === attr)!;
        for (const op of def.options) {
          const having = members.filter((pid) => {
            const info = productInfo.get(pid)!;
            return COLOR_ATTR[info.spec.family] === attr && info.colorOptions.includes(op.slug);
          });
          if (!having.length) continue;
          const oid = addOption(op.slug, op.name, { color: op.color ?? null });
          for (const pid of having) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
        }
      } else {
        for (const op of f.options ?? []) {
          const oid = addOption(op.slug, op.name, { image: op.image ?? null, hidden: op.hidden ?? false });
          for (const pid of members) {
            const v = productInfo.get(pid)!.spec.facets[f.slug];
            if (Array.isArray(v) && (v as unknown[]).includes(op.slug)) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
          }
        }
      }
    });
  }

  // ---- merchandising per store
  const catPath = (key: string, l: Lang) => `${prefix(l)}/${catDef.get(key)![l]}/`;
  const bestSellers = [...rows.products].sort((a, b) => (b.salesCount ?? 0) - (a.salesCount ?? 0));
  const sliderDefs: { title: T; subtitle: T; cta: T; url: (l: Lang) => string; arts: ProductArt[]; theme: "light" | "dark"; tint: string }[] = [
    {
      title: { es: "Platos de ducha a medida", fr: "Receveurs sur mesure" },
      subtitle: { es: "Textura pizarra, corte al centímetro y entrega en una semana", fr: "Effet ardoise, découpe au centimètre, livrés en une semaine" },
      cta: { es: "Configurar mi plato", fr: "Configurer mon receveur" },
      url: (l) => catPath("trays-custom", l),
      arts: [CATEGORY_ART.shower_tray, { kind: "shower_screen_frontal", color: "#fff", accent: "#2a2a2c" }, { kind: "shower_column", color: "#fff", accent: "#2a2a2c" }],
      theme: "light",
      tint: "#8fb3c2",
    },
    {
      title: { es: "Muebles de baño con carácter", fr: "Des meubles de salle de bain de caractère" },
      subtitle: { es: "Moderno, vintage, rústico o industrial: elige tu estilo", fr: "Moderne, vintage, rustique ou industriel : à vous de choisir" },
      cta: { es: "Ver muebles", fr: "Voir les meubles" },
      url: (l) => catPath("furniture", l),
      arts: [{ kind: "vanity", color: "#8fa48a", accent: "#c8a45a", style: "vintage" }, { kind: "mirror", color: "#fff", accent: "#c8a45a", shape: "round" }, { kind: "cabinet_column", color: "#8fa48a", accent: "#c8a45a" }],
      theme: "dark",
      tint: "#5b7f6e",
    },
    {
      title: { es: "Hasta un 35 % en bañeras y mamparas", fr: "Jusqu'à -35 % sur baignoires et parois" },
      subtitle: { es: "Ofertas por tiempo limitado con envío gratis", fr: "Offres à durée limitée" },
      cta: { es: "Ver ofertas", fr: "Voir les promotions" },
      url: (l) => `${prefix(l)}/ofertas`,
      arts: [{ kind: "bathtub_freestanding", color: "#f7f7f5", accent: "#c8a45a" }, { kind: "shower_screen_angular", color: "#fff", accent: "#c8a45a" }, { kind: "tap_basin", color: "#fff", accent: "#c8a45a" }],
      theme: "light",
      tint: "#e0a98f",
    },
  ];
  const bannerDefs: { title: T; subtitle: T; url: (l: Lang) => string; art: ProductArt; tint: string }[] = [
    { title: { es: "Mamparas de 8 mm", fr: "Parois de 8 mm" }, subtitle: { es: "Perfiles negro mate y oro", fr: "Profilés noir mat et or" }, url: (l) => catPath("screens", l), art: { kind: "shower_screen_frontal", color: "#fff", accent: "#c8a45a" }, tint: "#a9cbd6" },
    { title: { es: "Inodoros sin brida", fr: "WC sans bride" }, subtitle: { es: "Más higiene, menos limpieza", fr: "Plus d'hygiène, moins d'entretien" }, url: (l) => catPath("toilets-rimless", l), art: { kind: "toilet_wall", color: "#f7f7f5", accent: "#2a2a2c" }, tint: "#c3ccd4" },
    { title: { es: "Espejos LED", fr: "Miroirs LED" }, subtitle: { es: "Con antivaho opcional", fr: "Antibuée en option" }, url: (l) => catPath("mirrors-led", l), art: { kind: "mirror", color: "#fff", accent: "#2a2a2c", led: true, shape: "rect" }, tint: "#cfe0e6" },
    { title: { es: "Grifería negro mate", fr: "Robinetterie noir mat" }, subtitle: { es: "Latón macizo y cartucho cerámico", fr: "Laiton massif, cartouche céramique" }, url: (l) => catPath("taps", l), art: { kind: "shower_column", color: "#fff", accent: "#2a2a2c" }, tint: "#c8cdd2" },
  ];
  for (const l of langs) {
    const storeId = storeOf(l);
    sliderDefs.forEach((s, i) => {
      const id = rows.homeSliders.length + 1;
      const key = `b/slider-${id}`;
      rows.homeSliders.push({ id, storeId, title: s.title[l], subtitle: s.subtitle[l], cta: s.cta[l], url: s.url(l), illustration: key, theme: s.theme, position: i });
      images.push({ key, svg: () => bannerSvg(s.arts, s.theme, s.tint, id) });
    });
    bannerDefs.forEach((b, i) => {
      const id = rows.homeBanners.length + 1;
      const key = `b/home-${id}`;
      rows.homeBanners.push({ id, storeId, title: b.title[l], subtitle: b.subtitle[l], url: b.url(l), illustration: key, position: i });
      images.push({ key, svg: () => bannerSvg([b.art], "light", b.tint, id + 100) });
    });
    const catBanners: { cat: string | null; title: T; subtitle: T; url: (l: Lang) => string; art: ProductArt; tint: string; grid: number }[] = [
      { cat: "trays", title: { es: "¿No encuentras tu medida?", fr: "Pas votre dimension ?" }, subtitle: { es: "Te lo cortamos al centímetro", fr: "Nous le découpons au centimètre" }, url: (x) => catPath("trays-custom", x), art: CATEGORY_ART.shower_tray, tint: "#b9c7cf", grid: 4 },
      { cat: "screens", title: { es: "Cómo medir tu mampara", fr: "Mesurer sa paroi de douche" }, subtitle: { es: "Guía paso a paso", fr: "Guide pas à pas" }, url: (x) => `${prefix(x)}/como-medir-una-mampara`, art: { kind: "shower_screen_angular", color: "#fff", accent: "#2a2a2c" }, tint: "#a9cbd6", grid: 6 },
      { cat: "furniture", title: { es: "Muebles vintage", fr: "Meubles vintage" }, subtitle: { es: "Molduras y latón", fr: "Moulures et laiton" }, url: (x) => catPath("furniture-vintage", x), art: { kind: "vanity", color: "#8fa48a", accent: "#c8a45a", style: "vintage" }, tint: "#b9c9b5", grid: 4 },
      { cat: null, title: { es: "Envío gratis y 3 años de garantía", fr: "Garantie 3 ans" }, subtitle: { es: "En todos los productos", fr: "Sur tous les produits" }, url: (x) => `${prefix(x)}/quienes-somos`, art: { kind: "bathtub_freestanding", color: "#f7f7f5", accent: "#c9ced3" }, tint: "#d6cfc4", grid: 10 },
    ];
    for (const b of catBanners) {
      const id = rows.categoryBanners.length + 1;
      const key = `b/cat-${id}`;
      rows.categoryBanners.push({ id, storeId, categoryId: b.cat ? catId.get(b.cat)! : null, title: b.title[l], subtitle: b.subtitle[l], url: b.url(l), illustration: key, gridPosition: b.grid });
      images.push({ key, svg: () => bannerSvg([b.art], "light", b.tint, id + 200) });
    }
    BRANDS.slice(0, 10).forEach((b, i) => {
      const id = rows.brandBanners.length + 1;
      const key = `b/brand-${id}`;
      const sample = specs.find((s) => s.brand === b.slug);
      rows.brandBanners.push({
        id,
        brandId: brandId.get(b.slug)!,
        storeId,
        title: l === "es" ? `Descubre ${b.name}` : `Découvrez ${b.name}`,
        subtitle: b.description[l].split(".")[0],
        url: `${prefix(l)}/marcas/${b.slug}`,
        illustration: key,
        position: i,
      });
      images.push({ key, svg: () => bannerSvg(sample ? [sample.art] : [CATEGORY_ART.bathtub], i % 2 ? "dark" : "light", b.color, id + 300) });
    });
    // Highlights: main categories, best sellers sold in this store, brands.
    ["trays", "screens", "toilets", "furniture", "bathtubs", "taps"].forEach((k, i) => {
  rows.storeHighlights.push({ id: rows.storeHighlights.length + 1, storeId, kind: "category", targetId: catId.get(k)!, position: i });
});
    bestSellers
      .filter((p) => l === "es" || inFr.has(p.id!))
      .filter((p) => !productInfo.get(p.id!)!.spec.pool)
      .slice(0, 12)
      .forEach((p, i) => {
  rows.storeHighlights.push({ id: rows.storeHighlights.length + 1, storeId, kind: "product", targetId: p.id!, position: i });
});
    BRANDS.slice(0, 8).forEach((b, i) => {
  rows.storeHighlights.push({ id: rows.storeHighlights.length + 1, storeId, kind: "supplier", targetId: brandId.get(b.slug)!, position: i });
});
    for (const page of SEO_PAGES) rows.seoTexts.push({ id: rows.seoTexts.length + 1, storeId, page: page.page, title: page.title[l], body: page.body[l] });
  }
  // Wide pictures of the environments (espacios): their first products in one room.
  for (const env of ENVIRONMENTS) {
    const arts = env.refs.map((r) => specs.find((x) => x.ref === r)?.art).filter((a): a is ProductArt => !!a);
    images.push({ key: env.illustration, svg: () => bannerSvg(arts.slice(0, 3), "light", "#d8cfc2", env.slug.length * 31) });
  }
  // Quick links above listings: the subcategories and the buying guide of each main category.
  for (const c of CATEGORIES.filter((x) => !x.parent && x.key !== "offers")) {
    const subs = CATEGORIES.filter((x) => x.parent === c.key);
    for (const l of langs) {
      subs.slice(0, 4).forEach((s, i) => {
  rows.categoryLinks.push({ id: rows.categoryLinks.length + 1, categoryId: catId.get(c.key)!, language: l, label: s.name[l], url: catPath(s.key, l), position: i });
});
      const guide = c.key === "trays" ? "/como-elegir-tu-plato-de-ducha-15" : c.key === "screens" ? "/como-medir-una-mampara" : c.key === "bathtubs" ? "/como-elegir-baneras-de-hidromasaje-16" : null;
      if (guide) rows.categoryLinks.push({ id: rows.categoryLinks.length + 1, categoryId: catId.get(c.key)!, language: l, label: l === "es" ? "Guía de compra" : "Guide d'achat", url: `${prefix(l)}${guide}`, position: 9 });
    }
  }
  return { rows, images, files };

  function paintName(attr: string, slug: string, l: Lang) {
    return optionDef.get(optionId.get(`${attr}:${slug}`)!)!.name[l];
  }
}

/** Category tiles of sub-categories show the sub-family (angular screen, wall-hung toilet...). */
function subcategoryArt(key: string): ProductArt | undefined {
  const m: Record<string, ProductArt> = {
    "trays-slate": { kind: "shower_tray", color: "#3d3f42", accent: "#c9ced3", texture: "slate" },
    "trays-resin": { kind: "shower_tray", color: "#f1efe9", accent: "#c9ced3", texture: "smooth" },
    "trays-custom": { kind: "shower_tray", color: "#d6c4a1", accent: "#c9ced3", texture: "slate" },
    "screens-front": { kind: "shower_screen_frontal", color: "#fff", accent: "#c9ced3" },
    "screens-angle": { kind: "shower_screen_angular", color: "#fff", accent: "#2a2a2c" },
    "screens-semi": { kind: "shower_screen_semicircular", color: "#fff", accent: "#c9ced3" },
    "screens-bath": { kind: "bath_screen", color: "#fff", accent: "#c9ced3" },
    "toilets-wall": { kind: "toilet_wall", color: "#f7f7f5", accent: "#c9ced3" },
    "toilets-compact": { kind: "toilet_compact", color: "#f7f7f5", accent: "#c9ced3" },
    "toilets-seats": { kind: "toilet_seat", color: "#f7f7f5", accent: "#c9ced3" },
    "bathtubs-built": { kind: "bathtub_builtin", color: "#f7f7f5", accent: "#c9ced3" },
    "bathtubs-spa": { kind: "bathtub_whirlpool", color: "#f7f7f5", accent: "#c9ced3" },
    "furniture-columns": { kind: "cabinet_column", color: "#b58a5a", accent: "#2a2a2c" },
    "washbasins-wall": { kind: "washbasin_wall", color: "#f7f7f5", accent: "#c9ced3" },
    "taps-column": { kind: "shower_column", color: "#fff", accent: "#2a2a2c" },
    "taps-bath": { kind: "tap_bath", color: "#fff", accent: "#c9ced3" },
    "mirrors-round": { kind: "mirror", color: "#fff", accent: "#c8a45a", shape: "round" },
    "mirrors-led": { kind: "mirror", color: "#fff", accent: "#2a2a2c", shape: "rect", led: true },
    "acc-drains": { kind: "grate", color: "#fff", accent: "#c9ced3" },
  };
  return m[key];
}

function sheetPdf(spec: ProductSpec, type: FileType, tech: [T, T][], title: T): Buffer {
  const lines: PdfLine[] = [
    { text: "BañoDirecto", size: 10, bold: true },
    { text: `${title.es} / ${title.fr}`, size: 18, bold: true, gap: 8 },
    { text: `${spec.name.es} (${spec.ref})`, size: 13, bold: true, gap: 4 },
    { text: spec.name.fr, size: 11 },
    { text: "", rule: true, gap: 6 },
  ];
  for (const l of ["es", "fr"] as const) {
    lines.push({ text: l === "es" ? "Español" : "Français", size: 12, bold: true, gap: 8 });
    if (type === "assembly_sheet") {
      lines.push({ text: l === "es" ? "1. Comprueba el contenido del embalaje y que la superficie de apoyo esté nivelada." : "1. Vérifiez le contenu du colis et la planéité du support.", gap: 2 });
      lines.push({ text: l === "es" ? "2. Presenta la pieza, marca los taladros o el perímetro y retírala." : "2. Présentez la pièce, marquez les perçages ou le pourtour puis retirez-la." });
      lines.push({ text: l === "es" ? "3. Conecta el desagüe o las tomas de agua antes de fijar la pieza definitivamente." : "3. Raccordez l'évacuation ou l'eau avant la fixation définitive." });
      lines.push({ text: l === "es" ? "4. Fija con la tornillería incluida y sella con silicona neutra. Espera 24 h antes del uso." : "4. Fixez avec la visserie fournie et scellez au silicone neutre. Attendez 24 h avant usage." });
    } else if (type === "maintenance_sheet") {
      lines.push({ text: l === "es" ? "Limpia con agua tibia y jabón neutro con un paño suave. No uses estropajos, lejía pura ni disolventes." : "Nettoyez à l'eau tiède et au savon neutre avec un chiffon doux. Pas d'éponge abrasive, d'eau de Javel pure ni de solvant.", gap: 2 });
      lines.push({ text: l === "es" ? "Para la cal, vinagre diluido al 50 % una vez por semana y aclarado abundante." : "Contre le calcaire, vinaigre dilué à 50 % une fois par semaine, puis rinçage abondant." });
    } else {
      lines.push({ text: spec.short[l], gap: 2 });
    }
    for (const [label, value] of tech) lines.push({ text: `${label[l]}: ${value[l]}` });
  }
  lines.push({ text: "", rule: true, gap: 10 });
  lines.push({ text: "Garantía 3 años / Garantie 3 ans - www.banodirecto.es", size: 9 });
  return buildPdf(`${title.es} - ${spec.name.es}`, lines);
}

const SEO_PAGES: { page: string; title: T; body: T }[] = [
  {
    page: "home",
    title: { es: "Tu tienda online de baño", fr: "Votre boutique de salle de bain en ligne" },
    body: {
      es: "En BañoDirecto vendemos todo lo necesario para reformar el baño: platos de ducha de resina a medida, mamparas, inodoros, bañeras, muebles, lavabos, grifería y espejos. Trabajamos con fabricantes de España, Portugal, Italia y Francia, enviamos gratis a península y ofrecemos servicio de instalación en las principales provincias.",
      fr: "BañoDirecto vend tout le nécessaire pour rénover la salle de bain : receveurs sur mesure, parois de douche, WC, baignoires, meubles, vasques, robinetterie et miroirs, de fabricants espagnols, portugais, italiens et français.",
    },
  },
  {
    page: "ofertas",
    title: { es: "Ofertas en productos de baño", fr: "Promotions salle de bain" },
    body: {
      es: "Descuentos reales con el precio anterior tachado y fecha de fin visible. Las ofertas se renuevan cada semana y el stock es limitado.",
      fr: "De vraies remises avec le prix précédent barré et une date de fin visible. Renouvelées chaque semaine, stock limité.",
    },
  },
  {
    page: "novedades",
    title: { es: "Novedades", fr: "Nouveautés" },
    body: {
      es: "Los últimos productos que hemos incorporado al catálogo: nuevos colores de platos de ducha, muebles de estilo japandi y grifería en oro cepillado.",
      fr: "Les derniers produits arrivés au catalogue : nouvelles couleurs de receveurs, meubles japandi et robinetterie or brossé.",
    },
  },
  {
    page: "rebajas",
    title: { es: "Rebajas y liquidación", fr: "Soldes et déstockage" },
    body: {
      es: "Últimas unidades y fin de series a precio de liquidación. Mismos tres años de garantía y devolución en 14 días.",
      fr: "Dernières pièces et fins de série à prix de déstockage, avec la même garantie de trois ans.",
    },
  },
  {
    page: "black-friday",
    title: { es: "Black Friday en BañoDirecto", fr: "Black Friday chez BañoDirecto" },
    body: {
      es: "Durante el Black Friday rebajamos platos de ducha, mamparas e inodoros. Los precios se aplican hasta el lunes siguiente a medianoche o hasta agotar existencias.",
      fr: "Pendant le Black Friday, receveurs, parois et WC baissent de prix jusqu'au lundi suivant minuit ou épuisement des stocks.",
    },
  },
  {
    page: "marcas",
    title: { es: "Nuestras marcas", fr: "Nos marques" },
    body: {
      es: "Seleccionamos fabricantes con producción propia y repuestos disponibles durante al menos diez años. Conoce cada marca, su país de origen y sus colecciones.",
      fr: "Nous sélectionnons des fabricants qui produisent eux-mêmes et assurent les pièces détachées au moins dix ans.",
    },
  },
];
