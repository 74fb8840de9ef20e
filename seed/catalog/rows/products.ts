import { buildPdf, type PdfLine } from "../../media/pdf.ts";
import { type ProductArt, productSvg } from "../../media/illustrations.ts";
import { ATTRIBUTES, BRANDS, GROUPS, type T } from "../data.ts";
import type { FileType, ProductSpec } from "../families.ts";
import { shopPrice, slugify } from "../rng.ts";
import { DAY, type Gen, type Lang } from "./context.ts";

const FILE_NAMES: Record<FileType, T> = {
  data_sheet: { es: "Ficha técnica", fr: "Fiche technique" },
  assembly_sheet: { es: "Instrucciones de montaje", fr: "Notice de montage" },
  maintenance_sheet: { es: "Guía de mantenimiento", fr: "Guide d'entretien" },
  toilet_data_sheet: { es: "Ficha técnica del inodoro (cotas de instalación)", fr: "Fiche technique WC (cotes d'installation)" },
};

/** What the products built so far have taken: slugs per language, variant references, positions per category. */
type Taken = { slugs: Record<Lang, Set<string>>; variantRefs: Set<string>; catPositions: Map<number, number> };

/**
 * Every product of the specs with its variants, translations, categories, configuration,
 * technical data, images and PDF sheets. The random draws happen in the same order on every
 * run (flags, variant stock, then the product's dates, rating and prices), so the data is stable.
 */
export function addProducts(g: Gen, specs: ProductSpec[]) {
  const taken: Taken = { slugs: { es: new Set(), fr: new Set() }, variantRefs: new Set(), catPositions: new Map() };
  specs.forEach((spec, idx) => {
    addProduct(g, spec, idx, taken);
  });
}

function addProduct(g: Gen, spec: ProductSpec, idx: number, taken: Taken) {
  const { rows, rng, now, stores, productIdByRef, pools, inFr, brandId, collectionId, catId } = g;
  const day = DAY;
  const id = idx + 1;
  productIdByRef.set(spec.ref, id);
  if (spec.pool) pools.set(spec.pool, [...(pools.get(spec.pool) ?? []), id]);
  const isOffer = rng.chance(0.24);
  const isNovelty = rng.chance(0.16);
  const isSettlement = !isOffer && rng.chance(0.07);
  const outOfStock = rng.chance(0.06);
  const discount = 1 + rng.int(12, 35) / 100;
  // A product's rating is never invented: it comes from its reviews (seed/reviews.ts, kept by a
  // trigger, migration 0013). The generator used to draw one here: the draws are still made, in
  // the same places, and thrown away, so every later draw (prices, stock...) stays as it was.
  let ratingDraw = 0;
  const discardRating = () => {
    ratingDraw = rng.chance(0.85) ? rng.int(360, 500) : 0;
    return 0;
  };

  const { minPrice, maxPrice, fromOriginal, stock } = addVariants(g, spec, id, { isOffer, outOfStock, discount }, taken.variantRefs);
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
    ratingAvg: discardRating(),
    ratingCount: 0,
    professionalDiscountBp: rng.chance(0.65) ? rng.pick([500, 750, 1000, 1200, 1500]) : 0,
    salesCount: Math.floor(rng.next() ** 2 * 900),
    deliveryDaysMin: spec.delivery[0],
    deliveryDaysMax: spec.delivery[1],
    maxCombinedMeasure: spec.maxCombined ?? null,
    createdAt: new Date(now.getTime() - (isNovelty ? rng.int(1, 30) : rng.int(40, 900)) * day),
    active: true,
  });
  if (ratingDraw) rng.int(3, 240);

  // Complement products (seats, valves...) are sold in both stores; others in France about 6 in 10.
  if (spec.pool || rng.chance(0.6)) inFr.add(id);
  rows.productStores.push({ productId: id, storeId: stores.es });
  if (inFr.has(id)) rows.productStores.push({ productId: id, storeId: stores.fr });

  addTranslations(g, spec, id, taken.slugs);

  const cats = [...spec.cats, ...(isOffer ? ["offers"] : [])];
  for (const key of cats) {
    const cid = catId.get(key)!;
    const pos = taken.catPositions.get(cid) ?? 0;
    taken.catPositions.set(cid, pos + 1);
    rows.productCategories.push({ productId: id, categoryId: cid, position: pos });
  }

  addProductAttributes(g, spec, id);
  const tech = addTechnicalData(g, spec, id);
  const colorOptions = addProductImages(g, spec, id, idx);
  addProductFiles(g, spec, id, tech);
  g.productInfo.set(id, { spec, minPrice, maxPrice, colorOptions, isOffer, brand });
}

/** Variants: one per combination of colour/select options, less the blocked combinations. */
function addVariants(g: Gen, spec: ProductSpec, id: number, offer: { isOffer: boolean; outOfStock: boolean; discount: number }, variantRefs: Set<string>) {
  const { rows, rng, optionId, optionDef } = g;
  const { isOffer, outOfStock, discount } = offer;
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
    rows.variants.push({
      id: rows.variants.length + 1,
      productId: id,
      ref: vref,
      optionIds: combo.map((k) => optionId.get(k)!),
      pvpWeb: price,
      pvpOriginal: original,
      stock: vStock,
    });
    if (price < minPrice) {
      minPrice = price;
      fromOriginal = original;
    }
    maxPrice = Math.max(maxPrice, price);
  }
  return { minPrice, maxPrice, fromOriginal, stock };
}

function addTranslations(g: Gen, spec: ProductSpec, id: number, slugsTaken: Record<Lang, Set<string>>) {
  const { rows, langs } = g;
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
      seoDescription:
        `${spec.short[l]} ${l === "es" ? "Envío gratis desde 200 € y 3 años de garantía." : "Livraison offerte dès 200 €. Garantie 3 ans."}`.slice(0, 300),
    });
  }
}

/** The product's configuration: its attributes, their groups and the options it offers. */
function addProductAttributes(g: Gen, spec: ProductSpec, id: number) {
  const { rows, optionId, attrId, groupId } = g;
  spec.attrs.forEach((a, k) => {
    const def = ATTRIBUTES.find((x) => x.slug === a.attr)!;
    const optIds =
      def.field === "range" ? def.options.map((op) => optionId.get(`${a.attr}:${op.slug}`)!) : a.options!.map((s) => optionId.get(`${a.attr}:${s}`)!);
    rows.productAttributes.push({
      productId: id,
      attributeId: attrId.get(a.attr)!,
      groupId: a.group ? groupId.get(a.group)! : null,
      groupPosition: a.group ? GROUPS.findIndex((gr) => gr.slug === a.group) : 0,
      position: k,
      optionIds: optIds,
      rangeMin: a.range?.[0] ?? null,
      rangeMax: a.range?.[1] ?? null,
    });
  });
}

function addTechnicalData(g: Gen, spec: ProductSpec, id: number): [T, T][] {
  const { rows } = g;
  const tech: [T, T][] = [
    [
      { es: "Referencia", fr: "Référence" },
      { es: spec.ref, fr: spec.ref },
    ],
    [
      { es: "Marca", fr: "Marque" },
      { es: BRANDS.find((b) => b.slug === spec.brand)!.name, fr: BRANDS.find((b) => b.slug === spec.brand)!.name },
    ],
    ...spec.tech,
    [
      { es: "Plazo de entrega", fr: "Délai de livraison" },
      { es: `${spec.delivery[0]}-${spec.delivery[1]} días laborables`, fr: `${spec.delivery[0]}-${spec.delivery[1]} jours ouvrés` },
    ],
  ];
  tech.forEach(([label, value], k) => {
    rows.technicalData.push({ id: rows.technicalData.length + 1, productId: id, position: k, label, value });
  });
  return tech;
}

/** Images: the drawing in the first colour, the views (detail, room, sketch, 3D), and one per colour option. */
function addProductImages(g: Gen, spec: ProductSpec, id: number, idx: number): string[] {
  const { rows, images, optionId, optionDef } = g;
  const paintName = (attr: string, slug: string, l: Lang) => optionDef.get(optionId.get(`${attr}:${slug}`)!)!.name[l];
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
  if (colorOptions.length > 1)
    views.splice(1, 0, {
      view: "main",
      type: 100,
      slug: "main-2",
      alt: alt(`acabado ${paintName(colorAttr!.attr, colorOptions[1], "es")}`, `finition ${paintName(colorAttr!.attr, colorOptions[1], "fr")}`),
      art: paint(colorOptions[1]),
    });
  if (idx % 3 === 0) views.push({ view: "3d", type: 500, slug: "3d-1", alt: alt("vista 3D", "vue 3D"), art: first });
  views.forEach((v, k) => {
    const key = `p/${spec.ref}/${v.slug}`;
    const size = v.view === "environment" ? { w: 1200, h: 800 } : { w: 800, h: 800 };
    rows.productImages.push({
      id: rows.productImages.length + 1,
      productId: id,
      imageType: v.type,
      position: k,
      key,
      width: size.w,
      height: size.h,
      alt: v.alt,
      optionId: null,
    });
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
  return colorOptions;
}

/** PDF sheets (data sheet, assembly, maintenance), generated from the product's data. */
function addProductFiles(g: Gen, spec: ProductSpec, id: number, tech: [T, T][]) {
  const { rows, files } = g;
  for (const ft of spec.files) {
    const key = `${spec.ref.toLowerCase()}-${ft.replace(/_/g, "-")}`;
    rows.productFiles.push({ id: rows.productFiles.length + 1, productId: id, fileType: ft, name: FILE_NAMES[ft], key });
    files.push({ key, pdf: () => sheetPdf(spec, ft, tech, FILE_NAMES[ft]) });
  }
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
      lines.push({
        text:
          l === "es"
            ? "1. Comprueba el contenido del embalaje y que la superficie de apoyo esté nivelada."
            : "1. Vérifiez le contenu du colis et la planéité du support.",
        gap: 2,
      });
      lines.push({
        text:
          l === "es"
            ? "2. Presenta la pieza, marca los taladros o el perímetro y retírala."
            : "2. Présentez la pièce, marquez les perçages ou le pourtour puis retirez-la.",
      });
      lines.push({
        text:
          l === "es"
            ? "3. Conecta el desagüe o las tomas de agua antes de fijar la pieza definitivamente."
            : "3. Raccordez l'évacuation ou l'eau avant la fixation définitive.",
      });
      lines.push({
        text:
          l === "es"
            ? "4. Fija con la tornillería incluida y sella con silicona neutra. Espera 24 h antes del uso."
            : "4. Fixez avec la visserie fournie et scellez au silicone neutre. Attendez 24 h avant usage.",
      });
    } else if (type === "maintenance_sheet") {
      lines.push({
        text:
          l === "es"
            ? "Limpia con agua tibia y jabón neutro con un paño suave. No uses estropajos, lejía pura ni disolventes."
            : "Nettoyez à l'eau tiède et au savon neutre avec un chiffon doux. Pas d'éponge abrasive, d'eau de Javel pure ni de solvant.",
        gap: 2,
      });
      lines.push({
        text:
          l === "es"
            ? "Para la cal, vinagre diluido al 50 % una vez por semana y aclarado abundante."
            : "Contre le calcaire, vinaigre dilué à 50 % une fois par semaine, puis rinçage abondant.",
      });
    } else {
      lines.push({ text: spec.short[l], gap: 2 });
    }
    for (const [label, value] of tech) lines.push({ text: `${label[l]}: ${value[l]}` });
  }
  lines.push({ text: "", rule: true, gap: 10 });
  lines.push({ text: "Garantía 3 años / Garantie 3 ans - www.banodirecto.es", size: 9 });
  return buildPdf(`${title.es} - ${spec.name.es}`, lines);
}
