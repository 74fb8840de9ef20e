import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Language, languageFromPath, localePath, stripLocale } from "../../../core/stores.ts";
import type { Database } from "../../db/client.ts";
import { Lru } from "../../lib/lru.ts";
import { promiseCache } from "../../lib/promise-cache.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { StoresService } from "../stores/stores.service.ts";
import {
  brandBannersOf,
  brandCategoriesOf,
  brandCollectionsOf,
  brandDetail,
  brandList,
  brandProductsOf,
  brandsByIds,
  collectionProducts,
} from "./brands/brands.ts";
import { type CatalogMeta, categoryPath, categoryRef, loadMeta, visible } from "./catalog.meta.ts";
import { homeBanners, homeSliders, products, productTranslations, seoTexts, storeHighlights } from "./catalog.schema.ts";
import { rows } from "./catalog.sql.ts";
import {
  type BannerDto,
  type BrandDto,
  type CategoryListing,
  type CategoryRef,
  type HomeData,
  type ListQuery,
  type Paginated,
  type ProductCard,
  type Scope,
  type SeoLink,
  type SeoText,
  type SitemapEntry,
  type SpecialListing,
  scopeOf,
} from "./catalog.types.ts";
import { createCardCache, listWhere, loadCards, pageOf, paginated, productPath } from "./listing/cards.ts";
import {
  alternatesOf,
  bannersOf,
  type CategoryBannerRow,
  type CategoryLinkRow,
  categoryDto,
  createFacetCache,
  filtersOfCategory,
  linksOf,
  LISTING_CHANGED_CHANNEL,
  listCategory,
  loadCategoryBanners,
  loadCategoryLinks,
  type StoreIds,
} from "./listing/category-listing.ts";
import { createRelatedCache, loadProductPageCatalog, type ProductPageCatalog, productPageCache, withFreshStock } from "./products/product-page.ts";
import { createStockCache, STOCK_CHANGED_CHANNEL } from "./stock-cache.ts";
import {
  attributesOf,
  cardsWithStock,
  complementsOf,
  complementTypesOf,
  productDetail,
  productIdBySlug,
  relatedOf,
  technicalDataOf,
  variantsOf,
} from "./products/products.ts";
import { searchProducts, suggest } from "./search/search.ts";

export const CATALOG_CHANGED_CHANNEL = "catalog_changed";
/**
 * Migration 0027's triggers: a committed statement changed a table whose content pages show
 * (prices, texts, options, categories, brands, banners, content ...; payload: the table's
 * name), whoever wrote it. Stock has its own channel (STOCK_CHANGED_CHANNEL).
 */
export const PAGE_DATA_CHANGED_CHANNEL = "page_data_changed";

type Merchandising = {
  sliders: BannerDto[];
  banners: BannerDto[];
  highlights: Record<"category" | "product" | "supplier", number[]>;
  seoTexts: SeoText[];
  /** The category pages' banners (this store's) and links (every language). */
  categoryBanners: CategoryBannerRow[];
  categoryLinks: CategoryLinkRow[];
};

/** Store pages that are not categories, products or brands (get_seo_link answers "page"). */
const STORE_PAGES = new Set(["/marcas", "/novedades", "/ofertas", "/rebajas", "/espacios", "/buscar", "/inspiracion", "/black-friday", "/cart"]);

/** Flags of the special listings; offers and novelties past their end date no longer count. */
const LISTING_WHERE: Record<SpecialListing, ReturnType<typeof sql>> = {
  novelties: sql`p.is_novelty and (p.novelty_until is null or p.novelty_until > now())`,
  offers: sql`p.is_offer and (p.offer_ends_at is null or p.offer_ends_at > now())`,
  settlement: sql`p.is_settlement`,
};
const LISTING_SORT = { novelties: "news", offers: "offers", settlement: "settlement" } as const;

/**
 * The catalog as the storefront and the REST API see it. Every use case takes the request
 * context first (docs/decisions/011): its store (only the products it sells), its language
 * (names and slugs of that translation) and its customer type (professionals also get
 * pvp_professional). `null` means "no such record in this store and language".
 * Paths are store-relative: categories "/<slug>/", products "/<slug>.html".
 */
export function createCatalogService(database: Database, stores: StoresService) {
  /** The French store has no installation service: its products do not offer it. */
  const hasInstallation = async (storeId: number) => (await stores.all()).some((s) => s.id === storeId && s.features.installationService);
  const db = database.db;
  let metaPromise: Promise<CatalogMeta> | undefined;
  /**
   * Product ids by store, language and slug (found ones only, so unknown slugs cannot fill it):
   * a product page asks for its slug in five calls (detail, attributes, complements, their types,
   * technical data), one lookup serves them all. Dropped when the catalog changes.
   */
  const slugIds = new Lru<Promise<number | null>>({ maxEntries: 20_000 });
  function idBySlug(scope: Scope, slug: string): Promise<number | null> {
    const key = `${scope.storeId}|${scope.language}|${slug}`;
    let p = slugIds.get(key);
    if (!p) {
      p = productIdBySlug(db, scope, slug);
      slugIds.set(key, p);
      p.then(
        (id) => {
          if (id === null && slugIds.get(key) === p) slugIds.delete(key);
        },
        () => slugIds.delete(key),
      );
    }
    return p;
  }
  /** Each store's merchandising (sliders, banners, highlights, SEO texts): seed data, changed only with the catalog. */
  const merchByStore = new Map<number, Promise<Merchandising>>();
  /** Product cards (listing/cards.ts), stock apart, until the catalog changes. */
  const cardCache = createCardCache();
  /** Stock as pages show it, kept by the database's notifications (stock-cache.ts, decision 036). */
  const stockCache = createStockCache(db);
  /** Listings' results and products' related ids, until catalog_listing or the catalog changes. */
  const facetCache = createFacetCache();
  const relatedCache = createRelatedCache();
  const listingCaches = { facets: facetCache, cards: cardCache, stock: stockCache };
  /** The home's highlighted brands per store and language: their product counts follow the listing. */
  const brandHighlights = promiseCache<BrandDto[]>(20);
  function listingChanged() {
    facetCache.clear();
    relatedCache.clear();
    brandHighlights.clear();
  }
  /** Product pages' catalog parts (products/product-page.ts), until the catalog changes. */
  const pageCatalogs = productPageCache(async (scope, id) =>
    loadProductPageCatalog(db, await meta(), scope, id, await storeIds(), await hasInstallation(scope.storeId)),
  );
  const changeListeners = new Set<() => void>();
  const stockListeners = new Set<(payload: string) => void>();
  /** A stock notification (or RECONNECTED): the stock cache forgets what it names, then the listeners (the page cache). */
  function stockChanged(payload: string) {
    stockCache.changed(payload);
    for (const fn of stockListeners) fn(payload);
  }
  let unlisten: (() => Promise<void>)[] | undefined;

  function meta(): Promise<CatalogMeta> {
    if (!metaPromise) {
      metaPromise = loadMeta(db);
      metaPromise.catch(() => {
        metaPromise = undefined;
      });
    }
    return metaPromise;
  }

  function clearLocal() {
    metaPromise = undefined;
    merchByStore.clear();
    slugIds.clear();
    pageCatalogs.clear();
    cardCache.clear();
    stockCache.clear();
    listingChanged();
    for (const fn of changeListeners) fn();
  }

  async function storeIds(): Promise<StoreIds> {
    const all = await stores.all();
    return { es: all.find((s) => s.language === "es")?.id, fr: all.find((s) => s.language === "fr")?.id };
  }

  async function categoryNode(scope: Scope, slug: string) {
    const m = await meta();
    const id = m.bySlug.get(`${scope.language}|${slug}`);
    const node = id === undefined ? undefined : m.categories.get(id);
    return visible(node, scope.storeId, scope.language) ? { m, node } : null;
  }

  async function categoryById(scope: Scope, id: number) {
    const m = await meta();
    const node = m.categories.get(id);
    return visible(node, scope.storeId, scope.language) ? { m, node } : null;
  }

  /**
   * A store's merchandising, read once (6 queries) and kept until the catalog changes: the home
   * page then runs only the queries of its products and brands, a category page only its
   * listing's. Keyed by store id (a handful).
   */
  function merchandising(storeId: number): Promise<Merchandising> {
    let p = merchByStore.get(storeId);
    if (!p) {
      p = loadMerchandising(storeId);
      merchByStore.set(storeId, p);
      p.catch(() => merchByStore.delete(storeId));
    }
    return p;
  }

  async function loadMerchandising(storeId: number): Promise<Merchandising> {
    const [sliders, banners, marks, seo, categoryBanners, categoryLinks] = await Promise.all([
      db.select().from(homeSliders).where(eq(homeSliders.storeId, storeId)).orderBy(asc(homeSliders.position), asc(homeSliders.id)),
      db.select().from(homeBanners).where(eq(homeBanners.storeId, storeId)).orderBy(asc(homeBanners.position), asc(homeBanners.id)),
      db
        .select({ kind: storeHighlights.kind, id: storeHighlights.targetId })
        .from(storeHighlights)
        .where(eq(storeHighlights.storeId, storeId))
        .orderBy(asc(storeHighlights.position), asc(storeHighlights.id)),
      db.select().from(seoTexts).where(eq(seoTexts.storeId, storeId)).orderBy(asc(seoTexts.page)),
      loadCategoryBanners(db, storeId),
      loadCategoryLinks(db),
    ]);
    const byKind = (kind: string) => marks.filter((m) => m.kind === kind).map((m) => m.id);
    return {
      sliders: sliders.map((s) => ({ id: s.id, title: s.title, subtitle: s.subtitle, url: s.url, illustration: s.illustration, cta: s.cta, theme: s.theme })),
      banners: banners.map((s) => ({ id: s.id, title: s.title, subtitle: s.subtitle, url: s.url, illustration: s.illustration })),
      highlights: { category: byKind("category"), product: byKind("product"), supplier: byKind("supplier") },
      seoTexts: seo.map((t) => ({ page: t.page, title: t.title, body: t.body })),
      categoryBanners,
      categoryLinks,
    };
  }

  async function highlights(storeId: number, kind: "category" | "product" | "supplier"): Promise<number[]> {
    return (await merchandising(storeId)).highlights[kind];
  }

  const service = {
    /**
     * To be called after any catalog write and after a reseed: drops the in-memory category
     * tree and every cached page here, and on PostgreSQL tells the other copies (NOTIFY).
     */
    async catalogChanged(): Promise<void> {
      clearLocal();
      await database.notify(CATALOG_CHANGED_CHANNEL, String(Date.now()));
    },
    /**
     * Registers a callback run whenever the catalog changes: a catalogChanged() on any copy, a
     * change of anything pages show but stock (migration 0027's page_data_changed, by any
     * writer), a lost and recovered LISTEN connection. Every data cache of the catalog is
     * dropped then; the page cache, the cart's and the reviews' caches clear themselves here.
     */
    onChange(fn: () => void): () => void {
      changeListeners.add(fn);
      return () => changeListeners.delete(fn);
    },
    /** Registers a callback run with every stock notification (`p:<ids>`, `v:<ids>`, `*` or RECONNECTED). */
    onStockChange(fn: (payload: string) => void): () => void {
      stockListeners.add(fn);
      return () => stockListeners.delete(fn);
    },
    async start() {
      // Decision 050: every change reaches every cache of every copy through these, within
      // milliseconds of its commit; after a lost connection each is called with RECONNECTED.
      unlisten = [
        await database.listen(CATALOG_CHANGED_CHANNEL, () => clearLocal()),
        await database.listen(PAGE_DATA_CHANGED_CHANNEL, () => clearLocal()),
        await database.listen(STOCK_CHANGED_CHANNEL, (payload) => stockChanged(payload)),
        await database.listen(LISTING_CHANGED_CHANNEL, () => listingChanged()),
      ];
    },
    async stop() {
      for (const u of unlisten ?? []) await u();
      unlisten = undefined;
    },

    // ------------------------------------------------------------------ home and store merchandising
    async homeSliders(ctx: RequestContext): Promise<BannerDto[]> {
      return (await merchandising(ctx.store.id)).sliders;
    },
    async homeBanners(ctx: RequestContext): Promise<BannerDto[]> {
      return (await merchandising(ctx.store.id)).banners;
    },
    /** store-highlight-categories: the home's highlighted categories, in the store's order. */
    async highlightCategories(ctx: RequestContext): Promise<(CategoryRef & { illustration: string })[]> {
      const scope = scopeOf(ctx);
      const [ids, m] = await Promise.all([highlights(scope.storeId, "category"), meta()]);
      return ids
        .map((id) => m.categories.get(id))
        .filter((c) => visible(c, scope.storeId, scope.language))
        .map((c) => ({ ...categoryRef(c, scope.language), illustration: c.illustration }));
    },
    /** The home's highlighted products: cards and stock from their caches (no query once warm). */
    async highlightProducts(ctx: RequestContext): Promise<ProductCard[]> {
      const scope = scopeOf(ctx);
      const ids = await highlights(ctx.store.id, "product");
      return cardCache.cards(db, scope, ids, (await stockCache.levels(ids, [])).product);
    },
    /** The home's highlighted brands with their product counts (copies of the cached ones). */
    async highlightSuppliers(ctx: RequestContext) {
      const scope = scopeOf(ctx);
      const list = await brandHighlights.get(`${scope.storeId}|${scope.language}`, async () =>
        brandsByIds(db, scope, await highlights(ctx.store.id, "supplier")),
      );
      return list.map((b) => ({ ...b }));
    },
    /** store-seo-texts: SEO blocks of the store's pages, or of one page ("home", "ofertas" ...). */
    async seoTexts(ctx: RequestContext, page?: string): Promise<SeoText[]> {
      const all = (await merchandising(ctx.store.id)).seoTexts;
      return page === undefined ? all : all.filter((t) => t.page === page);
    },
    async home(ctx: RequestContext): Promise<HomeData> {
      const [sliders, banners, categories, prods, suppliers, offers, novelties, seo] = await Promise.all([
        service.homeSliders(ctx),
        service.homeBanners(ctx),
        service.highlightCategories(ctx),
        service.highlightProducts(ctx),
        service.highlightSuppliers(ctx),
        service.weblistProducts(ctx, { listing: "offers", page_size: 12 }),
        service.weblistProducts(ctx, { listing: "novelties", page_size: 12 }),
        service.seoTexts(ctx, "home"),
      ]);
      return {
        sliders,
        banners,
        categories,
        products: prods,
        suppliers,
        offers: offers.results,
        novelties: novelties.results,
        seo_text: seo[0] ? { title: seo[0].title, body: seo[0].body } : null,
      };
    },

    // ------------------------------------------------------------------ categories
    async categoryBySlug(ctx: RequestContext, slug: string) {
      const scope = scopeOf(ctx);
      const found = await categoryNode(scope, slug);
      return found ? categoryDto(db, found.m, scope, found.node, await storeIds()) : null;
    },
    /** weblist_by_category: one page of a category's products with filters (counts) and sort. */
    async listByCategory(ctx: RequestContext, slug: string, q: ListQuery): Promise<CategoryListing | null> {
      const scope = scopeOf(ctx);
      const found = await categoryNode(scope, slug);
      if (!found) return null;
      const extras = merchandising(scope.storeId).then((m) => ({ banners: m.categoryBanners, links: m.categoryLinks }));
      return listCategory(db, found.m, scope, found.node, q, await storeIds(), extras, listingCaches);
    },
    async categoryFilters(ctx: RequestContext, categoryId: number) {
      const scope = scopeOf(ctx);
      const found = await categoryById(scope, categoryId);
      return found ? filtersOfCategory(db, found.m, scope, found.node, facetCache) : [];
    },
    async categoryLinks(ctx: RequestContext, categoryId: number) {
      const scope = scopeOf(ctx);
      return linksOf((await merchandising(scope.storeId)).categoryLinks, scope.language, categoryId);
    },
    async categoryBanners(ctx: RequestContext, categoryId?: number) {
      return bannersOf((await merchandising(scopeOf(ctx).storeId)).categoryBanners, categoryId);
    },
    /**
     * get_seo_link: what a store URL shows and its canonical URL (with the /fr prefix for the
     * French store). The URL's own prefix picks the store; a slug of the other language is
     * resolved to this language's translation; a category that mirrors another (origin_seo)
     * has that one as canonical.
     */
    async seoLink(ctx: RequestContext, url: string): Promise<SeoLink | null> {
      let u: URL;
      try {
        u = new URL(url, "http://localhost");
      } catch {
        return null;
      }
      const lang: Language = languageFromPath(u.pathname);
      const ids = await storeIds();
      const storeId = ids[lang] ?? ctx.store.id;
      const here: Scope = { storeId, language: lang, customerType: ctx.customerType };
      const other: Language = lang === "es" ? "fr" : "es";
      const p = stripLocale(u.pathname);
      if (p === "/" || p === "") return { type: "page" as const, id: null, canonical: localePath(lang, "/") };
      const segments = p.split("/").filter(Boolean);
      const last = segments.at(-1) ?? "";
      if (last.endsWith(".html")) {
        const slug = last.slice(0, -5);
        let id = await productIdBySlug(db, here, slug);
        if (id === null) {
          const tr = await db
            .select({ id: productTranslations.productId })
            .from(productTranslations)
            .where(and(eq(productTranslations.language, other), eq(productTranslations.slug, slug)));
          if (tr[0]) {
            const mine = await db
              .select({ slug: productTranslations.slug })
              .from(productTranslations)
              .where(and(eq(productTranslations.productId, tr[0].id), eq(productTranslations.language, lang)));
            if (mine[0] && (await productIdBySlug(db, here, mine[0].slug)) !== null) id = tr[0].id;
            if (id !== null) return { type: "product" as const, id, canonical: localePath(lang, productPath(mine[0].slug)) };
          }
          return null;
        }
        return { type: "product" as const, id, canonical: localePath(lang, productPath(slug)) };
      }
      if (segments[0] === "marcas" && segments.length === 2) {
        const b = await brandDetail(db, await meta(), here, segments[1]);
        return b ? { type: "brand" as const, id: b.id, canonical: localePath(lang, b.path) } : null;
      }
      const bare = `/${segments.join("/")}`;
      if (STORE_PAGES.has(bare)) return { type: "page" as const, id: null, canonical: localePath(lang, bare) };
      const m = await meta();
      const cid = m.bySlug.get(`${lang}|${last}`) ?? m.bySlug.get(`${other}|${last}`);
      const node = cid === undefined ? undefined : m.categories.get(cid);
      if (!visible(node, storeId, lang)) return null;
      const t = node.tr[lang]!;
      return { type: "category" as const, id: node.id, canonical: t.originSeo ?? localePath(lang, categoryPath(t.slug)) };
    },

    // ------------------------------------------------------------------ products
    async productBySlug(ctx: RequestContext, slug: string) {
      const scope = scopeOf(ctx);
      const id = await idBySlug(scope, slug);
      return id === null ? null : productDetail(db, await meta(), scope, id, await storeIds());
    },
    /**
     * Everything of a product page that only a catalog change can change (detail, attributes,
     * complements with their configurators, complement types, technical data), kept in a bounded
     * cache cleared on every catalog change (on every copy), with the stock of the product, its
     * variants and its complements' variants read now, and its `relatedLimit` related products'
     * cards (as relatedProducts gives them): one query once warm. Null: no such product.
     */
    async productPage(ctx: RequestContext, slug: string, relatedLimit = 8): Promise<(ProductPageCatalog & { related: ProductCard[] }) | null> {
      const scope = scopeOf(ctx);
      const id = await idBySlug(scope, slug);
      if (id === null) return null;
      const cached = await pageCatalogs.get(scope, id);
      if (!cached) return null;
      const fresh = await withFreshStock(db, cached, { storeId: scope.storeId, limit: relatedLimit }, { stock: stockCache, related: relatedCache });
      return { ...fresh.page, related: await cardsWithStock(db, scope, fresh.related, cardCache) };
    },
    /** The product's configurable attributes, with only the options it offers. */
    async productAttributes(ctx: RequestContext, slug: string) {
      const id = await idBySlug(scopeOf(ctx), slug);
      return id === null ? null : ((await attributesOf(db, ctx.language, [id])).get(id) ?? []);
    },
    async technicalData(ctx: RequestContext, slug: string) {
      const id = await idBySlug(scopeOf(ctx), slug);
      return id === null ? null : technicalDataOf(db, ctx.language, id);
    },
    async complements(ctx: RequestContext, slug: string, complementTypeId?: number) {
      const scope = scopeOf(ctx);
      const id = await idBySlug(scope, slug);
      return id === null ? null : complementsOf(db, scope, id, complementTypeId, await hasInstallation(scope.storeId));
    },
    async complementTypes(ctx: RequestContext, slug: string) {
      const id = await idBySlug(scopeOf(ctx), slug);
      return id === null ? null : complementTypesOf(db, ctx.language, id, await hasInstallation(ctx.store.id));
    },
    async variants(ctx: RequestContext, slug: string) {
      const id = await idBySlug(scopeOf(ctx), slug);
      return id === null ? null : ((await variantsOf(db, [id], ctx.customerType)).get(id) ?? []);
    },
    /** attributes_many: attributes of several products at once (only products the store sells). */
    async attributesMany(ctx: RequestContext, productIds: number[]) {
      const ids = productIds.length
        ? (
            await rows<{ id: number }>(
              db,
              sql`select p.id from products p join product_stores ps on ps.product_id = p.id and ps.store_id = ${ctx.store.id}
                where p.active and p.id = any(${sql`${`{${productIds.join(",")}}`}::int[]`})`,
            )
          ).map((r) => r.id)
        : [];
      const map = await attributesOf(db, ctx.language, ids);
      return Object.fromEntries(map) as Record<number, Awaited<ReturnType<typeof attributesOf>> extends Map<number, infer V> ? V : never>;
    },
    async collection(ctx: RequestContext, collectionSlug: string, q: ListQuery) {
      return collectionProducts(db, scopeOf(ctx), collectionSlug, q);
    },
    async relatedProducts(ctx: RequestContext, productId: number, limit = 8) {
      return relatedOf(db, scopeOf(ctx), productId, limit, cardCache);
    },
    /**
     * weblist_products: cards by ids or refs in the order given (unknown ones skipped), or one
     * of the special listings (novelties, offers, settlement) with its natural sort.
     */
    async weblistProducts(ctx: RequestContext, q: ListQuery & { ids?: number[]; refs?: string[]; listing?: SpecialListing }): Promise<Paginated<ProductCard>> {
      const scope = scopeOf(ctx);
      if (q.listing) return listWhere(db, scope, LISTING_WHERE[q.listing], { ...q, sort: q.sort ?? LISTING_SORT[q.listing] });
      let ids = q.ids ?? [];
      if (q.refs?.length) {
        const found = await db.select({ id: products.id, ref: products.ref }).from(products).where(inArray(products.ref, q.refs));
        const byRef = new Map(found.map((r) => [r.ref, r.id]));
        ids = q.refs.map((r) => byRef.get(r)).filter((x): x is number => x !== undefined);
      }
      const cards = await loadCards(db, scope, [...new Set(ids)]);
      const { page, pageSize, offset } = pageOf(q);
      return paginated(cards.slice(offset, offset + pageSize), page, pageSize, cards.length);
    },

    // ------------------------------------------------------------------ brands
    async brands(ctx: RequestContext, q?: { page?: number; page_size?: number }) {
      return brandList(db, scopeOf(ctx), q);
    },
    async brandBySlug(ctx: RequestContext, slug: string) {
      return brandDetail(db, await meta(), scopeOf(ctx), slug);
    },
    async brandProducts(ctx: RequestContext, brandId: number, q: ListQuery) {
      return brandProductsOf(db, scopeOf(ctx), brandId, q);
    },
    async brandCollections(ctx: RequestContext, brandId?: number) {
      return brandCollectionsOf(db, scopeOf(ctx), brandId);
    },
    async brandCategories(ctx: RequestContext, brandId: number) {
      return brandCategoriesOf(db, await meta(), scopeOf(ctx), brandId);
    },
    async brandBanners(ctx: RequestContext, brandId?: number) {
      return brandBannersOf(db, scopeOf(ctx), brandId);
    },

    // ------------------------------------------------------------------ search and sitemap
    /** Full-text search: accent-insensitive, stemmed (spanish/french), typo-tolerant (pg_trgm). */
    async search(ctx: RequestContext, q: string, query: ListQuery) {
      return searchProducts(db, scopeOf(ctx), q, query);
    },
    async suggest(ctx: RequestContext, q: string) {
      return suggest(db, await meta(), scopeOf(ctx), q);
    },
    /** Every category, product and brand page of both stores, each with its hreflang alternates. */
    async sitemap(): Promise<SitemapEntry[]> {
      const [m, ids] = await Promise.all([meta(), storeIds()]);
      const out: SitemapEntry[] = [];
      const today = new Date().toISOString().slice(0, 10);
      for (const node of m.categories.values()) {
        const alternates = alternatesOf(node, ids);
        for (const [lang, path] of Object.entries(alternates) as [Language, string][])
          out.push({ path, language: lang, lastmod: today, alternates, kind: "category" });
      }
      const prods = await rows<{ id: number; lastmod: string; language: Language; slug: string }>(
        db,
        sql`select p.id, to_char(p.created_at, 'YYYY-MM-DD') as lastmod, pt.language, pt.slug
          from products p
          join product_translations pt on pt.product_id = p.id
          join stores s on s.language = pt.language
          join product_stores ps on ps.product_id = p.id and ps.store_id = s.id
          where p.active order by p.id, pt.language`,
      );
      const byProduct = new Map<number, typeof prods>();
      for (const r of prods) byProduct.set(r.id, [...(byProduct.get(r.id) ?? []), r]);
      for (const list of byProduct.values()) {
        const alternates = Object.fromEntries(list.map((r) => [r.language, localePath(r.language, productPath(r.slug))]));
        for (const r of list) out.push({ path: alternates[r.language]!, language: r.language, lastmod: r.lastmod, alternates, kind: "product" });
      }
      for (const lang of ["es", "fr"] as const) {
        const sid = ids[lang];
        if (sid === undefined) continue;
        const bl = await brandList(db, { storeId: sid, language: lang, customerType: "customer" }, { page: 1, page_size: 96 });
        for (const b of bl.results) {
          out.push({ path: localePath(lang, b.path), language: lang, lastmod: today, alternates: { [lang]: localePath(lang, b.path) }, kind: "brand" });
        }
      }
      return out;
    },
  };
  return service;
}
