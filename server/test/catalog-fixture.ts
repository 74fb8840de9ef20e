import type { Db } from "../db/client.ts";
import {
  attributeOptions,
  attributes,
  brandBanners,
  brandCollections,
  brands,
  categories,
  categoryBanners,
  categoryLinks,
  categoryStores,
  categoryTranslations,
  complements,
  complementTypes,
  configurationGroups,
  filterOptions,
  filters,
  homeBanners,
  homeSliders,
  productAttributes,
  productCategories,
  productFilterOptions,
  productFilterRanges,
  productImages,
  productStores,
  productTranslations,
  products,
  seoTexts,
  storeHighlights,
  technicalData,
  variants,
} from "../modules/catalog/catalog.schema.ts";

type Tr = { slug: string; name: string };

/**
 * A small, hand-made catalog for the catalog tests (independent of the demo seed): two stores'
 * worth of categories, products with facets, variants, complements and merchandising.
 * Returns the ids the tests need.
 */
export async function buildCatalogFixture(db: Db, storeIds: { es: number; fr: number }) {
  const { es, fr } = storeIds;
  const [aqua, norte] = await db
    .insert(brands)
    .values([
      { slug: "aqua-luxe", name: "Aqua Luxe", description: { es: "Baños de diseño", fr: "Salles de bain design" }, country: "ES", position: 1 },
      { slug: "ceramica-norte", name: "Cerámica Norte", description: { es: "Cerámica sanitaria", fr: "Céramique sanitaire" }, country: "ES", position: 2 },
    ])
    .returning();
  const [stone] = await db
    .insert(brandCollections)
    .values([{ brandId: aqua.id, slug: "coleccion-stone", name: "Stone", description: { es: "Efecto piedra", fr: "Effet pierre" } }])
    .returning();

  async function category(
    parentId: number | null,
    position: number,
    esTr: Tr,
    frTr: Tr | null,
    illustration: string,
    opts: { frStore?: boolean; originSeo?: string } = {},
  ) {
    const [c] = await db.insert(categories).values({ parentId, position, illustration }).returning();
    const trs = [
      {
        categoryId: c.id,
        language: "es",
        slug: esTr.slug,
        name: esTr.name,
        h1: esTr.name,
        seoTitle: `${esTr.name} | Tienda`,
        seoDescription: `Compra ${esTr.name}`,
        seoText: "",
        originSeo: opts.originSeo ?? null,
      },
    ];
    if (frTr)
      trs.push({
        categoryId: c.id,
        language: "fr",
        slug: frTr.slug,
        name: frTr.name,
        h1: frTr.name,
        seoTitle: `${frTr.name} | Boutique`,
        seoDescription: `Achetez ${frTr.name}`,
        seoText: "",
        originSeo: null,
      });
    await db.insert(categoryTranslations).values(trs);
    await db
      .insert(categoryStores)
      .values([{ categoryId: c.id, storeId: es }, ...(opts.frStore === false || !frTr ? [] : [{ categoryId: c.id, storeId: fr }])]);
    return c.id;
  }
  const trays = await category(
    null,
    1,
    { slug: "platos-de-ducha", name: "Platos de ducha" },
    { slug: "receveurs-de-douche", name: "Receveurs de douche" },
    "shower_tray",
  );
  const resin = await category(
    trays,
    1,
    { slug: "platos-de-ducha-de-resina", name: "Platos de ducha de resina" },
    { slug: "receveurs-de-douche-en-resine", name: "Receveurs en résine" },
    "shower_tray",
  );
  const screens = await category(
    null,
    2,
    { slug: "mamparas-de-ducha", name: "Mamparas de ducha" },
    { slug: "parois-de-douche", name: "Parois de douche" },
    "shower_screen",
  );
  const toilets = await category(null, 3, { slug: "inodoros", name: "Inodoros" }, { slug: "wc", name: "WC" }, "toilet");
  const hung = await category(
    toilets,
    1,
    { slug: "inodoros-suspendidos", name: "Inodoros suspendidos" },
    { slug: "wc-suspendus", name: "WC suspendus" },
    "toilet",
  );
  const tubs = await category(null, 4, { slug: "baneras", name: "Bañeras" }, { slug: "baignoires", name: "Baignoires" }, "bathtub");
  const basins = await category(null, 5, { slug: "lavabos", name: "Lavabos" }, { slug: "vasques", name: "Vasques" }, "basin");
  const accessories = await category(
    null,
    6,
    { slug: "accesorios-de-bano", name: "Accesorios" },
    { slug: "accessoires-salle-de-bain", name: "Accessoires" },
    "accessory",
  );
  const esOnly = await category(null, 7, { slug: "reformas-completas", name: "Reformas completas" }, null, "bathroom");
  const mirror = await category(null, 8, { slug: "platos-de-ducha-baratos", name: "Platos de ducha baratos" }, null, "shower_tray", {
    originSeo: "/platos-de-ducha/",
  });

  // Filters of the shower trays (inherited by the resin subcategory).
  const [fColor, fWidth, fNonSlip] = await db
    .insert(filters)
    .values([
      { categoryId: trays, name: { es: "Color", fr: "Couleur" }, slug: "color", filterType: "options", categoryFilterPosition: 1 },
      { categoryId: trays, name: { es: "Ancho", fr: "Largeur" }, slug: "ancho", filterType: "range", categoryFilterPosition: 2, unit: "cm" },
      { categoryId: trays, name: { es: "Antideslizante", fr: "Antidérapant" }, slug: "antideslizante", filterType: "bool", categoryFilterPosition: 3 },
    ])
    .returning();
  const [oWhite, oBlack, oGrey, oNonSlip] = await db
    .insert(filterOptions)
    .values([
      { filterId: fColor.id, name: { es: "Blanco", fr: "Blanc" }, slug: "blanco", color: "#ffffff", position: 1 },
      { filterId: fColor.id, name: { es: "Negro", fr: "Noir" }, slug: "negro", color: "#111111", position: 2 },
      { filterId: fColor.id, name: { es: "Gris", fr: "Gris" }, slug: "gris", color: "#888888", position: 3 },
      { filterId: fNonSlip.id, name: { es: "Sí", fr: "Oui" }, slug: "si", position: 1 },
    ])
    .returning();

  type P = {
    ref: string;
    es: Tr & { short?: string };
    fr?: Tr;
    cats: number[];
    brand?: number;
    price: number;
    original?: number;
    sales: number;
    rating?: [number, number];
    flags?: { novelty?: boolean; offer?: boolean; settlement?: boolean };
    days: number;
    bp?: number;
    stores?: ("es" | "fr")[];
    active?: boolean;
    type: string;
    collection?: number;
  };
  const now = Date.now();
  async function product(p: P) {
    const [row] = await db
      .insert(products)
      .values({
        ref: p.ref,
        brandId: p.brand ?? null,
        collectionId: p.collection ?? null,
        mainCategoryId: p.cats[0],
        productType: p.type,
        pvpWeb: p.price,
        pvpOriginal: p.original ?? null,
        isNovelty: p.flags?.novelty ?? false,
        isOffer: p.flags?.offer ?? false,
        isSettlement: p.flags?.settlement ?? false,
        ratingAvg: p.rating?.[0] ?? 0,
        ratingCount: p.rating?.[1] ?? 0,
        professionalDiscountBp: p.bp ?? 0,
        salesCount: p.sales,
        stock: 10,
        createdAt: new Date(now - p.days * 86_400_000),
        active: p.active ?? true,
      })
      .returning();
    const trs = [
      {
        productId: row.id,
        language: "es",
        slug: p.es.slug,
        name: p.es.name,
        shortDescription: p.es.short ?? "",
        description: `${p.es.name}. Fabricado con materiales de calidad.`,
        seoTitle: p.es.name,
        seoDescription: p.es.name,
      },
    ];
    if (p.fr)
      trs.push({
        productId: row.id,
        language: "fr",
        slug: p.fr.slug,
        name: p.fr.name,
        shortDescription: "",
        description: `${p.fr.name}. Fabriqué avec des matériaux de qualité.`,
        seoTitle: p.fr.name,
        seoDescription: p.fr.name,
      });
    await db.insert(productTranslations).values(trs);
    const st = p.stores ?? (p.fr ? ["es", "fr"] : ["es"]);
    await db.insert(productStores).values(st.map((s) => ({ productId: row.id, storeId: storeIds[s] })));
    await db.insert(productCategories).values(p.cats.map((c, i) => ({ productId: row.id, categoryId: c, position: i })));
    return row.id;
  }

  const trayWhite = await product({
    ref: "PD-RES-BL",
    es: { slug: "plato-de-ducha-resina-pizarra-blanco", name: "Plato de ducha de resina pizarra blanco", short: "Textura pizarra" },
    fr: { slug: "receveur-de-douche-resine-ardoise-blanc", name: "Receveur de douche en résine effet ardoise blanc" },
    cats: [resin],
    brand: aqua.id,
    collection: stone.id,
    price: 19900,
    original: 24900,
    sales: 50,
    rating: [450, 10],
    flags: { offer: true },
    days: 30,
    bp: 1000,
    type: "shower_tray",
  });
  const trayBlack = await product({
    ref: "PD-RES-NE",
    es: { slug: "plato-de-ducha-resina-pizarra-negro", name: "Plato de ducha de resina pizarra negro" },
    fr: { slug: "receveur-de-douche-resine-ardoise-noir", name: "Receveur de douche en résine effet ardoise noir" },
    cats: [resin],
    brand: aqua.id,
    collection: stone.id,
    price: 21900,
    original: 23900,
    sales: 80,
    rating: [480, 4],
    flags: { offer: true },
    days: 20,
    bp: 1500,
    type: "shower_tray",
  });
  const trayGrey = await product({
    ref: "PD-EXT-GR",
    es: { slug: "plato-de-ducha-extraplano-gris", name: "Plato de ducha extraplano gris" },
    fr: { slug: "receveur-de-douche-extraplat-gris", name: "Receveur de douche extraplat gris" },
    cats: [trays],
    brand: norte.id,
    price: 15900,
    sales: 10,
    rating: [480, 30],
    flags: { novelty: true, settlement: true },
    days: 1,
    type: "shower_tray",
  });
  const trayEsOnly = await product({
    ref: "PD-CAR-BL",
    es: { slug: "plato-de-ducha-carga-mineral-blanco", name: "Plato de ducha de carga mineral blanco" },
    cats: [trays],
    brand: norte.id,
    price: 12900,
    sales: 5,
    days: 60,
    type: "shower_tray",
  });
  const trayInactive = await product({
    ref: "PD-OLD",
    es: { slug: "plato-de-ducha-descatalogado", name: "Plato de ducha descatalogado" },
    fr: { slug: "receveur-ancien", name: "Receveur ancien" },
    cats: [trays],
    price: 9900,
    sales: 999,
    days: 400,
    type: "shower_tray",
    active: false,
  });
  const screen = await product({
    ref: "MA-FR-NE",
    es: { slug: "mampara-de-ducha-frontal-negra", name: "Mampara de ducha frontal negra" },
    fr: { slug: "paroi-de-douche-frontale-noire", name: "Paroi de douche frontale noire" },
    cats: [screens],
    brand: aqua.id,
    price: 34900,
    sales: 40,
    days: 10,
    type: "shower_screen",
  });
  const toiletHung = await product({
    ref: "IN-SUS-01",
    es: { slug: "inodoro-suspendido-compacto", name: "Inodoro suspendido compacto" },
    fr: { slug: "wc-suspendu-compact", name: "WC suspendu compact" },
    cats: [hung],
    brand: norte.id,
    price: 18900,
    sales: 70,
    days: 15,
    type: "toilet",
  });
  const toiletFloor = await product({
    ref: "IN-TAN-01",
    es: { slug: "inodoro-de-tanque-bajo", name: "Inodoro de tanque bajo" },
    fr: { slug: "wc-a-poser", name: "WC à poser réservoir attenant" },
    cats: [toilets],
    brand: norte.id,
    price: 14900,
    sales: 30,
    days: 25,
    type: "toilet",
  });
  const tub = await product({
    ref: "BA-ISL-01",
    es: { slug: "banera-exenta-isla", name: "Bañera exenta isla ovalada" },
    fr: { slug: "baignoire-ilot-ovale", name: "Baignoire îlot ovale" },
    cats: [tubs],
    brand: aqua.id,
    price: 89900,
    sales: 3,
    rating: [500, 2],
    days: 5,
    flags: { novelty: true },
    type: "bathtub",
  });
  const basin = await product({
    ref: "LA-CER-01",
    es: { slug: "lavabo-ceramica-sobre-encimera", name: "Lavabo de cerámica sobre encimera" },
    fr: { slug: "vasque-ceramique-a-poser", name: "Vasque en céramique à poser" },
    cats: [basins],
    brand: norte.id,
    price: 7900,
    sales: 90,
    days: 40,
    type: "basin",
  });
  const valve = await product({
    ref: "AC-VAL-01",
    es: { slug: "valvula-de-desague-click", name: "Válvula de desagüe click" },
    fr: { slug: "bonde-click", name: "Bonde click-clack" },
    cats: [accessories],
    brand: norte.id,
    price: 2900,
    sales: 20,
    days: 50,
    type: "accessory",
  });

  // Facets of the trays.
  await db.insert(productFilterOptions).values([
    { productId: trayWhite, filterOptionId: oWhite.id },
    { productId: trayWhite, filterOptionId: oNonSlip.id },
    { productId: trayBlack, filterOptionId: oBlack.id },
    { productId: trayBlack, filterOptionId: oNonSlip.id },
    { productId: trayGrey, filterOptionId: oGrey.id },
    { productId: trayEsOnly, filterOptionId: oWhite.id },
    { productId: trayInactive, filterOptionId: oWhite.id },
  ]);
  await db.insert(productFilterRanges).values([
    { productId: trayWhite, filterId: fWidth.id, min: 70, max: 100 },
    { productId: trayBlack, filterId: fWidth.id, min: 80, max: 140 },
    { productId: trayGrey, filterId: fWidth.id, min: 60, max: 80 },
    { productId: trayEsOnly, filterId: fWidth.id, min: 120, max: 200 },
  ]);

  // Configuration of the white tray: colour (aesthetic), width (range), finish (select) in a group.
  const [group] = await db
    .insert(configurationGroups)
    .values({ slug: "medidas", name: { es: "Medidas", fr: "Dimensions" } })
    .returning();
  const [aColor, aWidth, aFinish] = await db
    .insert(attributes)
    .values([
      { src: "color", slug: "color", name: { es: "Color", fr: "Couleur" }, fieldType: "color", aesthetic: true },
      { src: "width", slug: "ancho", name: { es: "Ancho", fr: "Largeur" }, fieldType: "range", unit: "cm", translate: false },
      { src: "finish", slug: "acabado", name: { es: "Acabado", fr: "Finition" }, fieldType: "select" },
    ])
    .returning();
  const [cWhite, cBlack, cSand, w70, w80, fMatte, fGloss] = await db
    .insert(attributeOptions)
    .values([
      { attributeId: aColor.id, ref: "BL", slug: "blanco", valueString: { es: "Blanco", fr: "Blanc" }, color: "#ffffff", position: 1 },
      { attributeId: aColor.id, ref: "NE", slug: "negro", valueString: { es: "Negro", fr: "Noir" }, color: "#111111", position: 2 },
      { attributeId: aColor.id, ref: "AR", slug: "arena", valueString: { es: "Arena", fr: "Sable" }, color: "#d8c7a0", position: 3 },
      { attributeId: aWidth.id, ref: "70", slug: "70", valueString: { es: "70 cm" }, valueNumeric: 70, valueRangeMin: 70, valueRangeMax: 79, position: 1 },
      { attributeId: aWidth.id, ref: "80", slug: "80", valueString: { es: "80 cm" }, valueNumeric: 80, valueRangeMin: 80, valueRangeMax: 100, position: 2 },
      { attributeId: aFinish.id, ref: "MA", slug: "mate", valueString: { es: "Mate", fr: "Mat" }, position: 1 },
      { attributeId: aFinish.id, ref: "BR", slug: "brillo", valueString: { es: "Brillo", fr: "Brillant" }, position: 2, price: 1500 },
    ])
    .returning();
  await db.insert(productAttributes).values([
    { productId: trayWhite, attributeId: aColor.id, position: 0, optionIds: [cWhite.id, cBlack.id] },
    {
      productId: trayWhite,
      attributeId: aWidth.id,
      groupId: group.id,
      groupPosition: 1,
      position: 1,
      optionIds: [w70.id, w80.id],
      rangeMin: 70,
      rangeMax: 100,
    },
    { productId: trayWhite, attributeId: aFinish.id, groupId: group.id, groupPosition: 1, position: 2, optionIds: [fMatte.id, fGloss.id] },
    { productId: trayBlack, attributeId: aColor.id, position: 0, optionIds: [cBlack.id, cSand.id] },
  ]);
  const [v1, v2, v3] = await db
    .insert(variants)
    .values([
      { productId: trayWhite, ref: "PD-RES-BL-70", optionIds: [cWhite.id, w70.id], pvpWeb: 19900, pvpOriginal: 24900 },
      { productId: trayWhite, ref: "PD-RES-BL-80", optionIds: [cWhite.id, w80.id], pvpWeb: 22900, pvpOriginal: 27900 },
      { productId: trayWhite, ref: "PD-RES-NE-80", optionIds: [cBlack.id, w80.id], pvpWeb: 23900, pvpOriginal: null },
    ])
    .returning();
  await db.insert(productImages).values([
    { productId: trayWhite, imageType: 200, position: 1, key: "trays/white-detail", width: 1200, height: 900, alt: { es: "Detalle", fr: "Détail" } },
    { productId: trayWhite, imageType: 100, position: 1, key: "trays/white-main", width: 1200, height: 900, alt: { es: "Plato blanco", fr: "Receveur blanc" } },
  ]);
  await db.insert(technicalData).values([
    { productId: trayWhite, position: 2, label: { es: "Espesor", fr: "Épaisseur" }, value: { es: "3 cm", fr: "3 cm" } },
    { productId: trayWhite, position: 1, label: { es: "Material", fr: "Matériau" }, value: { es: "Resina", fr: "Résine" } },
  ]);
  const [ctInstall, ctValve] = await db
    .insert(complementTypes)
    .values([
      { slug: "instalacion", name: { es: "Instalación", fr: "Installation" }, position: 3, img: "installation" },
      { slug: "valvula", name: { es: "Válvula", fr: "Bonde" }, position: 1, img: "valve" },
    ])
    .returning();
  await db.insert(productAttributes).values({ productId: valve, attributeId: aFinish.id, position: 1, optionIds: [fMatte.id] });
  await db.insert(variants).values({ productId: valve, ref: "AC-VAL-01-MA", optionIds: [fMatte.id], pvpWeb: 2900 });
  await db.insert(complements).values([
    { id: "installation-complement", productId: trayWhite, complementTypeId: ctInstall.id, price: 25000, position: 1 },
    { id: "facility", productId: trayWhite, complementTypeId: ctInstall.id, price: 2000, position: 2 },
    { id: "fx-valve-1", productId: trayWhite, complementTypeId: ctValve.id, complementProductId: valve, price: 2900, position: 1 },
  ]);

  // Merchandising of both stores.
  await db.insert(homeSliders).values([
    { storeId: es, title: "Renueva tu baño", cta: "Ver ofertas", url: "/ofertas", illustration: "bathroom", position: 1 },
    { storeId: fr, title: "Rénovez votre salle de bain", cta: "Voir", url: "/fr/ofertas", illustration: "bathroom", position: 1 },
  ]);
  await db.insert(homeBanners).values([
    { storeId: es, title: "Platos de resina", url: "/platos-de-ducha/", illustration: "shower_tray", position: 2 },
    { storeId: es, title: "Inodoros", url: "/inodoros/", illustration: "toilet", position: 1 },
  ]);
  await db.insert(storeHighlights).values([
    { storeId: es, kind: "category", targetId: toilets, position: 2 },
    { storeId: es, kind: "category", targetId: trays, position: 1 },
    { storeId: es, kind: "product", targetId: basin, position: 1 },
    { storeId: es, kind: "product", targetId: trayWhite, position: 2 },
    { storeId: es, kind: "supplier", targetId: norte.id, position: 1 },
    { storeId: fr, kind: "category", targetId: tubs, position: 1 },
    { storeId: fr, kind: "product", targetId: tub, position: 1 },
    { storeId: fr, kind: "supplier", targetId: aqua.id, position: 1 },
  ]);
  await db.insert(seoTexts).values([
    { storeId: es, page: "home", title: "Tu baño, a tu medida", body: "Platos de ducha, mamparas e inodoros." },
    { storeId: es, page: "ofertas", title: "Ofertas", body: "Las mejores ofertas." },
    { storeId: fr, page: "home", title: "Votre salle de bain", body: "Receveurs, parois et WC." },
  ]);
  await db.insert(categoryBanners).values([
    { storeId: es, categoryId: trays, title: "Envío gratis en platos", url: "/platos-de-ducha/", illustration: "shower_tray", gridPosition: 4 },
    { storeId: es, categoryId: null, title: "Financia tu reforma", url: "/cms/financiacion", illustration: "bathroom", gridPosition: 8 },
    { storeId: es, categoryId: toilets, title: "Inodoros compactos", url: "/inodoros/", illustration: "toilet", gridPosition: 2 },
  ]);
  await db.insert(categoryLinks).values([
    { categoryId: trays, language: "es", label: "Platos de resina", url: "/platos-de-ducha-de-resina/", position: 1 },
    { categoryId: trays, language: "fr", label: "Receveurs en résine", url: "/fr/receveurs-de-douche-en-resine/", position: 1 },
  ]);
  await db.insert(brandBanners).values([{ brandId: aqua.id, storeId: es, title: "Aqua Luxe 2025", url: "/marcas/aqua-luxe", illustration: "bathroom" }]);

  return {
    brands: { aqua: aqua.id, norte: norte.id },
    collection: stone,
    categories: { trays, resin, screens, toilets, hung, tubs, basins, accessories, esOnly, mirror },
    filters: { color: fColor.id, width: fWidth.id, nonSlip: fNonSlip.id },
    options: { white: oWhite.id, black: oBlack.id, grey: oGrey.id, nonSlip: oNonSlip.id },
    products: { trayWhite, trayBlack, trayGrey, trayEsOnly, trayInactive, screen, toiletHung, toiletFloor, tub, basin, valve },
    variants: [v1.id, v2.id, v3.id],
    complementTypes: { install: ctInstall.id, valve: ctValve.id },
  };
}

export type CatalogFixture = Awaited<ReturnType<typeof buildCatalogFixture>>;
