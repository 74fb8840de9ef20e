/** The server's check of a configuration before it goes to the cart. */
import { evaluate } from "./evaluate.ts";
import type { CheckedConfiguration, ConfigCatalog, Selection, CustomerType } from "./types.ts";

export function checkConfiguration(catalog: ConfigCatalog, sel: Selection, userType: CustomerType = "customer"): CheckedConfiguration {
  // Only the product's own attribute ids count: stray keys are unknown options.
  const attrIds = new Set(catalog.attributes.map((a) => String(a.id)));
  const stray = Object.keys(sel.options).find((k) => !attrIds.has(k)) ?? Object.keys(sel.ranges).find((k) => !attrIds.has(k));
  if (stray) return { ok: false, status: "invalid", issues: [{ code: "unknown_option", attributeId: Number(stray) }] };
  const ev = evaluate(catalog, sel, userType);
  if (ev.status) return { ok: false, status: ev.status, issues: ev.issues };
  return {
    ok: true,
    productId: catalog.product.id,
    variant: ev.variant,
    ref: ev.variant?.ref ?? catalog.product.ref,
    quantity: sel.quantity,
    optionIds: ev.chosen,
    ranges: sel.ranges,
    texts: sel.texts,
    complements: Object.entries(sel.complements).map(([id, cs]) => ({
      id,
      quantity: cs.quantity,
      variantId: ev.complements[id]?.variant?.id ?? null,
      optionIds: ev.complements[id]?.chosen ?? [],
    })),
    price: ev.price,
  };
}
