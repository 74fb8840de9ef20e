import { shippingNetPerUnit } from "../../../core/cart-pricing.ts";
import {
  type ConfigCatalog,
  checkConfiguration,
  configCatalog,
  evaluate,
  FACILITY_ID,
  type FacilityDistance,
  INSTALLATION_ID,
  type InstallationTariff,
  type Issue,
  type PriceLine,
  type Selection,
} from "../../../core/configurator.ts";
import { formatPrice } from "../../../core/money.ts";
import { t } from "../../../core/i18n/index.ts";
import { contextFor, type RequestContext } from "../../lib/request-context.ts";
import type { CatalogService } from "../catalog/catalog.types.ts";
import type { StoredLine } from "./cart.schema.ts";

/**
 * What the cart needs from the catalog: the same calls the product page makes, and the
 * installation wizard's tariff of the store (the installations module's facility options;
 * absent or null: the `facility` complement is a plain opt-in line).
 */
export type CartCatalog = Pick<CatalogService, "productBySlug" | "productAttributes" | "complements" | "complementTypes" | "weblistProducts" | "onChange"> & {
  installationTariff?: (ctx: RequestContext) => Promise<InstallationTariff | null>;
};

/** A configured product, checked and priced from the catalog, ready to become a cart row. */
export type ConfiguredRow = {
  productId: number;
  variantId: number | null;
  selection: Selection;
  lines: StoredLine[];
  summary: { label: string; value: string }[];
  quantity: number;
  name: string;
  ref: string;
  productSlug: string;
  productRef: string;
  productType: string;
  image: import("../../../core/catalog.types.ts").ImageDto | null;
  unitPvp: number;
  unitOriginal: number | null;
  unitProfessionalDiscount: number;
  shippingAmount: number;
  /** What must be in stock: the product (or its variant) and each complement product. */
  stockNeeds: { productId: number; variantId: number | null; quantity: number }[];
};

export type ConfigureFailure = {
  ok: false;
  code: "cart.product_not_found" | "cart.config_incomplete" | "cart.complements_incomplete" | "cart.config_invalid";
  issues?: Issue[];
};

const STATUS_CODE = {
  incomplete: "cart.config_incomplete",
  complements_incomplete: "cart.complements_incomplete",
  invalid: "cart.config_invalid",
} as const;

const isService = (id: string) => id === INSTALLATION_ID || id === FACILITY_ID;

type ProductDetail = NonNullable<Awaited<ReturnType<CatalogService["productBySlug"]>>>;
/** A product as the configurator of one store sees it, with the detail the cart row keeps. */
export type ProductConfig = { product: ProductDetail; cfg: ConfigCatalog };
/** Finds a product (slug or id) of the context's store with its configurator catalog; null when it is not sold there. */
export type ProductConfigSource = (ctx: RequestContext, product: string | number) => Promise<ProductConfig | null>;

/** The catalog reads of one product: the same calls the product page makes, at private-customer prices. */
export function catalogSource(catalog: CartCatalog): ProductConfigSource {
  return async (ctx, ref) => {
    // Catalog reads outside the caller's transaction, at the private customer's prices.
    const cctx = contextFor(ctx.store, null);
    let slug = typeof ref === "string" ? ref : null;
    if (slug === null) {
      const found = await catalog.weblistProducts(cctx, { ids: [ref as number], page_size: 1 });
      slug = found.results[0]?.slug ?? null;
    }
    if (!slug) return null;
    const product = await catalog.productBySlug(cctx, slug);
    if (!product) return null;
    const [attributes, complements, complementTypes, installation] = await Promise.all([
      catalog.productAttributes(cctx, slug),
      catalog.complements(cctx, slug),
      catalog.complementTypes(cctx, slug),
      catalog.installationTariff ? catalog.installationTariff(cctx) : null,
    ]);
    const cfg = configCatalog(
      { product, attributes: attributes ?? [], complements: complements ?? [], complementTypes: complementTypes ?? [], installation },
      // Installation services are net in the catalog: the configurator adds the store's VAT (spec 9).
      { installationService: ctx.store.features.installationService, vatRateBp: ctx.store.vatRateBp },
    );
    return { product, cfg };
  };
}

/**
 * Keeps the last `max` products read by `source` (per store, language and slug or id), and
 * forgets them all whenever the catalog changes (on every copy: the catalog's change signal
 * comes through LISTEN/NOTIFY). Concurrent requests for one product share one read. Prices
 * stay the catalog's: this is the catalog's own answer, kept until it changes. Stock is never
 * taken from here (the cart reads it in its transaction).
 */
export function cachedSource(source: ProductConfigSource, max = 500): ProductConfigSource & { clear(): void } {
  const cache = new Map<string, Promise<ProductConfig | null>>();
  let generation = 0;
  const get = (async (ctx, ref) => {
    const key = `${ctx.store.id}|${ctx.language}|${typeof ref}|${ref}`;
    let hit = cache.get(key);
    if (hit) {
      // Most recently used last: the first key is the one to drop.
      cache.delete(key);
      cache.set(key, hit);
      return hit;
    }
    const gen = generation;
    hit = source(ctx, ref);
    cache.set(key, hit);
    if (cache.size > max) cache.delete(cache.keys().next().value as string);
    try {
      const value = await hit;
      // A read that started before a change must not outlive it.
      if (gen !== generation && cache.get(key) === hit) cache.delete(key);
      return value;
    } catch (e) {
      if (cache.get(key) === hit) cache.delete(key);
      throw e;
    }
  }) as ProductConfigSource & { clear(): void };
  get.clear = () => {
    generation++;
    cache.clear();
  };
  return get;
}

/**
 * Checks a configurator submission against the catalog of the context's store and prices it
 * there (spec 4 and 5): the same checkConfiguration the product page's form runs, never a
 * price from the client. Products are priced at private-customer prices with each line's
 * professional discount kept beside them, so a cart shows professional prices exactly when
 * its owner is a professional (also after a guest cart joins a professional's account).
 * Installation services are kept net in the catalog: the configurator adds VAT (spec 9).
 */
export async function configureRow(
  ctx: RequestContext,
  source: ProductConfigSource,
  input: { product: string | number; selection: Selection },
): Promise<{ ok: true; row: ConfiguredRow } | ConfigureFailure> {
  const found = await source(ctx, input.product);
  if (!found) return { ok: false, code: "cart.product_not_found" };
  const { product, cfg } = found;
  const sel = input.selection;
  const checked = checkConfiguration(cfg, sel, "customer");
  if (!checked.ok) return { ok: false, code: STATUS_CODE[checked.status], issues: checked.issues };
  // The same configuration at professional prices: each line's professional discount.
  const pro = evaluate(cfg, sel, "professional").price.lines;
  const [main, ...rest] = checked.price.lines;
  const quantity = checked.quantity;

  const lines: StoredLine[] = rest.map((l, i) => {
    const c = checked.complements[i];
    const catalogComplement = cfg.complements.find((x) => x.id === c.id);
    if (isService(c.id)) {
      return {
        kind: "service",
        id: c.id,
        name: serviceName(ctx.language, c.id, l, sel.complements[c.id]?.facility?.distance),
        ref: l.ref,
        quantity,
        // evaluate() already charged the store's VAT on services (configCatalog's vatRateBp).
        unit: l.unit,
        unitOriginal: null,
        unitProfessionalDiscount: 0,
        follows: true,
        variantId: null,
        productId: null,
      };
    }
    return {
      kind: "complement",
      id: c.id,
      name: l.name,
      ref: l.ref,
      quantity: l.quantity,
      unit: l.unit,
      unitOriginal: l.original == null ? null : Math.round(l.original / l.quantity),
      unitProfessionalDiscount: Math.max(0, l.unit - (pro[i + 1]?.unit ?? l.unit)),
      follows: false,
      variantId: c.variantId,
      productId: catalogComplement?.product?.id ?? null,
    };
  });

  const chosen = new Set(checked.optionIds);
  const summary: { label: string; value: string }[] = [];
  for (const a of cfg.attributes) {
    if (a.field_type === "range" && sel.ranges[a.id] != null) {
      // A priced size band (cut-to-measure trays) shows what the measure adds to the price.
      const band = a.options.find((x) => chosen.has(x.id) && x.price > 0);
      summary.push({ label: a.name, value: `${sel.ranges[a.id]} cm${band ? ` (+${formatPrice(band.price, ctx.store.locale)})` : ""}` });
    } else if (a.field_type === "open" && sel.texts[a.id]) summary.push({ label: a.name, value: sel.texts[a.id] });
    else {
      const o = a.options.find((x) => chosen.has(x.id));
      if (o) summary.push({ label: a.name, value: o.value_string });
    }
  }
  // The installation wizard's parts, each with its price (VAT included), so the cart line shows what the service is made of.
  const facilityLine = rest.find((l) => l.id === FACILITY_ID && l.parts?.length);
  for (const p of facilityLine?.parts ?? []) {
    summary.push({ label: t(ctx.language, `installation.part.${p.key}`), value: formatPrice(p.gross, ctx.store.locale) });
  }
  const image = product.images.find((im) => im.type === 100 && im.option_id != null && chosen.has(im.option_id)) ?? product.image;

  const stockNeeds = [
    { productId: product.id, variantId: checked.variant?.id ?? null, quantity },
    ...lines.filter((l) => l.productId != null).map((l) => ({ productId: l.productId as number, variantId: l.variantId, quantity: l.quantity })),
  ];
  return {
    ok: true,
    row: {
      productId: product.id,
      variantId: checked.variant?.id ?? null,
      selection: { quantity, options: sel.options, ranges: sel.ranges, texts: sel.texts, complements: sel.complements },
      lines,
      summary,
      quantity,
      name: product.name,
      ref: checked.ref,
      productSlug: product.slug,
      productRef: product.ref,
      productType: product.product_type,
      image,
      unitPvp: main.unit,
      unitOriginal: main.original == null ? null : Math.round(main.original / main.quantity),
      unitProfessionalDiscount: Math.max(0, main.unit - (pro[0]?.unit ?? main.unit)),
      shippingAmount: shippingNetPerUnit(product.product_type),
      stockNeeds,
    },
  };
}

/** A service line's name: the reservation, or the installation in the wizard's city and distance band. */
function serviceName(language: RequestContext["language"], id: string, line: PriceLine, distance: FacilityDistance | undefined): string {
  if (id === INSTALLATION_ID) return t(language, "product.installation.name");
  const city = line.parts?.length ? line.name : null;
  if (city && distance) return t(language, "installation.line.name", { city, distance: t(language, `installation.distance.${distance}`) });
  return t(language, "product.facility.name");
}

/** The shopper's messages for a refused configuration: each issue, in the store's language. */
export function issueMessages(language: RequestContext["language"], issues: Issue[] = []): string[] {
  return issues.map((i) => {
    const params: Record<string, number> = {};
    if (i.code === "range") Object.assign(params, { min: i.min, max: i.max });
    if (i.code === "combined") Object.assign(params, { sum: i.sum, max: i.max });
    return t(language, `product.config.issue.${i.code}`, params);
  });
}
