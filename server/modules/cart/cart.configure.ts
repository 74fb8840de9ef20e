import { shippingNetPerUnit } from "../../../core/cart-pricing.ts";
import {
  type ConfigCatalog,
  checkConfiguration,
  configCatalog,
  evaluate,
  FACILITY_ID,
  INSTALLATION_ID,
  type Issue,
  type Selection,
} from "../../../core/configurator.ts";
import { t } from "../../../core/i18n/index.ts";
import { contextFor, type RequestContext } from "../../lib/request-context.ts";
import type { CatalogService } from "../catalog/catalog.types.ts";
import type { StoredLine } from "./cart.schema.ts";

/** What the cart needs from the catalog: the same calls the product page makes. */
export type CartCatalog = Pick<CatalogService, "productBySlug" | "productAttributes" | "complements" | "complementTypes" | "weblistProducts">;

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

/**
 * Checks a configurator submission against the catalog of the context's store and prices it
 * there (spec 4 and 5): the same checkConfiguration the product page's form runs, never a
 * price from the client. Products are priced at private-customer prices with each line's
 * professional discount kept beside them, so a cart shows professional prices exactly when
 * its owner is a professional (also after a guest cart joins a professional's account).
 * Installation services are kept net in the catalog: the cart adds VAT (spec 9).
 */
export async function configureRow(
  ctx: RequestContext,
  catalog: CartCatalog,
  input: { product: string | number; selection: Selection },
): Promise<{ ok: true; row: ConfiguredRow } | ConfigureFailure> {
  // Catalog reads outside the caller's transaction, at the private customer's prices.
  const cctx = contextFor(ctx.store, null);
  let slug = typeof input.product === "string" ? input.product : null;
  if (slug === null) {
    const found = await catalog.weblistProducts(cctx, { ids: [input.product as number], page_size: 1 });
    slug = found.results[0]?.slug ?? null;
  }
  if (!slug) return { ok: false, code: "cart.product_not_found" };
  const product = await catalog.productBySlug(cctx, slug);
  if (!product) return { ok: false, code: "cart.product_not_found" };
  const [attributes, complements, complementTypes] = await Promise.all([
    catalog.productAttributes(cctx, slug),
    catalog.complements(cctx, slug),
    catalog.complementTypes(cctx, slug),
  ]);
  const cfg: ConfigCatalog = configCatalog(
    { product, attributes: attributes ?? [], complements: complements ?? [], complementTypes: complementTypes ?? [] },
    { installationService: ctx.store.features.installationService, vatRateBp: ctx.store.vatRateBp },
  );
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
        name: t(ctx.language, c.id === INSTALLATION_ID ? "product.installation.name" : "product.facility.name"),
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
    if (a.field_type === "range" && sel.ranges[a.id] != null) summary.push({ label: a.name, value: `${sel.ranges[a.id]} cm` });
    else if (a.field_type === "open" && sel.texts[a.id]) summary.push({ label: a.name, value: sel.texts[a.id] });
    else {
      const o = a.options.find((x) => chosen.has(x.id));
      if (o) summary.push({ label: a.name, value: o.value_string });
    }
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

/** The shopper's messages for a refused configuration: each issue, in the store's language. */
export function issueMessages(language: RequestContext["language"], issues: Issue[] = []): string[] {
  return issues.map((i) => {
    const params: Record<string, number> = {};
    if (i.code === "range") Object.assign(params, { min: i.min, max: i.max });
    if (i.code === "combined") Object.assign(params, { sum: i.sum, max: i.max });
    return t(language, `product.config.issue.${i.code}`, params);
  });
}
