import { describe, expect, it } from "vitest";
import {
  type CfgAttribute,
  type CfgComplement,
  type CfgOption,
  type ConfigAction,
  type ConfigCatalog,
  type ConfigState,
  buildSteps,
  checkConfiguration,
  configCatalog,
  emptySelection,
  evaluate,
  initialState,
  reduce,
  resolveVariant,
} from "./configurator.ts";

const opt = (id: number, extra: Partial<CfgOption> = {}): CfgOption => ({
  id,
  ref: `O${id}`,
  price: 0,
  position: id,
  slug: `o-${id}`,
  value_string: `Option ${id}`,
  value_range_min: null,
  value_range_max: null,
  block_options: [],
  complements_locked: [],
  ...extra,
});

const group = (id: number, position: number) => ({ id, slug: `g${id}`, name: `Grupo ${id}`, position });

const colour: CfgAttribute = {
  id: 1,
  slug: "color",
  name: "Color",
  field_type: "color",
  aesthetic: true,
  group: null,
  position: 1,
  range: null,
  options: [opt(11), opt(12)],
};
const width: CfgAttribute = {
  id: 2,
  slug: "ancho",
  name: "Ancho",
  field_type: "range",
  aesthetic: false,
  group: group(1, 1),
  position: 2,
  range: { min: 70, max: 200 },
  options: [opt(21, { value_range_min: 70, value_range_max: 100 }), opt(22, { value_range_min: 101, value_range_max: 200 })],
};
const length: CfgAttribute = {
  id: 3,
  slug: "largo",
  name: "Largo",
  field_type: "range",
  aesthetic: false,
  group: group(1, 1),
  position: 3,
  range: { min: 70, max: 120 },
  options: [],
};
const valve: CfgAttribute = {
  id: 4,
  slug: "valvula",
  name: "Válvula incluida",
  field_type: "toggle",
  aesthetic: false,
  group: group(2, 2),
  position: 4,
  range: null,
  options: [opt(41, { price: 2500, complements_locked: [2] })],
};
const finish: CfgAttribute = {
  id: 5,
  slug: "acabado",
  name: "Acabado",
  field_type: "select",
  aesthetic: false,
  group: group(2, 2),
  position: 5,
  range: null,
  options: [opt(51), opt(52, { price: 1000, block_options: [12] })],
};

const prices = (pvp: number, original: number | null = null, bp = 1000) => ({ pvp_web: pvp, pvp_original: original, professional_discount_bp: bp });
const type = (id: number, position: number) => ({ id, slug: `t${id}`, name: `Tipo ${id}`, position, img: "x" });

const seat: CfgComplement = {
  id: "101",
  price: 4000,
  quantity: 1,
  position: 1,
  complement_type: type(1, 1),
  product: { id: 900, ref: "SEAT", name: "Asiento" },
  attributes: [
    {
      id: 9,
      slug: "seat-color",
      name: "Color asiento",
      field_type: "color",
      aesthetic: true,
      group: null,
      position: 1,
      range: null,
      options: [opt(91), opt(92)],
    },
  ],
  variants: [
    { id: 1001, ref: "SEAT-W", options: [91], prices: prices(5000, null, 500), stock: 3 },
    { id: 1002, ref: "SEAT-B", options: [92], prices: prices(6000), stock: 3 },
  ],
};
const drain: CfgComplement = {
  id: "102",
  price: 1500,
  quantity: 2,
  position: 2,
  complement_type: type(2, 2),
  product: { id: 901, ref: "DRAIN", name: "Sifón" },
  attributes: [],
  variants: [],
};
const installation: CfgComplement = {
  id: "installation-complement",
  price: 15000,
  quantity: 1,
  position: 3,
  complement_type: type(3, 3),
  product: null,
  attributes: [],
  variants: [],
};
const facility: CfgComplement = {
  id: "facility",
  price: 2000,
  quantity: 1,
  position: 4,
  complement_type: type(3, 3),
  product: null,
  attributes: [],
  variants: [],
};

const raw: ConfigCatalog = {
  product: {
    id: 7,
    ref: "PD-1",
    name: "Plato a medida",
    stock: 5,
    max_combined_measure: 280,
    prices: prices(20000, 25000),
    variants: [
      { id: 1, ref: "PD-1-W-S", options: [11, 21], prices: prices(20000, 25000), stock: 5 },
      { id: 2, ref: "PD-1-W-L", options: [11, 22], prices: prices(30000), stock: 5 },
      { id: 3, ref: "PD-1-B-S", options: [12, 21], prices: prices(22000), stock: 5 },
      { id: 4, ref: "PD-1-B-L", options: [12, 22], prices: prices(32000), stock: 5 },
    ],
  },
  attributes: [finish, valve, colour, width, length],
  complements: [installation, seat, drain, facility],
  complementTypes: [type(3, 3), type(1, 1), type(2, 2)],
};
const es = configCatalog(raw, { installationService: true });
const fr = configCatalog(raw, { installationService: false });

const run = (state: ConfigState, ...actions: ConfigAction[]) => actions.reduce((s, a) => reduce(es, s, a), state);
const start = () => initialState(es);
const keys = (s: ConfigState) => buildSteps(es, s.selection).map((x) => x.key);

/** White, 90 x 100, plain finish: a complete product. */
const configured = () =>
  run(
    start(),
    { type: "choose", attributeId: 1, optionId: 11 },
    { type: "range", attributeId: 2, value: 90 },
    { type: "range", attributeId: 3, value: 100 },
    { type: "choose", attributeId: 5, optionId: 51 },
  );

describe("variant resolution", () => {
  it("selects the variant whose options are all chosen", () => {
    expect(resolveVariant(raw.product.variants, [12, 22, 51])?.ref).toBe("PD-1-B-L");
    expect(resolveVariant(raw.product.variants, [12])).toBeNull();
  });
  it("prefers the most specific variant when several match", () => {
    const vs = [{ options: [1] }, { options: [1, 2] }];
    expect(resolveVariant(vs, [1, 2])).toBe(vs[1]);
  });
  it("follows the measure band of a range attribute and recalculates on every change", () => {
    let s = configured();
    expect(evaluate(es, s.selection).variant?.ref).toBe("PD-1-W-S");
    s = run(s, { type: "range", attributeId: 2, value: 150 });
    expect(evaluate(es, s.selection).variant?.ref).toBe("PD-1-W-L");
    s = run(s, { type: "clear", attributeId: 1 });
    const ev = evaluate(es, s.selection);
    expect(ev.variant).toBeNull();
    expect(ev.status).toBe("incomplete");
    // While no variant is selected the price starts from the product's from-price.
    expect(ev.price.lines[0].unit).toBe(20000);
  });
  it("starts from the product's default variant", () => {
    const s = initialState(es, 4);
    expect(s.selection.options).toEqual({ 1: 12 });
  });
});

describe("step walk", () => {
  it("puts the aesthetic step first, then groups in order, then complement types in order, then the summary", () => {
    expect(keys(start())).toEqual(["aesthetic", "group-1", "group-2", "complements-1", "complements-2", "complements-3", "summary"]);
    expect(start().step).toBe("aesthetic");
  });
  it("has no aesthetic step when the product has no aesthetic attribute", () => {
    const plain = configCatalog({ ...raw, attributes: [width, length] }, { installationService: true });
    expect(buildSteps(plain, emptySelection())[0].key).toBe("group-1");
  });
  it("walks next only over answered steps and previous always", () => {
    let s = run(start(), { type: "next" });
    expect(s.step).toBe("aesthetic");
    s = run(s, { type: "choose", attributeId: 1, optionId: 11 }, { type: "next" });
    expect(s.step).toBe("group-1");
    s = run(s, { type: "range", attributeId: 2, value: 90 }, { type: "next" });
    expect(s.step).toBe("group-1"); // length still missing
    s = run(s, { type: "range", attributeId: 3, value: 100 }, { type: "next" }, { type: "prev" }, { type: "prev" });
    expect(s.step).toBe("aesthetic");
    expect(run(s, { type: "prev" }).step).toBe("aesthetic");
  });
  it("skips a complement type locked by a chosen option and brings it back when the option is removed", () => {
    let s = run(configured(), { type: "addComplement", complementId: "102" });
    s = run(s, { type: "choose", attributeId: 4, optionId: 41 });
    expect(keys(s)).not.toContain("complements-2");
    // The locked type's complement leaves the configuration (and the price).
    expect(s.selection.complements["102"]).toBeUndefined();
    s = run(s, { type: "goto", step: "complements-1" }, { type: "next" });
    expect(s.step).toBe("complements-3");
    s = run(s, { type: "clear", attributeId: 4 });
    expect(keys(s)).toContain("complements-2");
  });
  it("has no installation step in the French store", () => {
    expect(buildSteps(fr, emptySelection()).map((x) => x.key)).not.toContain("complements-3");
  });
  it("refuses to jump forward over an incomplete step", () => {
    expect(run(start(), { type: "goto", step: "summary" }).step).toBe("aesthetic");
    expect(run(configured(), { type: "goto", step: "summary" }).step).toBe("summary");
  });
});

describe("blocked options", () => {
  it("makes options blocked by a choice unavailable, with the blocking option as the reason", () => {
    const s = run(configured(), { type: "choose", attributeId: 1, optionId: 11 });
    const sel = { ...s.selection, options: { ...s.selection.options, 5: 52 } };
    expect(evaluate(es, sel).blocked[12]).toBe(52);
  });
  it("refuses a blocked option", () => {
    const s = run(configured(), { type: "choose", attributeId: 5, optionId: 52 });
    expect(run(s, { type: "choose", attributeId: 1, optionId: 12 }).selection.options[1]).toBe(11);
  });
  it("clears an earlier choice that a new option blocks", () => {
    let s = run(configured(), { type: "choose", attributeId: 1, optionId: 12 });
    s = run(s, { type: "choose", attributeId: 5, optionId: 52 });
    expect(s.selection.options[1]).toBeUndefined();
    expect(evaluate(es, s.selection).status).toBe("incomplete");
  });
  it("rejects a blocked pair submitted to the server", () => {
    const sel = { ...configured().selection, options: { 1: 12, 5: 52 } };
    const r = checkConfiguration(es, sel);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.some((i) => i.code === "blocked")).toBe(true);
  });
});

describe("measures", () => {
  it("refuses a measure outside the product's limits", () => {
    const s = run(configured(), { type: "range", attributeId: 3, value: 130 });
    const ev = evaluate(es, s.selection);
    expect(ev.issues).toContainEqual({ code: "range", attributeId: 3, min: 70, max: 120 });
    expect(ev.status).toBe("invalid");
  });
  it("refuses decimals", () => {
    const s = run(configured(), { type: "range", attributeId: 2, value: 90.5 });
    expect(evaluate(es, s.selection).issues[0]).toMatchObject({ code: "range", attributeId: 2 });
  });
  it("refuses measures whose sum exceeds the product's maximum combined measure", () => {
    const ok = run(configured(), { type: "range", attributeId: 2, value: 160 }, { type: "range", attributeId: 3, value: 120 });
    expect(evaluate(es, ok.selection).status).toBeNull(); // 280 = max
    const tooBig = run(ok, { type: "range", attributeId: 2, value: 161 });
    expect(evaluate(es, tooBig.selection).issues).toContainEqual({ code: "combined", sum: 281, max: 280 });
    expect(run(tooBig, { type: "goto", step: "group-1" }, { type: "next" }).step).toBe("group-1");
  });
});

describe("complements", () => {
  it("adds a complement once and removing it clears its options and variant", () => {
    let s = run(configured(), { type: "addComplement", complementId: "101" }, { type: "addComplement", complementId: "101" });
    expect(Object.keys(s.selection.complements)).toEqual(["101"]);
    s = run(s, { type: "complementChoose", complementId: "101", attributeId: 9, optionId: 92 });
    expect(evaluate(es, s.selection).complements["101"].variant?.ref).toBe("SEAT-B");
    s = run(s, { type: "removeComplement", complementId: "101" }, { type: "addComplement", complementId: "101" });
    expect(s.selection.complements["101"].options).toEqual({});
  });
  it("reports a complement whose own configuration is missing", () => {
    const s = run(configured(), { type: "addComplement", complementId: "101" });
    const ev = evaluate(es, s.selection);
    expect(ev.productComplete).toBe(true);
    expect(ev.status).toBe("complements_incomplete");
  });
  it("keeps installation and facility quantities equal to the product quantity", () => {
    let s = run(configured(), { type: "addComplement", complementId: "installation-complement" }, { type: "quantity", quantity: 3 });
    s = run(s, { type: "addComplement", complementId: "facility" }, { type: "addComplement", complementId: "102" });
    expect(s.selection.complements["installation-complement"].quantity).toBe(3);
    expect(s.selection.complements.facility.quantity).toBe(3);
    expect(s.selection.complements["102"].quantity).toBe(2); // its own quantity
    s = run(s, { type: "quantity", quantity: 5 }, { type: "complementQuantity", complementId: "facility", quantity: 1 });
    expect(s.selection.complements["installation-complement"].quantity).toBe(5);
    expect(s.selection.complements.facility.quantity).toBe(5);
  });
  it("charges the store's VAT on the installation service (spec 9: x 1.21), so the button shows the cart's price", () => {
    const s = run(configured(), { type: "addComplement", complementId: "installation-complement" }, { type: "quantity", quantity: 2 });
    const withVat = configCatalog(raw, { installationService: true, vatRateBp: 2100 });
    const net = evaluate(es, s.selection).price.lines.find((l) => l.id === "installation-complement");
    const gross = evaluate(withVat, s.selection).price.lines.find((l) => l.id === "installation-complement");
    expect(net?.unit).toBe(15000);
    expect(gross?.unit).toBe(18150);
    expect(gross?.total).toBe(36300);
    expect(evaluate(withVat, s.selection).price.lines[0].unit).toBe(evaluate(es, s.selection).price.lines[0].unit);
  });
  it("keeps quantities whole numbers between 1 and 99", () => {
    expect(run(start(), { type: "quantity", quantity: 0 }).selection.quantity).toBe(1);
    expect(run(start(), { type: "quantity", quantity: 150 }).selection.quantity).toBe(99);
    expect(run(start(), { type: "quantity", quantity: 2.7 }).selection.quantity).toBe(2);
  });
});

describe("price", () => {
  it("adds variant price, surcharges and complements times quantities, with the offer's original", () => {
    let s = run(configured(), { type: "choose", attributeId: 4, optionId: 41 }, { type: "quantity", quantity: 2 });
    s = run(s, { type: "addComplement", complementId: "101" }, { type: "complementChoose", complementId: "101", attributeId: 9, optionId: 91 });
    s = run(s, { type: "addComplement", complementId: "installation-complement" });
    const p = evaluate(es, s.selection).price;
    // (20000 + 2500 valve) x 2 + 5000 seat + 15000 x 2 installation
    expect(p.lines.map((l) => l.total)).toEqual([45000, 5000, 30000]);
    expect(p.total).toBe(80000);
    expect(p.original).toBe((25000 + 2500) * 2 + 5000 + 30000);
    expect(p.professionalSaving).toBe(0);
  });
  it("applies the professional discount to products, not to services", () => {
    let s = run(configured(), { type: "addComplement", complementId: "101" }, { type: "complementChoose", complementId: "101", attributeId: 9, optionId: 91 });
    s = run(s, { type: "addComplement", complementId: "installation-complement" });
    const p = evaluate(es, s.selection, "professional").price;
    expect(p.lines.map((l) => l.total)).toEqual([18000, 4750, 15000]);
    expect(p.professionalSaving).toBe(2000 + 250);
  });
  it("uses the complement's price when it has no variants", () => {
    const s = run(configured(), { type: "addComplement", complementId: "102" });
    expect(evaluate(es, s.selection).price.lines[1]).toMatchObject({ unit: 1500, quantity: 2, total: 3000, ref: "DRAIN" });
  });
});

describe("server check", () => {
  it("accepts a complete configuration and prices it from the catalog", () => {
    const s = run(configured(), { type: "addComplement", complementId: "installation-complement" });
    const r = checkConfiguration(es, s.selection);
    expect(r).toMatchObject({ ok: true, ref: "PD-1-W-S", quantity: 1 });
    if (r.ok) expect(r.price.total).toBe(35000);
  });
  it("refuses incomplete products and complements with the right status", () => {
    expect(checkConfiguration(es, emptySelection())).toMatchObject({ ok: false, status: "incomplete" });
    const s = run(configured(), { type: "addComplement", complementId: "101" });
    expect(checkConfiguration(es, s.selection)).toMatchObject({ ok: false, status: "complements_incomplete" });
  });
  it("refuses options of other attributes, foreign complements and installation in France", () => {
    const sel = configured().selection;
    expect(checkConfiguration(es, { ...sel, options: { ...sel.options, 5: 11 } })).toMatchObject({ ok: false, status: "invalid" });
    expect(checkConfiguration(es, { ...sel, options: { ...sel.options, 77: 11 } })).toMatchObject({ ok: false, status: "invalid" });
    const foreign = { ...sel, complements: { "999": { quantity: 1, options: {}, ranges: {} } } };
    expect(checkConfiguration(es, foreign)).toMatchObject({ ok: false, status: "invalid" });
    const inst = { ...sel, complements: { "installation-complement": { quantity: 1, options: {}, ranges: {} } } };
    expect(checkConfiguration(es, inst).ok).toBe(true);
    expect(checkConfiguration(fr, inst)).toMatchObject({ ok: false, status: "invalid" });
  });
  it("refuses quantities outside 1..99", () => {
    expect(checkConfiguration(es, { ...configured().selection, quantity: 100 })).toMatchObject({ ok: false, status: "invalid" });
    expect(checkConfiguration(es, { ...configured().selection, quantity: 0 })).toMatchObject({ ok: false, status: "invalid" });
  });
  it("refuses a combination no variant exists for", () => {
    const noWide = configCatalog({ ...raw, product: { ...raw.product, variants: raw.product.variants.slice(0, 1) } }, { installationService: true });
    const sel = run(configured(), { type: "range", attributeId: 2, value: 150 }).selection;
    expect(checkConfiguration(noWide, sel)).toMatchObject({ ok: false, status: "incomplete", issues: [{ code: "no_variant" }] });
  });
});

describe("initial state", () => {
  it("pre-chooses the free answer of a yes/no toggle", () => {
    const antical: CfgAttribute = {
      id: 6,
      slug: "antical",
      name: "Antical",
      field_type: "toggle",
      aesthetic: false,
      group: group(2, 2),
      position: 6,
      range: null,
      options: [opt(61), opt(62, { price: 3900 })],
    };
    const c = configCatalog({ ...raw, attributes: [...raw.attributes, antical] }, { installationService: true });
    expect(initialState(c).selection.options[6]).toBe(61);
  });
});
