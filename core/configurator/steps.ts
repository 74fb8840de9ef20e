/** The configurator's steps and its pure state transitions (a React reducer once bound to its catalog). */
import { evaluate } from "./evaluate.ts";
import { attrOptionIds, blockedOptions, lockedComplementTypes } from "./rules.ts";
import {
  type CfgAttribute,
  type ConfigAction,
  type ConfigCatalog,
  type ConfigState,
  clampQuantity,
  emptySelection,
  FACILITY_ID,
  INSTALLATION_ID,
  isService,
  type Selection,
  type Step,
} from "./types.ts";

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

function chooseIn(
  attrs: CfgAttribute[],
  options: Record<string, number>,
  ranges: Record<string, number>,
  attributeId: number,
  optionId: number,
): Record<string, number> | null {
  const attr = attrs.find((a) => a.id === attributeId);
  const option = attr?.options.find((o) => o.id === optionId);
  if (!attr || !option || attr.field_type === "range") return null;
  const others = { ...options };
  delete others[attributeId];
  const chosenOthers = attrOptionIds(
    attrs.filter((a) => a.id !== attributeId),
    others,
    ranges,
    [],
  );
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
      const i = Math.max(
        0,
        steps.findIndex((s) => s.key === state.step),
      );
      if (action.type === "next" && !stepComplete(catalog, sel, steps[i])) return state;
      const j = action.type === "next" ? Math.min(steps.length - 1, i + 1) : Math.max(0, i - 1);
      return { ...state, step: steps[j].key };
    }
    case "goto": {
      const steps = buildSteps(catalog, sel);
      const target = steps.findIndex((s) => s.key === action.step);
      if (target < 0) return state;
      // Going back is always allowed; going forward only over complete steps.
      const current = Math.max(
        0,
        steps.findIndex((s) => s.key === state.step),
      );
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
    case "installation": {
      // The wizard adds (or takes off) the reservation and the facility answers together.
      const complements = { ...sel.complements };
      delete complements[INSTALLATION_ID];
      delete complements[FACILITY_ID];
      if (action.choice) {
        const offered = (id: string) => catalog.complements.some((c) => c.id === id);
        if (!offered(INSTALLATION_ID) || !offered(FACILITY_ID)) return state;
        complements[INSTALLATION_ID] = { quantity: sel.quantity, options: {}, ranges: {} };
        complements[FACILITY_ID] = { quantity: sel.quantity, options: {}, ranges: {}, facility: { ...action.choice } };
      }
      return { ...state, selection: { ...sel, complements } };
    }
    case "complementQuantity": {
      const cs = sel.complements[action.complementId];
      // Services follow the product quantity.
      if (!cs || isService(action.complementId)) return state;
      return {
        ...state,
        selection: { ...sel, complements: { ...sel.complements, [action.complementId]: { ...cs, quantity: clampQuantity(action.quantity) } } },
      };
    }
  }
}
