/** Checking a selection against the catalog and pricing it (the product page and the server run the same code). */
import { applyDiscountBp, type Cents, multiply, sum } from "../money.ts";
import { quoteFacility } from "./facility.ts";
import { attrOptionIds, blockedOptions, lockedComplementTypes, resolveVariant } from "./rules.ts";
import {
  type CfgAttribute,
  type CfgComplement,
  type CfgPrices,
  type ComplementEvaluation,
  type ComplementSelection,
  type ConfigCatalog,
  clampQuantity,
  type Evaluation,
  FACILITY_ID,
  INSTALLATION_ID,
  isService,
  type Issue,
  MAX_QUANTITY,
  MIN_QUANTITY,
  type PriceLine,
  type Selection,
  type CustomerType,
} from "./types.ts";

function evaluateComplement(c: CfgComplement, sel: ComplementSelection): ComplementEvaluation {
  const issues: Issue[] = [];
  const chosen = attrOptionIds(c.attributes, sel.options, sel.ranges, issues);
  const blocked = blockedOptions(c.attributes, chosen);
  for (const id of chosen) {
    if (id in blocked) issues.push({ code: "blocked", attributeId: attrOf(c.attributes, id), optionId: id, by: blocked[id] });
  }
  const variant = c.variants.length ? resolveVariant(c.variants, chosen) : null;
  if (c.variants.length && !variant && !issues.length) issues.push({ code: "no_variant" });
  return { id: c.id, complete: issues.length === 0, variant, chosen, blocked, issues };
}

const attrOf = (attrs: CfgAttribute[], optionId: number) => attrs.find((a) => a.options.some((o) => o.id === optionId))?.id ?? 0;

function surcharges(attrs: CfgAttribute[], chosen: number[]): Cents {
  const set = new Set(chosen);
  return sum(attrs.flatMap((a) => a.options.filter((o) => set.has(o.id)).map((o) => o.price)));
}

function line(
  kind: PriceLine["kind"],
  id: string,
  name: string,
  ref: string,
  base: CfgPrices | null,
  fallback: Cents,
  extra: Cents,
  quantity: number,
  userType: CustomerType,
  vatFactor = 1,
): PriceLine & { saving: Cents } {
  const pay = multiply((base?.pvp_web ?? fallback) + extra, vatFactor);
  const bp = userType === "professional" ? (base?.professional_discount_bp ?? 0) : 0;
  const unit = bp ? applyDiscountBp(pay, bp) : pay;
  const originalUnit = base?.pvp_original != null && base.pvp_original > base.pvp_web ? base.pvp_original + extra : null;
  return {
    kind,
    id,
    name,
    ref,
    quantity,
    unit,
    total: unit * quantity,
    original: originalUnit == null ? null : originalUnit * quantity,
    saving: (pay - unit) * quantity,
  };
}

/**
 * Checks a selection against the catalog and prices it. Price = the selected variant's
 * pvp_web (the product's from-price while no variant is selected) + option surcharges,
 * times the quantity; plus each complement (its variant's price, else the complement's
 * price, plus its surcharges) times its quantity. Professional customers get each
 * product's professional discount; services have none.
 */
export function evaluate(catalog: ConfigCatalog, sel: Selection, userType: CustomerType = "customer"): Evaluation {
  const { product, attributes } = catalog;
  const issues: Issue[] = [];
  if (!Number.isInteger(sel.quantity) || sel.quantity < MIN_QUANTITY || sel.quantity > MAX_QUANTITY) issues.push({ code: "quantity" });
  const chosen = attrOptionIds(attributes, sel.options, sel.ranges, issues);
  const blocked = blockedOptions(attributes, chosen);
  for (const id of chosen) {
    if (id in blocked) issues.push({ code: "blocked", attributeId: attrOf(attributes, id), optionId: id, by: blocked[id] });
  }
  if (product.max_combined_measure != null) {
    const measures = attributes.filter((a) => a.field_type === "range" && sel.ranges[a.id] != null).map((a) => sel.ranges[a.id]);
    const total = sum(measures);
    if (measures.length > 1 && total > product.max_combined_measure) {
      issues.push({ code: "combined", sum: total, max: product.max_combined_measure });
    }
  }
  const variant = product.variants.length ? resolveVariant(product.variants, chosen) : null;
  if (product.variants.length && !variant && !issues.some((i) => i.code === "incomplete" || i.code === "range")) {
    issues.push({ code: "no_variant" });
  }
  const lockedTypes = lockedComplementTypes(attributes, chosen);

  const complements: Record<string, ComplementEvaluation> = {};
  const quantity = clampQuantity(sel.quantity);
  const productLine = line(
    "product",
    String(product.id),
    product.name,
    variant?.ref ?? product.ref,
    variant?.prices ?? product.prices,
    0,
    surcharges(attributes, chosen),
    quantity,
    userType,
  );
  const lines = [productLine];
  for (const [id, cs] of Object.entries(sel.complements)) {
    const c = catalog.complements.find((x) => x.id === id);
    if (!c) {
      issues.push({ code: "complement_unknown", complementId: id });
      continue;
    }
    if (lockedTypes.has(c.complement_type.id)) {
      issues.push({ code: "complement_locked", complementId: id });
      continue;
    }
    const ce = evaluateComplement(c, cs);
    complements[id] = ce;
    if (!ce.complete) issues.push({ code: "complement_incomplete", complementId: id });
    if (!Number.isInteger(cs.quantity) || cs.quantity < MIN_QUANTITY || cs.quantity > MAX_QUANTITY) issues.push({ code: "quantity" });
    const name = c.product?.name ?? c.complement_type.name;
    const prices = ce.variant?.prices ?? (c.product ? { pvp_web: c.price, pvp_original: null, professional_discount_bp: 0 } : null);
    // Services are priced net in the catalog and charged with VAT (spec 9: installation x 1.21).
    const factor = isService(id) && catalog.serviceVatBp ? 1 + catalog.serviceVatBp / 10_000 : 1;
    if (id === FACILITY_ID && catalog.installation) {
      // The wizard's service: city by distance + disassembly + pre-measurement, each x VAT (spec 9).
      const q = clampQuantity(cs.quantity);
      const quote = cs.facility ? quoteFacility(catalog.installation, cs.facility, factor) : null;
      if (!quote) {
        ce.complete = false;
        issues.push({ code: "complement_incomplete", complementId: id });
      } else if (!quote.ok) {
        ce.complete = false;
        issues.push({ code: quote.code, complementId: id });
      }
      const unit = quote?.ok ? quote.total : 0;
      // The line is named after the city (the cart's line reads "Instalación en Madrid, ...").
      lines.push({
        kind: "complement",
        id,
        name: quote?.ok ? quote.city.name : name,
        ref: id,
        quantity: q,
        unit,
        total: unit * q,
        original: null,
        saving: 0,
        ...(quote?.ok ? { parts: quote.parts } : {}),
      });
      continue;
    }
    lines.push(
      line(
        "complement",
        id,
        name,
        ce.variant?.ref ?? c.product?.ref ?? id,
        prices,
        c.price,
        surcharges(c.attributes, ce.chosen),
        clampQuantity(cs.quantity),
        userType,
        factor,
      ),
    );
  }

  // With the wizard, the reservation and the facility answers are one service: never one without the other.
  if (catalog.installation) {
    const has = (cid: string) => cid in sel.complements && catalog.complements.some((c) => c.id === cid);
    if (has(INSTALLATION_ID) && !has(FACILITY_ID)) issues.push({ code: "complement_incomplete", complementId: FACILITY_ID });
    if (has(FACILITY_ID) && !has(INSTALLATION_ID)) issues.push({ code: "complement_incomplete", complementId: INSTALLATION_ID });
  }

  const ofComplement = (i: Issue) => i.code.startsWith("complement_") || i.code.startsWith("facility_");
  const productComplete = !issues.some((i) => !ofComplement(i) && i.code !== "quantity");
  const complementsComplete = !issues.some(ofComplement);
  const invalid = issues.some((i) =>
    [
      "range",
      "combined",
      "blocked",
      "unknown_option",
      "quantity",
      "complement_unknown",
      "complement_locked",
      "facility_city",
      "facility_budget",
      "facility_distance",
    ].includes(i.code),
  );
  const status: Evaluation["status"] = invalid ? "invalid" : !productComplete ? "incomplete" : !complementsComplete ? "complements_incomplete" : null;
  const anyOffer = lines.some((l) => l.original != null);
  return {
    chosen,
    variant,
    blocked,
    lockedTypes,
    issues,
    complements,
    productComplete,
    complementsComplete,
    status,
    price: {
      lines: lines.map(({ saving: _s, ...l }) => l),
      total: sum(lines.map((l) => l.total)),
      original: anyOffer ? sum(lines.map((l) => l.original ?? l.total)) : null,
      professionalSaving: sum(lines.map((l) => l.saving)),
    },
  };
}

/** The i18n key of the message a shopper reads for an issue (product.json). */
export function issueMessageKey(issue: Issue): string {
  return `product.config.issue.${issue.code}`;
}

/** The spec's message for a configuration that cannot go to the cart. */
export function statusMessageKey(status: NonNullable<Evaluation["status"]>): string {
  return `product.config.${status}`;
}
