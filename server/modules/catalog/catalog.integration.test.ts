import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyDiscountBp } from "../../../core/money.ts";
import { seedStores } from "../../../seed/stores.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { buildCatalogFixture, type CatalogFixture } from "../../test/catalog-fixture.ts";
import { contextFor } from "../../lib/request-context.ts";

const C = "/api/catalog/v1";

describeEachDb("catalog API", (kind) => {
  let shop: TestShop;
  let fx: CatalogFixture;
  const get = async (url: string) => {
    const res = await shop.app.inject({ url: `${C}${url}` });
    return { status: res.statusCode, body: res.json() as any };
  };
  const ok = async (url: string) => {
    const r = await get(url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const refs = (list: any[]) => list.map((p) => p.ref);

  beforeAll(async () => {
    shop = await createTestShop(kind, { seed: false });
    await seedStores(shop.database.db);
    await shop.services.stores.reload();
    const [es, fr] = await Promise.all([shop.services.stores.byLanguage("es"), shop.services.stores.byLanguage("fr")]);
    fx = await buildCatalogFixture(shop.database.db, { es: es.id, fr: fr.id });
    await shop.services.catalog.catalogChanged();
  });
  afterAll(() => shop?.close());

  describe("categories", () => {
    it("retrieves a category by slug in each store's language, with subcategories, counts and alternates", async () => {
      const es = await ok("/categories/platos-de-ducha/retrieve_by_slug/?store=ESDB&language=es");
      expect(es.name).toBe("Platos de ducha");
      expect(es.path).toBe("/platos-de-ducha/");
      expect(es.subcategories).toEqual([expect.objectContaining({ slug: "platos-de-ducha-de-resina", product_count: 2 })]);
      expect(es.alternates).toEqual({ es: "/platos-de-ducha/", fr: "/fr/receveurs-de-douche/" });
      const fr = await ok("/categories/receveurs-de-douche-en-resine/retrieve_by_slug/?store=FRDB&language=fr");
      expect(fr.name).toBe("Receveurs en résine");
      expect(fr.breadcrumbs.map((b: any) => b.slug)).toEqual(["receveurs-de-douche"]);
      expect(fr.parent.slug).toBe("receveurs-de-douche");
    });

    it("answers a JSON 404 for an unknown slug, a slug of the other language, and a category the store does not have", async () => {
      for (const url of [
        "/categories/no-existe/retrieve_by_slug/?store=ESDB",
        "/categories/platos-de-ducha/retrieve_by_slug/?store=FRDB",
        "/categories/receveurs-de-douche/retrieve_by_slug/?store=ESDB",
      ]) {
        const r = await get(url);
        expect(r.status).toBe(404);
        expect(r.body.error.code).toBe("catalog.category_not_found");
      }
      const fr = await get("/categories/nope/retrieve_by_slug/?store=FRDB&language=fr");
      expect(fr.body.error.message).not.toBe("No existe esa categoría");
    });

    it("rejects a language that is not the store's and an unknown store with a 400", async () => {
      const r = await get("/categories/platos-de-ducha/retrieve_by_slug/?store=ESDB&language=fr");
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe("store.language_mismatch");
      const s = await get("/categories/platos-de-ducha/retrieve_by_slug/?store=XX");
      expect(s.status).toBe(400);
    });

    it("accepts a store id instead of its source code", async () => {
      const fr = await shop.services.stores.byLanguage("fr");
      const body = await ok(`/categories/wc/retrieve_by_slug/?store=${fr.id}`);
      expect(body.name).toBe("WC");
    });

    it("lists the category's links, filters (with counts and range bounds) and banners", async () => {
      const links = await ok(`/category-links-highlight/web_list/?store=FRDB&category_id=${fx.categories.trays}`);
      expect(links.results).toEqual([{ label: "Receveurs en résine", url: "/fr/receveurs-de-douche-en-resine/" }]);
      const filters = await ok(`/category-filters/web_list/?store=ESDB&category_id=${fx.categories.trays}`);
      const color = filters.results.find((f: any) => f.slug === "color");
      expect(color.options.map((o: any) => [o.slug, o.count])).toEqual([
        ["blanco", 2],
        ["negro", 1],
        ["gris", 1],
      ]);
      const width = filters.results.find((f: any) => f.slug === "ancho");
      expect(width.range).toEqual({ min: 60, max: 200 });
      const frFilters = await ok(`/category-filters/web_list/?store=FRDB&category_id=${fx.categories.trays}`);
      const frColor = frFilters.results.find((f: any) => f.slug === "color");
      expect(frColor.name).toBe("Couleur");
      // The mineral tray is not sold in France.
      expect(frColor.options.find((o: any) => o.slug === "blanco").count).toBe(1);
      const banners = await ok(`/store-category-banners/web_list/?store=ESDB&category_id=${fx.categories.trays}`);
      expect(banners.results.map((b: any) => b.title)).toEqual(["Envío gratis en platos", "Financia tu reforma"]);
      const bad = await get("/category-filters/web_list/?store=ESDB&category_id=abc");
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/category_id/);
    });

    it("resolves SEO links to categories, products, brands and pages with their canonical URL", async () => {
      const post = async (url: string, store = "ESDB") => {
        const res = await shop.app.inject({ method: "POST", url: `${C}/categories/get_seo_link/?store=${store}`, payload: { url } });
        return { status: res.statusCode, body: res.json() };
      };
      expect((await post("/platos-de-ducha/")).body).toEqual({ type: "category", id: fx.categories.trays, canonical: "/platos-de-ducha/" });
      expect((await post("https://shop.example/platos-de-ducha-baratos/?utm=x")).body.canonical).toBe("/platos-de-ducha/");
      expect((await post("/fr/receveur-de-douche-resine-ardoise-blanc.html", "FRDB")).body).toEqual({
        type: "product",
        id: fx.products.trayWhite,
        canonical: "/fr/receveur-de-douche-resine-ardoise-blanc.html",
      });
      expect((await post("/marcas/aqua-luxe")).body).toMatchObject({ type: "brand", id: fx.brands.aqua, canonical: "/marcas/aqua-luxe" });
      expect((await post("/ofertas")).body).toEqual({ type: "page", id: null, canonical: "/ofertas" });
      const missing = await post("/no-existe/");
      expect(missing.status).toBe(404);
      const bad = await shop.app.inject({ method: "POST", url: `${C}/categories/get_seo_link/?store=ESDB`, payload: {} });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe("category listing (weblist_by_category)", () => {
    const list = (q: string, slug = "platos-de-ducha", store = "ESDB") => ok(`/products/${slug}/weblist_by_category/?store=${store}&${q}`);

    it("lists the category and its subcategories' active products of the store, best sellers first", async () => {
      const body = await list("");
      expect(refs(body.results)).toEqual(["PD-RES-NE", "PD-RES-BL", "PD-EXT-GR", "PD-CAR-BL"]);
      expect(body).toMatchObject({ page: 1, page_size: 24, total: 4, pages: 1, sort: "best_seller" });
      expect(body.category.slug).toBe("platos-de-ducha");
      expect(body.banners.length).toBe(2);
      expect(body.links[0].label).toBe("Platos de resina");
      const fr = await list("", "receveurs-de-douche", "FRDB");
      expect(refs(fr.results)).toEqual(["PD-RES-NE", "PD-RES-BL", "PD-EXT-GR"]);
      expect(fr.results[0].name).toBe("Receveur de douche en résine effet ardoise noir");
      expect(fr.results[0].path).toBe("/receveur-de-douche-resine-ardoise-noir.html");
    });

    it("sorts by each of the six orders", async () => {
      expect(refs((await list("sort=lower_price")).results)).toEqual(["PD-CAR-BL", "PD-EXT-GR", "PD-RES-BL", "PD-RES-NE"]);
      expect(refs((await list("sort=top_rated")).results)).toEqual(["PD-EXT-GR", "PD-RES-NE", "PD-RES-BL", "PD-CAR-BL"]);
      expect(refs((await list("sort=news")).results)).toEqual(["PD-EXT-GR", "PD-RES-NE", "PD-RES-BL", "PD-CAR-BL"]);
      // White: 20 % off; black: 8 % off.
      expect(refs((await list("sort=offers")).results)).toEqual(["PD-RES-BL", "PD-RES-NE", "PD-EXT-GR", "PD-CAR-BL"]);
      expect(refs((await list("sort=settlement")).results)[0]).toBe("PD-EXT-GR");
    });

    it("paginates with page and page_size", async () => {
      const p2 = await list("sort=lower_price&page=2&page_size=3");
      expect(refs(p2.results)).toEqual(["PD-RES-NE"]);
      expect(p2).toMatchObject({ page: 2, page_size: 3, total: 4, pages: 2 });
    });

    it("filters by options (OR within a filter, AND across) with facet counts from the other filters", async () => {
      const o = fx.options;
      const white = await list(`filters=${o.white}`);
      expect(refs(white.results).sort()).toEqual(["PD-CAR-BL", "PD-RES-BL"]);
      const color = white.filters.find((f: any) => f.slug === "color");
      // Choosing white leaves the other colours' counts as they were.
      expect(color.options.map((x: any) => x.count)).toEqual([2, 1, 1]);
      const nonSlip = white.filters.find((f: any) => f.slug === "antideslizante");
      expect(nonSlip.options[0].count).toBe(1);
      expect(white.selected).toEqual({ options: [o.white], ranges: {} });

      const either = await list(`filters=${o.white},${o.black}`);
      expect(either.total).toBe(3);
      const both = await list(`filters=${o.white},${o.black},${o.nonSlip}`);
      expect(refs(both.results).sort()).toEqual(["PD-RES-BL", "PD-RES-NE"]);
      const colorCounts = both.filters.find((f: any) => f.slug === "color").options.map((x: any) => x.count);
      expect(colorCounts).toEqual([1, 1, 0]);
    });

    it("filters by a range overlapping the product's own range, combined with options", async () => {
      const w = fx.filters.width;
      const narrow = await list(`range_${w}=60-75`);
      expect(refs(narrow.results).sort()).toEqual(["PD-EXT-GR", "PD-RES-BL"]);
      expect(narrow.selected.ranges).toEqual({ [w]: [60, 75] });
      const combined = await list(`range_${w}=60-75&filters=${fx.options.white}`);
      expect(refs(combined.results)).toEqual(["PD-RES-BL"]);
      const wide = await list(`range_${w}=150-160`);
      expect(refs(wide.results)).toEqual(["PD-CAR-BL"]);
      const bad = await get(`/products/platos-de-ducha/weblist_by_category/?store=ESDB&range_${w}=abc`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/range_/);
    });

    it("adds professional prices (pvp_web less the professional discount) for user_type=professional", async () => {
      const pro = await list("user_type=professional&sort=lower_price");
      const white = pro.results.find((p: any) => p.ref === "PD-RES-BL");
      expect(white.prices).toEqual({ pvp_web: 19900, pvp_original: 24900, professional_discount_bp: 1000, pvp_professional: applyDiscountBp(19900, 1000) });
      expect(white.prices.pvp_professional).toBe(17910);
      const customer = await list("");
      expect(customer.results[0].prices.pvp_professional).toBeUndefined();
    });

    it("answers 400 for a bad sort, page or page size, and 404 for an unknown category", async () => {
      for (const q of ["sort=cheapest", "page=0", "page=abc", "page_size=500", "filters=1;2", "user_type=vip"]) {
        const r = await get(`/products/platos-de-ducha/weblist_by_category/?store=ESDB&${q}`);
        expect(r.status, q).toBe(400);
        expect(r.body.error.code).toBe("validation");
        expect(r.body.error.message).toMatch(new RegExp(q.split("=")[0]));
      }
      const r = await get("/products/no-existe/weblist_by_category/?store=ESDB");
      expect(r.status).toBe(404);
    });
  });

  describe("products", () => {
    it("retrieves a product with variants, images (main first), breadcrumbs, brand, collection and alternates", async () => {
      const p = await ok("/products/plato-de-ducha-resina-pizarra-blanco/retrieve_by_slug/?store=ESDB&language=es");
      expect(p.ref).toBe("PD-RES-BL");
      expect(p.image.key).toBe("trays/white-main");
      expect(p.images.map((i: any) => i.type)).toEqual([100, 200]);
      expect(p.variants.map((v: any) => v.ref)).toEqual(["PD-RES-BL-70", "PD-RES-BL-80", "PD-RES-NE-80"]);
      expect(p.variant_id).toBe(fx.variants[0]);
      expect(p.breadcrumbs.map((c: any) => c.slug)).toEqual(["platos-de-ducha", "platos-de-ducha-de-resina"]);
      expect(p.brand).toMatchObject({ slug: "aqua-luxe", path: "/marcas/aqua-luxe" });
      expect(p.collection.slug).toBe("coleccion-stone");
      expect(p.colors.map((c: any) => c.name)).toEqual(["Blanco", "Negro"]);
      expect(p.alternates).toEqual({ es: "/plato-de-ducha-resina-pizarra-blanco.html", fr: "/fr/receveur-de-douche-resine-ardoise-blanc.html" });
      const fr = await ok("/products/receveur-de-douche-resine-ardoise-blanc/retrieve_by_slug/?store=FRDB");
      expect(fr.name).toBe("Receveur de douche en résine effet ardoise blanc");
      expect(fr.colors.map((c: any) => c.name)).toEqual(["Blanc", "Noir"]);
    });

    it("404s for inactive products, products of the other store and bad slugs 400", async () => {
      expect((await get("/products/plato-de-ducha-descatalogado/retrieve_by_slug/?store=ESDB")).status).toBe(404);
      expect((await get("/products/plato-de-ducha-carga-mineral-blanco/retrieve_by_slug/?store=FRDB")).status).toBe(404);
      for (const sub of ["attributes", "technical_data", "complements", "variants", "complement_types"]) {
        const r = await get(`/products/no-existe/${sub}/?store=ESDB`);
        expect(r.status, sub).toBe(404);
        expect(r.body.error.code).toBe("catalog.product_not_found");
      }
      expect((await get("/products/Mal%20Slug/retrieve_by_slug/?store=ESDB")).status).toBe(400);
    });

    it("lists attributes with group, range limits and only this product's options", async () => {
      const { results } = await ok("/products/receveur-de-douche-resine-ardoise-blanc/attributes/?store=FRDB&language=fr");
      expect(results.map((a: any) => a.slug)).toEqual(["color", "ancho", "acabado"]);
      const [color, width, finish] = results;
      expect(color).toMatchObject({ aesthetic: true, group: null, name: "Couleur", field_type: "color" });
      expect(color.options.map((o: any) => o.value_string)).toEqual(["Blanc", "Noir"]);
      expect(width.range).toEqual({ min: 70, max: 100 });
      expect(width.group).toMatchObject({ slug: "medidas", name: "Dimensions" });
      expect(finish.options.map((o: any) => [o.slug, o.price])).toEqual([
        ["mate", 0],
        ["brillo", 1500],
      ]);
    });

    it("lists technical data in order, variants with professional prices and complement types by position", async () => {
      const td = await ok("/products/plato-de-ducha-resina-pizarra-blanco/technical_data/?store=ESDB");
      expect(td.results).toEqual([
        { label: "Material", value: "Resina" },
        { label: "Espesor", value: "3 cm" },
      ]);
      const v = await ok("/products/plato-de-ducha-resina-pizarra-blanco/variants/?store=ESDB&user_type=professional");
      expect(v.results[1].prices).toMatchObject({ pvp_web: 22900, pvp_professional: 20610 });
      const ct = await ok("/products/plato-de-ducha-resina-pizarra-blanco/complement_types/?store=ESDB");
      expect(ct.results.map((t: any) => t.slug)).toEqual(["valvula", "instalacion"]);
    });

    it("lists complements with the special installation ids, their product, attributes and variants", async () => {
      const all = await ok("/products/plato-de-ducha-resina-pizarra-blanco/complements/?store=ESDB");
      expect(all.results.map((c: any) => c.id)).toEqual(["fx-valve-1", "installation-complement", "facility"]);
      const valve = all.results[0];
      expect(valve.product).toMatchObject({ ref: "AC-VAL-01", path: "/valvula-de-desague-click.html" });
      expect(valve.attributes[0].options.map((o: any) => o.slug)).toEqual(["mate"]);
      expect(valve.variants[0].ref).toBe("AC-VAL-01-MA");
      expect(all.results[1]).toMatchObject({ product: null, price: 25000, complement_type: { slug: "instalacion" } });
      const onlyInstall = await ok(`/products/plato-de-ducha-resina-pizarra-blanco/complements/?store=ESDB&complement_type=${fx.complementTypes.install}`);
      expect(onlyInstall.results.map((c: any) => c.id)).toEqual(["installation-complement", "facility"]);
    });

    it("does not offer the installation service in the French store, which has none", async () => {
      const slug = "receveur-de-douche-resine-ardoise-blanc";
      const fr = await ok(`/products/${slug}/complements/?store=FRDB&language=fr`);
      expect(fr.results.map((c: any) => c.id)).toEqual(["fx-valve-1"]);
      const types = await ok(`/products/${slug}/complement_types/?store=FRDB&language=fr`);
      expect(types.results.map((t: any) => t.slug)).toEqual(["valvula"]);
    });

    it("returns attributes of many products keyed by id, and validates the id list", async () => {
      const p = fx.products;
      const body = await ok(`/products/attributes_many/?store=ESDB&product_ids=${p.trayWhite},${p.trayBlack},${p.basin}`);
      expect(Object.keys(body.results).map(Number).sort()).toEqual([p.trayWhite, p.trayBlack, p.basin].sort());
      expect(body.results[p.trayBlack][0].options.map((o: any) => o.slug)).toEqual(["negro", "arena"]);
      expect(body.results[p.basin]).toEqual([]);
      expect((await get("/products/attributes_many/?store=ESDB&product_ids=a,b")).status).toBe(400);
      expect((await get("/products/attributes_many/?store=ESDB")).status).toBe(400);
    });

    it("lists a collection, related products by price and weblist products by ids, refs or listing", async () => {
      const col = await ok("/products/collection/?store=ESDB&collection=coleccion-stone");
      expect(refs(col.results)).toEqual(["PD-RES-NE", "PD-RES-BL"]);
      expect((await get("/products/collection/?store=ESDB&collection=nada")).status).toBe(404);
      const rel = await ok(`/products/related_products/?store=ESDB&product_id=${fx.products.trayWhite}`);
      expect(refs(rel.results)).toEqual(["PD-RES-NE"]);
      const p = fx.products;
      const byIds = await ok(`/products/weblist_products/?store=ESDB&ids=${p.basin},${p.trayGrey},${p.tub}`);
      expect(refs(byIds.results)).toEqual(["LA-CER-01", "PD-EXT-GR", "BA-ISL-01"]);
      const byRefs = await ok("/products/weblist_products/?store=FRDB&refs=IN-SUS-01,PD-CAR-BL,LA-CER-01");
      expect(refs(byRefs.results)).toEqual(["IN-SUS-01", "LA-CER-01"]);
      const novelties = await ok("/products/weblist_products/?store=ESDB&listing=novelties");
      expect(refs(novelties.results)).toEqual(["PD-EXT-GR", "BA-ISL-01"]);
      const settlement = await ok("/products/weblist_products/?store=ESDB&listing=settlement");
      expect(refs(settlement.results)[0]).toBe("PD-EXT-GR");
      expect((await get("/products/weblist_products/?store=ESDB")).status).toBe(400);
      expect((await get("/products/weblist_products/?store=ESDB&listing=all")).status).toBe(400);
    });
  });

  describe("store merchandising", () => {
    it("serves sliders, banners, highlights, offers, novelties and SEO texts per store", async () => {
      expect((await ok("/store-home-sliders/web_list/?store=FRDB")).results[0].title).toBe("Rénovez votre salle de bain");
      expect((await ok("/store-home-banners/web_list/?store=ESDB")).results.map((b: any) => b.title)).toEqual(["Inodoros", "Platos de resina"]);
      expect((await ok("/store-highlight-categories/web-list/?store=ESDB")).results.map((c: any) => c.slug)).toEqual(["platos-de-ducha", "inodoros"]);
      expect((await ok("/store-highlight-categories/web-list/?store=FRDB")).results.map((c: any) => c.name)).toEqual(["Baignoires"]);
      expect(refs((await ok("/store-highlight-products/web-list/?store=ESDB")).results)).toEqual(["LA-CER-01", "PD-RES-BL"]);
      expect((await ok("/store-highlight-suppliers/web-list/?store=FRDB")).results[0]).toMatchObject({
        slug: "aqua-luxe",
        description: "Salles de bain design",
      });
      const offers = await ok("/store-offers/?store=ESDB&user_type=professional");
      expect(refs(offers.results)).toEqual(["PD-RES-BL", "PD-RES-NE"]);
      expect(offers.results[0].prices.pvp_professional).toBe(17910);
      expect(offers).toMatchObject({ total: 2, page: 1, pages: 1 });
      expect(refs((await ok("/store-novelties/web-list/?store=FRDB")).results)).toEqual(["PD-EXT-GR", "BA-ISL-01"]);
      expect((await ok("/store-seo-texts/web_list/?store=ESDB&page=home")).results).toEqual([
        { page: "home", title: "Tu baño, a tu medida", body: "Platos de ducha, mamparas e inodoros." },
      ]);
      expect((await ok("/store-seo-texts/web_list/?store=ESDB")).results.length).toBe(2);
      expect((await get("/store-offers/?store=ESDB&page=0")).status).toBe(400);
    });

    it("builds the home data through the service", async () => {
      const es = await shop.services.stores.byLanguage("es");
      const home = await shop.services.catalog.home(contextFor(es));
      expect(home.sliders.length).toBe(1);
      expect(home.categories.map((c) => c.slug)).toEqual(["platos-de-ducha", "inodoros"]);
      expect(home.suppliers.map((b) => b.slug)).toEqual(["ceramica-norte"]);
      expect(home.offers.length).toBe(2);
      expect(home.seo_text?.title).toBe("Tu baño, a tu medida");
    });
  });

  describe("brands", () => {
    it("lists brands with product counts per store and retrieves one with collections, banners and categories", async () => {
      const es = await ok("/brands/web_list/?store=ESDB");
      expect(es.results.map((b: any) => [b.slug, b.product_count])).toEqual([
        ["aqua-luxe", 4],
        ["ceramica-norte", 6],
      ]);
      expect(es).toMatchObject({ total: 2, page: 1 });
      const fr = await ok("/brands/web_list/?store=FRDB");
      expect(fr.results.find((b: any) => b.slug === "ceramica-norte").product_count).toBe(5);
      const b = await ok("/brands/aqua-luxe/retrieve_by_slug/?store=ESDB");
      expect(b.collections).toEqual([expect.objectContaining({ slug: "coleccion-stone", product_count: 2 })]);
      expect(b.banners[0].title).toBe("Aqua Luxe 2025");
      expect(b.categories.map((c: any) => [c.slug, c.product_count])).toEqual([
        ["platos-de-ducha-de-resina", 2],
        ["mamparas-de-ducha", 1],
        ["baneras", 1],
      ]);
      expect((await get("/brands/nadie/retrieve_by_slug/?store=ESDB")).status).toBe(404);
      expect((await ok(`/brand-banners/?store=ESDB&brand_id=${fx.brands.aqua}`)).results.length).toBe(1);
      expect((await ok(`/brand-banners/?store=FRDB&brand_id=${fx.brands.aqua}`)).results.length).toBe(0);
      expect((await ok(`/brand-collections/web_list/?store=ESDB&brand_id=${fx.brands.aqua}`)).results[0].slug).toBe("coleccion-stone");
      const cats = await ok(`/brand-store-categories/web_list/?store=FRDB&brand_id=${fx.brands.norte}`);
      expect(cats.results.map((c: any) => c.slug).sort()).toEqual(["accessoires-salle-de-bain", "receveurs-de-douche", "vasques", "wc", "wc-suspendus"]);
      expect((await get("/brand-store-categories/web_list/?store=ESDB")).status).toBe(400);
    });

    it("gives a sitemap of both stores with alternates, filterable by kind", async () => {
      const all = await ok("/suppliers/sitemap/");
      const tray = all.results.find((e: any) => e.path === "/fr/receveur-de-douche-resine-ardoise-blanc.html");
      expect(tray).toMatchObject({ language: "fr", kind: "product", alternates: { es: "/plato-de-ducha-resina-pizarra-blanco.html" } });
      expect(all.results.some((e: any) => e.path === "/plato-de-ducha-descatalogado.html")).toBe(false);
      expect(all.results.some((e: any) => e.path === "/reformas-completas/")).toBe(true);
      const brands = await ok("/suppliers/sitemap/?kind=brand");
      expect(brands.results.map((e: any) => e.path).sort()).toEqual([
        "/fr/marcas/aqua-luxe",
        "/fr/marcas/ceramica-norte",
        "/marcas/aqua-luxe",
        "/marcas/ceramica-norte",
      ]);
    });
  });

  describe("search", () => {
    const search = (q: string, store = "ESDB") => ok(`/search/?store=${store}&q=${encodeURIComponent(q)}`);

    it("finds products by stemmed words, without accents and with a typo, full-text matches first", async () => {
      expect(refs((await search("mampara negra")).results)).toEqual(["MA-FR-NE"]);
      expect(refs((await search("inodoro suspendido")).results)[0]).toBe("IN-SUS-01");
      expect(refs((await search("inodoros")).results).sort()).toEqual(["IN-SUS-01", "IN-TAN-01"]);
      expect(refs((await search("lavabo ceramica")).results)).toEqual(["LA-CER-01"]);
      expect(refs((await search("lavabo cerámica")).results)).toEqual(["LA-CER-01"]);
      const typo = await search("plato pizara");
      expect(refs(typo.results).sort()).toEqual(["PD-RES-BL", "PD-RES-NE"]);
      // No product has both words: the products with some of them, rather than nothing.
      const some = await search("mampara blanca");
      expect(refs(some.results)).toContain("MA-FR-NE");
      expect((await ok("/search/?store=ESDB&q=mampara%20blanca&page=9")).results).toEqual([]);
      // Full-text matches ("pizarra") outrank trigram-only ones.
      const ranked = await search("pizarra blanco");
      expect(refs(ranked.results)[0]).toBe("PD-RES-BL");
    });

    it("uses French stemming and accent folding in the French store", async () => {
      expect(refs((await search("baignoire ilot", "FRDB")).results)).toEqual(["BA-ISL-01"]);
      expect(refs((await search("receveurs", "FRDB")).results).sort()).toEqual(["PD-EXT-GR", "PD-RES-BL", "PD-RES-NE"]);
      expect(refs((await search("céramique", "FRDB")).results)).toEqual(["LA-CER-01"]);
      // Not sold in France.
      expect(refs((await search("carga mineral", "FRDB")).results)).toEqual([]);
    });

    it("suggests products, categories and brands as the shopper types", async () => {
      const s = await ok("/search/suggest/?store=ESDB&q=plat");
      expect(s.products.length).toBeGreaterThan(0);
      expect(s.products.length).toBeLessThanOrEqual(6);
      expect(s.categories.map((c: any) => c.slug)).toContain("platos-de-ducha");
      expect(s.categories.length).toBeLessThanOrEqual(4);
      const b = await ok("/search/suggest/?store=ESDB&q=ceramica");
      expect(b.brands.map((x: any) => x.slug)).toEqual(["ceramica-norte"]);
      expect((await get("/search/suggest/?store=ESDB&q=")).status).toBe(400);
      expect((await get("/search/?store=ESDB")).status).toBe(400);
    });
  });

  describe("OpenAPI", () => {
    it("describes every catalog route with its parameters", async () => {
      const res = await shop.app.inject({ url: "/api/docs" });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toBe("3.1.0");
      const paths = Object.keys(doc.paths);
      expect(paths.filter((p) => p.startsWith("/api/catalog/v1/")).length).toBeGreaterThanOrEqual(30);
      const listing = doc.paths["/api/catalog/v1/products/{category}/weblist_by_category/"].get;
      const names = listing.parameters.map((p: any) => p.name);
      expect(names).toEqual(expect.arrayContaining(["category", "store", "language", "page", "page_size", "sort", "filters", "user_type", "range_{filterId}"]));
      expect(listing.parameters.find((p: any) => p.name === "sort").schema.enum).toContain("settlement");
      expect(doc.paths["/api/catalog/v1/categories/get_seo_link/"].post.requestBody).toBeTruthy();
      const same = await shop.app.inject({ url: "/api/docs/openapi.json" });
      expect(same.json()).toEqual(doc);
    });
  });
});
