/** The catalog's rules for one product: required answers, range bands, blocked options, variants, locked complements. */
import type { CfgAttribute, CfgOption, ConfigCatalog, Issue } from "./types.ts";
import { isService } from "./types.ts";

/**
 * The catalog as the configurator of one store sees it: the French store has no
 * installation service, so its service complements are left out (and a submission naming
 * them is refused as foreign to the product).
 */
export function configCatalog(input: ConfigCatalog, opts: { installationService: boolean; vatRateBp?: number }): ConfigCatalog {
  const complements = opts.installationService ? input.complements : input.complements.filter((c) => !isService(c.id));
  const typeIds = new Set(complements.map((c) => c.complement_type.id));
  return {
    ...input,
    ...(opts.vatRateBp ? { serviceVatBp: opts.vatRateBp } : {}),
    // No installation service, no wizard (France).
    installation: opts.installationService ? (input.installation ?? null) : null,
    attributes: [...input.attributes].sort(byPosition),
    complements: [...complements].sort(byPosition),
    complementTypes: input.complementTypes.filter((t) => typeIds.has(t.id)).sort(byPosition),
  };
}

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

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
  return attr.options.find((o) => o.value_range_min != null && o.value_range_max != null && value >= o.value_range_min && value <= o.value_range_max) ?? null;
}

/** The option ids a selection amounts to (range measures become their band), noting what is missing or wrong. */
export function attrOptionIds(attrs: CfgAttribute[], options: Record<string, number>, ranges: Record<string, number>, issues: Issue[]): number[] {
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
