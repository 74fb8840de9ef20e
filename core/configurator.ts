/**
 * The product configurator (spec sections 4 and 5): pure, browser-safe logic shared by the
 * product page (live feedback) and the server (re-validation and pricing before a line is
 * added to the cart), so both always agree. The input types are structural subsets of the
 * catalog DTOs (server/modules/catalog/catalog.types.ts): the DTOs are passed as they are.
 */
import { applyDiscountBp, type Cents, sum } from "./money.ts";

// ---------------------------------------------------------------- input shapes

export type CfgPrices = { pvp_web: number; pvp_original: number | null; professional_discount_bp: number };

export type CfgOption = {
  id: number;
  ref: string;
  price: number;
  position: number;
  slug: string;
  value_string: string;
  value_range_min: number | null;
  value_range_max: number | null;
  block_options: number[];
  complements_locked: number[];
};

export type CfgAttribute = {
  id: number;
  slug: string;
  name: string;
  field_type: "toggle" | "hiperlink" | "select" | "color" | "range" | "open";
  aesthetic: boolean;
  group: { id: number; slug: string; name: string; position: number } | null;
  position: number;
  range: { min: number; max: number } | null;
  options: CfgOption[];
};

export type CfgVariant = { id: number; ref: string; options: number[]; prices: CfgPrices; stock: number };

export type CfgComplementType = { id: number; slug: string; name: string; position: number; img: string };

export type CfgComplement = {
  id: string;
  price: number;
  quantity: number;
  position: number;
  complement_type: CfgComplementType;
  product: { id: number; ref: string; name: string } | null;
  attributes: CfgAttribute[];
  variants: CfgVariant[];
};

export type CfgProduct = {
  id: number;
  ref: string;
  name: string;
  prices: CfgPrices;
  stock: number;
  variants: CfgVariant[];
  max_combined_measure: number | null;
};

/** Everything the configurator needs about one product in one store. */
export type ConfigCatalog = {
  product: CfgProduct;
  attributes: CfgAttribute[];
  complements: CfgComplement[];
  complementTypes: CfgComplementType[];
};

/** Service complements whose quantity follows the product quantity. */
export const INSTALLATION_ID = "installation-complement";
export const FACILITY_ID = "facility";
const isService = (id: string) => id === INSTALLATION_ID || id === FACILITY_ID;

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/**
 * The catalog as the configurator of one store sees it: the French store has no
 * installation service, so its service complements are left out (and a submission naming
 * them is refused as foreign to the product).
 */
export function configCatalog(
  input: ConfigCatalog,
  opts: { installationService: boolean },
): ConfigCatalog {
  const complements = opts.installationService ? input.complements : input.complements.filter((c) => !isService(c.id));
  const typeIds = new Set(complements.map((c) => c.complement_type.id));
  return {
    ...input,
    attributes: [...input.attributes].sort(byPosition),
    complements: [...complements].sort(byPosition),
    complementTypes: input.complementTypes.filter((t) => typeIds.has(t.id)).sort(byPosition),
  };
}

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

// ---------------------------------------------------------------- selection (what the shopper chose)

export type ComplementSelection = {
  quantity: number;
  /** attribute id -> option id */
  options: Record<string, number>;
  /** range attribute id -> cm */
  ranges: Record<string, number>;
};

export type Selection = {
  quantity: number;
  /** attribute id -> chosen option id (range attributes: derived from the measure, not stored). */
  options: Record<string, number>;
  /** range attribute id -> measure in whole cm */
  ranges: Record<string, number>;
  /** open attribute id -> free text */
  texts: Record<string, string>;
  /** complement id -> its selection; a complement is present at most once. */
  complements: Record<string, ComplementSelection>;
};

export const emptySelection = (): Selection => ({ quantity: 1, options: {}, ranges: {}, texts: {}, complements: {} });

// ---------------------------------------------------------------- attribute rules

/** Whether a shopper must answer this attribute before the product is complete. */
export function isRequired(attr: CfgAttribute): boolean {
  switch (attr.field_type) {
    case "select":
    case "color":
    case "range":
      return true;
    case "toggle":
      // A single-option toggle is an opt-in extra (on/off); with two or more it is a choice.
      return attr.options.length > 1;
    default:
      // hiperlink points to a guide; open is a free note.
      return false;
  }
}

/** Limits of a range attribute in cm: the product's own limits, else the span of its option bands. */
export function rangeLimits(attr: CfgAttribute): { min: number; max: number } | null {
  if (attr.range) return attr.range;
  const mins = attr.options.map((o) => o.value_range_min).filter((v): v is number => v != null);
  const maxs = attr.options.map((o) => o.value_range_max).filter((v): v is number => v != null);
  if (!mins.length || !maxs.length) return null;
  return { min: Math.min(...mins), max: Math.max(...maxs) };
}

/** The option band of a range attribute that a measure falls in (null when the attribute has no bands). */
export function bandFor(attr: CfgAttribute, value: number): CfgOption | null {
  return (
    attr.options.find(
      (o) => o.value_range_min != null && o.value_range_max != null && value >= o.value_range_min && value <= o.value_range_max,
    ) ?? null
  );
}

export type Issue =
  | { code: "incomplete"; attributeId: number }
  | { code: "range"; attributeId: number; min: number; max: number }
  | { code: "combined"; sum: number; max: number }
  | { code: "blocked"; attributeId: number; optionId: number; by: number }
  | { code: "unknown_option"; attributeId: number }
  | { code: "no_variant" }
  | { code: "complement_incomplete"; complementId: string }
  | { code: "complement_unknown"; complementId: string }
  | { code: "complement_locked"; complementId: string }
  | { code: "quantity" };

function attrOptionIds(attrs: CfgAttribute[], options: Record<string, number>, ranges: Record<string, number>, issues: Issue[]): number[] {
  const ids: number[] = [];
  for (const attr of attrs) {
    if (attr.field_type === "range") {
      const value = ranges[attr.id];
      if (value == null) {
        if (isRequired(attr)) issues.push({ code: "incomplete", attributeId: attr.id });
        continue;
      }
      const limits = rangeLimits(attr);
      const band = attr.options.length ? bandFor(attr, value) : null;
      if (!Number.isInteger(value) || (limits && (value < limits.min || value > limits.max)) || (attr.options.length > 0 && !band)) {
        issues.push({ code: "range", attributeId: attr.id, min: limits?.min ?? 0, max: limits?.max ?? 0 });
        continue;
      }
      if (band) ids.push(band.id);
      continue;
    }
    const chosen = options[attr.id];
    if (chosen == null) {
      if (isRequired(attr)) issues.push({ code: "incomplete", attributeId: attr.id });
      continue;
    }
    if (!attr.options.some((o) => o.id === chosen)) {
      issues.push({ code: "unknown_option", attributeId: attr.id });
      continue;
    }
    ids.push(chosen);
  }
  return ids;
}

/**
 * Options made unavailable by the chosen ones: option id -> the chosen option that blocks it.
 * (Choosing an option that blocks an earlier choice clears that choice instead: see reduce.)
 */
export function blockedOptions(attrs: CfgAttribute[], chosenIds: number[]): Record<number, number> {
  const chosen = new Set(chosenIds);
  const out: Record<number, number> = {};
  for (const a of attrs) {
    for (const o of a.options) {
      if (!chosen.has(o.id)) continue;
      for (const b of o.block_options) if (b !== o.id) out[b] = o.id;
    }
  }
  return out;
}

/** The variant whose options are all chosen; the most specific one when several match. */
export function resolveVariant<V extends { options: number[] }>(variants: V[], chosenIds: number[]): V | null {
  const chosen = new Set(chosenIds);
  let best: V | null = null;
  for (const v of variants) {
    if (v.options.every((o) => chosen.has(o)) && (!best || v.options.length > best.options.length)) best = v;
  }
  return best;
}

/** Complement type ids skipped because a chosen option locks them. */
export function lockedComplementTypes(attrs: CfgAttribute[], chosenIds: number[]): Set<number> {
  const chosen = new Set(chosenIds);
  const out = new Set<number>();
  for (const a of attrs) for (const o of a.options) if (chosen.has(o.id)) for (const t of o.complements_locked) out.add(t);
  return out;
}

// ---------------------------------------------------------------- evaluation and price

export type PriceLine = {
  kind: "product" | "complement";
  id: string;
  name: string;
  ref: string;
  quantity: number;
  /** Unit price paid (after the professional discount when it applies). */
  unit: Cents;
  total: Cents;
  /** Total before the offer, when on offer. */
  original: Cents | null;
};

export type PriceBreakdown = {
  lines: PriceLine[];
  total: Cents;
  /** Total at struck-through prices (null when nothing is on offer). */
  original: Cents | null;
  /** What the professional discount saved (0 for private customers). */
  professionalSaving: Cents;
};

export type ComplementEvaluation = {
  id: string;
  complete: boolean;
  variant: CfgVariant | null;
  chosen: number[];
  blocked: Record<number, number>;
  issues: Issue[];
};

export type Evaluation = {
  chosen: number[];
  variant: CfgVariant | null;
  blocked: Record<number, number>;
  lockedTypes: Set<number>;
  issues: Issue[];
  complements: Record<string, ComplementEvaluation>;
  /** Product attributes answered, ranges valid and a variant found. */
  productComplete: boolean;
  complementsComplete: boolean;
  /** The first problem, as the code of its spec message; null when the configuration can go to the cart. */
  status: null | "incomplete" | "complements_incomplete" | "invalid";
  price: PriceBreakdown;
};

export type UserType = "customer" | "professional";

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
  userType: UserType,
): PriceLine & { saving: Cents } {
  const pay = (base?.pvp_web ?? fallback) + extra;
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
export function evaluate(catalog: ConfigCatalog, sel: Selection, userType: UserType = "customer"): Evaluation {
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
  const productLine = line("product", String(product.id), product.name, variant?.ref ?? product.ref, variant?.prices ?? product.prices, 0, surcharges(attributes, chosen), quantity, userType);
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
    lines.push(line("complement", id, name, ce.variant?.ref ?? c.product?.ref ?? id, prices, c.price, surcharges(c.attributes, ce.chosen), clampQuantity(cs.quantity), userType));
  }

  const productComplete = !issues.some((i) => !i.code.startsWith("complement_") && i.code !== "quantity");
  const complementsComplete = !issues.some((i) => i.code.startsWith("complement_"));
  const invalid = issues.some((i) => ["range", "combined", "blocked", "unknown_option", "quantity", "complement_unknown", "complement_locked"].includes(i.code));
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

export const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Number.isFinite(n) ? Math.trunc(n) : 1));

/** The i18n key of the message a shopper reads for an issue (product.json). */
export function issueMessageKey(issue: Issue): string {
  return `product.config.issue.${issue.code}`;
}

/** The spec's message for a configuration that cannot go to the cart. */
export function statusMessageKey(status: NonNullable<Evaluation["status"]>): string {
  return `product.config.${status}`;
}

// ---------------------------------------------------------------- steps

export type Step =
  | { key: string; kind: "aesthetic"; title: null; attributes: CfgAttribute[] }
  | { key: string; kind: "group"; title: string; attributes: CfgAttribute[] }
  | { key: string; kind: "complements"; title: string; type: CfgComplementType; complements: CfgComplement[] }
  | { key: "summary"; kind: "summary"; title: null };

/**
 * The configurator's steps: aesthetic attributes first (when the product has any), then the
 * configuration groups in order, then the complement types in order except those locked by
 * a chosen option, then the summary.
 */
export function buildSteps(catalog: ConfigCatalog, sel: Selection): Step[] {
  const steps: Step[] = [];
  const aesthetic = catalog.attributes.filter((a) => a.aesthetic);
  if (aesthetic.length) steps.push({ key: "aesthetic", kind: "aesthetic", title: null, attributes: aesthetic });
  const groups = new Map<string, { position: number; name: string; attrs: CfgAttribute[] }>();
  for (const a of catalog.attributes) {
    if (a.aesthetic) continue;
    const key = a.group ? `group-${a.group.id}` : "group-0";
    const g = groups.get(key) ?? { position: a.group?.position ?? Number.MAX_SAFE_INTEGER, name: a.group?.name ?? "", attrs: [] };
    g.attrs.push(a);
    groups.set(key, g);
  }
  for (const [key, g] of [...groups].sort((x, y) => x[1].position - y[1].position)) {
    steps.push({ key, kind: "group", title: g.name, attributes: g.attrs });
  }
  const locked = lockedComplementTypes(catalog.attributes, evaluateChosen(catalog, sel));
  for (const type of catalog.complementTypes) {
    if (locked.has(type.id)) continue;
    const complements = catalog.complements.filter((c) => c.complement_type.id === type.id);
    if (complements.length) steps.push({ key: `complements-${type.id}`, kind: "complements", title: type.name, type, complements });
  }
  steps.push({ key: "summary", kind: "summary", title: null });
  return steps;
}

function evaluateChosen(catalog: ConfigCatalog, sel: Selection): number[] {
  return attrOptionIds(catalog.attributes, sel.options, sel.ranges, []);
}

/** A step can be left forward when its required answers are given and valid. */
export function stepComplete(catalog: ConfigCatalog, sel: Selection, step: Step): boolean {
  const ev = evaluate(catalog, sel);
  if (step.kind === "aesthetic" || step.kind === "group") {
    const ids = new Set(step.attributes.map((a) => a.id));
    if (ev.issues.some((i) => "attributeId" in i && ids.has(i.attributeId))) return false;
    if (step.attributes.some((a) => a.field_type === "range") && ev.issues.some((i) => i.code === "combined")) return false;
    return true;
  }
  if (step.kind === "complements") {
    return step.complements.every((c) => !sel.complements[c.id] || ev.complements[c.id]?.complete);
  }
  return ev.status === null;
}

// ---------------------------------------------------------------- state and reducer

export type ConfigState = { step: string; selection: Selection };

export type ConfigAction =
  | { type: "choose"; attributeId: number; optionId: number }
  | { type: "clear"; attributeId: number }
  | { type: "range"; attributeId: number; value: number | null }
  | { type: "text"; attributeId: number; value: string }
  | { type: "next" }
  | { type: "prev" }
  | { type: "goto"; step: string }
  | { type: "quantity"; quantity: number }
  | { type: "addComplement"; complementId: string }
  | { type: "removeComplement"; complementId: string }
  | { type: "complementChoose"; complementId: string; attributeId: number; optionId: number }
  | { type: "complementRange"; complementId: string; attributeId: number; value: number | null }
  | { type: "complementQuantity"; complementId: string; quantity: number };

/** The starting state: first step, the default variant's options and the free answer of yes/no toggles pre-chosen. */
export function initialState(catalog: ConfigCatalog, defaultVariantId?: number | null): ConfigState {
  const selection = emptySelection();
  const v = catalog.product.variants.find((x) => x.id === defaultVariantId);
  for (const a of catalog.attributes) {
    if (a.field_type === "range") continue;
    const o = v ? a.options.find((x) => v.options.includes(x.id)) : undefined;
    if (o) selection.options[a.id] = o.id;
    // A yes/no toggle starts on its free answer ("without treatment"): extras are opt-in.
    else if (a.field_type === "toggle" && a.options.length > 1) {
      const free = a.options.find((x) => x.price === 0);
      if (free) selection.options[a.id] = free.id;
    }
  }
  return { step: buildSteps(catalog, selection)[0].key, selection };
}

function withoutLocked(catalog: ConfigCatalog, sel: Selection): Selection {
  const locked = lockedComplementTypes(catalog.attributes, evaluateChosen(catalog, sel));
  if (!locked.size) return sel;
  const complements = Object.fromEntries(
    Object.entries(sel.complements).filter(([id]) => {
      const c = catalog.complements.find((x) => x.id === id);
      return c && !locked.has(c.complement_type.id);
    }),
  );
  return { ...sel, complements };
}

function chooseIn(attrs: CfgAttribute[], options: Record<string, number>, ranges: Record<string, number>, attributeId: number, optionId: number): Record<string, number> | null {
  const attr = attrs.find((a) => a.id === attributeId);
  const option = attr?.options.find((o) => o.id === optionId);
  if (!attr || !option || attr.field_type === "range") return null;
  const others = { ...options };
  delete others[attributeId];
  const chosenOthers = attrOptionIds(attrs.filter((a) => a.id !== attributeId), others, ranges, []);
  // Refused when another choice blocks it (the UI shows it disabled with the reason).
  if (optionId in blockedOptions(attrs, chosenOthers)) return null;
  const next: Record<string, number> = { ...others, [attributeId]: optionId };
  // The new option may block choices made earlier: they are cleared rather than kept invalid.
  const blocks = new Set(option.block_options);
  for (const [aid, oid] of Object.entries(next)) if (blocks.has(oid)) delete next[aid];
  return next;
}

/** Pure state transitions of the configurator (a React reducer once bound to its catalog). */
export function reduce(catalog: ConfigCatalog, state: ConfigState, action: ConfigAction): ConfigState {
  const sel = state.selection;
  switch (action.type) {
    case "choose": {
      const options = chooseIn(catalog.attributes, sel.options, sel.ranges, action.attributeId, action.optionId);
      if (!options) return state;
      return { ...state, selection: withoutLocked(catalog, { ...sel, options }) };
    }
    case "clear": {
      const options = { ...sel.options };
      const ranges = { ...sel.ranges };
      delete options[action.attributeId];
      delete ranges[action.attributeId];
      return { ...state, selection: { ...sel, options, ranges } };
    }
    case "range": {
      const ranges = { ...sel.ranges };
      if (action.value == null || Number.isNaN(action.value)) delete ranges[action.attributeId];
      else ranges[action.attributeId] = action.value;
      return { ...state, selection: withoutLocked(catalog, { ...sel, ranges }) };
    }
    case "text": {
      const texts = { ...sel.texts };
      const v = action.value.slice(0, 500);
      if (v.trim()) texts[action.attributeId] = v;
      else delete texts[action.attributeId];
      return { ...state, selection: { ...sel, texts } };
    }
    case "next":
    case "prev": {
      const steps = buildSteps(catalog, sel);
      const i = Math.max(0, steps.findIndex((s) => s.key === state.step));
      if (action.type === "next" && !stepComplete(catalog, sel, steps[i])) return state;
      const j = action.type === "next" ? Math.min(steps.length - 1, i + 1) : Math.max(0, i - 1);
      return { ...state, step: steps[j].key };
    }
    case "goto": {
      const steps = buildSteps(catalog, sel);
      const target = steps.findIndex((s) => s.key === action.step);
      if (target < 0) return state;
      // Going back is always allowed; going forward only over complete steps.
      const current = Math.max(0, steps.findIndex((s) => s.key === state.step));
      for (let k = current; k < target; k++) if (!stepComplete(catalog, sel, steps[k])) return state;
      return { ...state, step: action.step };
    }
    case "quantity": {
      const quantity = clampQuantity(action.quantity);
      const complements = { ...sel.complements };
      for (const id of Object.keys(complements)) if (isService(id)) complements[id] = { ...complements[id], quantity };
      return { ...state, selection: { ...sel, quantity, complements } };
    }
    case "addComplement": {
      const c = catalog.complements.find((x) => x.id === action.complementId);
      if (!c || sel.complements[c.id]) return state;
      const quantity = isService(c.id) ? sel.quantity : clampQuantity(c.quantity || 1);
      return { ...state, selection: { ...sel, complements: { ...sel.complements, [c.id]: { quantity, options: {}, ranges: {} } } } };
    }
    case "removeComplement": {
      if (!sel.complements[action.complementId]) return state;
      const complements = { ...sel.complements };
      delete complements[action.complementId];
      return { ...state, selection: { ...sel, complements } };
    }
    case "complementChoose": {
      const c = catalog.complements.find((x) => x.id === action.complementId);
      const cs = sel.complements[action.complementId];
      if (!c || !cs) return state;
      const options = chooseIn(c.attributes, cs.options, cs.ranges, action.attributeId, action.optionId);
      if (!options) return state;
      return { ...state, selection: { ...sel, complements: { ...sel.complements, [c.id]: { ...cs, options } } } };
    }
    case "complementRange": {
      const cs = sel.complements[action.complementId];
      if (!cs) return state;
      const ranges = { ...cs.ranges };
      if (action.value == null || Number.isNaN(action.value)) delete ranges[action.attributeId];
      else ranges[action.attributeId] = action.value;
      return { ...state, selection: { ...sel, complements: { ...sel.complements, [action.complementId]: { ...cs, ranges } } } };
    }
    case "complementQuantity": {
      const cs = sel.complements[action.complementId];
      // Services follow the product quantity.
      if (!cs || isService(action.complementId)) return state;
      return { ...state, selection: { ...sel, complements: { ...sel.complements, [action.complementId]: { ...cs, quantity: clampQuantity(action.quantity) } } } };
    }
  }
}

// ---------------------------------------------------------------- server-side check

export type CheckedConfiguration =
  | {
      ok: true;
      productId: number;
      variant: CfgVariant | null;
      /** The reference that goes to the cart line: the variant's, else the product's. */
      ref: string;
      quantity: number;
      optionIds: number[];
      ranges: Record<string, number>;
      texts: Record<string, string>;
      complements: { id: string; quantity: number; variantId: number | null; optionIds: number[] }[];
      price: PriceBreakdown;
    }
  | { ok: false; status: NonNullable<Evaluation["status"]>; issues: Issue[] };

/**
 * What the server runs before a configured product goes to the cart: the submission is
 * checked against the catalog (options belong to the product's attributes, the selected
 * variant exists and matches, measures within limits, complements belong to the product
 * and are not locked, quantities 1..99) and priced from the catalog, never from the client.
 */
export function checkConfiguration(catalog: ConfigCatalog, sel: Selection, userType: UserType = "customer"): CheckedConfiguration {
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
