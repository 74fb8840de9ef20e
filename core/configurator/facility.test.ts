import { describe, expect, it } from "vitest";
import { checkConfiguration, configCatalog, evaluate, initialState, reduce } from "../configurator.ts";
import { distanceBand, type FacilityOption, quoteFacility, tariffFromOptions } from "./facility.ts";
import type { CfgComplement, ConfigAction, ConfigCatalog, ConfigState } from "./types.ts";

/** The facility options as the API lists them (spec 9's amounts, net of VAT). */
const OPTIONS: FacilityOption[] = [
  { id: 1, attribute: "disassembly", value_string: "Desmontaje", province_code: null, price: 5000, prices: null, budget: false },
  { id: 2, attribute: "premeasure", value_string: "Medición previa", province_code: null, price: null, prices: { "500": 2500, "520": 4500 }, budget: false },
  { id: 10, attribute: "city", value_string: "Madrid", province_code: "28", price: null, prices: { "500": 8000, "520": 10500 }, budget: false },
  { id: 11, attribute: "city", value_string: "Girona", province_code: "17", price: null, prices: null, budget: true },
  { id: 12, attribute: "city", value_string: "Baleares", province_code: "07", price: null, prices: { "500": 16000, "520": 20000 }, budget: false },
  { id: 13, attribute: "city", value_string: "Cerca", province_code: "99", price: null, prices: { "500": 9000 }, budget: false },
];
const tariff = tariffFromOptions(OPTIONS)!;
const VAT = 1.21;

const service = (id: string, price: number, position: number): CfgComplement => ({
  id,
  price,
  quantity: 1,
  position,
  complement_type: { id: 3, slug: "instalacion", name: "Instalación", position: 3, img: "" },
  product: null,
  attributes: [],
  variants: [],
});

const raw: ConfigCatalog = {
  product: {
    id: 1,
    ref: "PD",
    name: "Plato",
    stock: 5,
    max_combined_measure: null,
    prices: { pvp_web: 19_900, pvp_original: null, professional_discount_bp: 1000 },
    variants: [],
  },
  attributes: [],
  complements: [service("installation-complement", 2000, 90), service("facility", 0, 91)],
  complementTypes: [{ id: 3, slug: "instalacion", name: "Instalación", position: 3, img: "" }],
  installation: tariff,
};
const es = configCatalog(raw, { installationService: true, vatRateBp: 2100 });
const fr = configCatalog(raw, { installationService: false, vatRateBp: 2000 });
const run = (state: ConfigState, ...actions: ConfigAction[]) => actions.reduce((s, a) => reduce(es, s, a), state);

describe("installation wizard prices (spec 9)", () => {
  it("reads the tariff from the facility options; none without cities", () => {
    expect(tariff.disassembly).toBe(5000);
    expect(tariff.premeasure).toEqual({ "500": 2500, "520": 4500 });
    expect(tariff.cities.map((c) => c.name)).toEqual(["Madrid", "Girona", "Baleares", "Cerca"]);
    expect(tariffFromOptions(OPTIONS.filter((o) => o.attribute !== "city"))).toBeNull();
  });

  it("tells the distance band from km: up to 30 km is 500, 30-50 km is 520, beyond there is no service", () => {
    expect([0, 12.5, 30].map(distanceBand)).toEqual([500, 500, 500]);
    expect([30.1, 43, 50].map(distanceBand)).toEqual([520, 520, 520]);
    expect([50.1, 120, -1, Number.NaN].map(distanceBand)).toEqual([null, null, null, null]);
  });

  it("prices Madrid at 30-50 km with disassembly and pre-measurement: each part x 1.21, rounded on its own", () => {
    const q = quoteFacility(tariff, { disassembly: true, premeasure: true, city_id: 10, distance: 520 }, VAT, 2000);
    expect(q.ok && q.parts.map((p) => [p.key, p.net, p.gross])).toEqual([
      ["reservation", 2000, 2420],
      ["city", 10_500, 12_705],
      ["disassembly", 5000, 6050],
      ["premeasure", 4500, 5445],
    ]);
    expect(q.ok && q.total).toBe(26_620);
    const near = quoteFacility(tariff, { disassembly: false, premeasure: true, city_id: 10, distance: 500 }, VAT);
    expect(near.ok && near.total).toBe(9680 + 3025);
  });

  it("refuses a quote-only city, an unknown one and a distance the city does not serve", () => {
    expect(quoteFacility(tariff, { disassembly: false, premeasure: false, city_id: 11, distance: 500 }, VAT)).toEqual({ ok: false, code: "facility_budget" });
    expect(quoteFacility(tariff, { disassembly: false, premeasure: false, city_id: 99, distance: 500 }, VAT)).toEqual({ ok: false, code: "facility_city" });
    expect(quoteFacility(tariff, { disassembly: false, premeasure: false, city_id: 13, distance: 520 }, VAT)).toEqual({ ok: false, code: "facility_distance" });
  });
});

describe("the wizard in the configurator", () => {
  const choice = { disassembly: true, premeasure: true, city_id: 10, distance: 520 as const };

  it("adds the reservation and the facility answers together, priced with VAT; the total is the wizard's", () => {
    const s = run(initialState(es), { type: "installation", choice });
    expect(Object.keys(s.selection.complements).sort()).toEqual(["facility", "installation-complement"]);
    const ev = evaluate(es, s.selection, "professional");
    expect(ev.status).toBeNull();
    const services = ev.price.lines.filter((l) => l.kind === "complement");
    expect(services.map((l) => [l.id, l.unit])).toEqual([
      ["installation-complement", 2420],
      ["facility", 24_200],
    ]);
    expect(services[1].name).toBe("Madrid");
    expect(services[1].parts?.map((p) => p.key)).toEqual(["city", "disassembly", "premeasure"]);
    // Services have no professional discount.
    expect(ev.price.professionalSaving).toBe(1990);
  });

  it("follows the product quantity, takes the service off, and refuses half a service or missing answers", () => {
    let s = run(initialState(es), { type: "installation", choice }, { type: "quantity", quantity: 3 });
    expect(s.selection.complements.facility).toMatchObject({ quantity: 3, facility: choice });
    expect(evaluate(es, s.selection).price.total).toBe(3 * 19_900 + 3 * 26_620);
    s = run(s, { type: "installation", choice: null });
    expect(s.selection.complements).toEqual({});

    const half = run(initialState(es), { type: "addComplement", complementId: "installation-complement" });
    expect(checkConfiguration(es, half.selection)).toMatchObject({ ok: false, status: "complements_incomplete" });
    const bare = run(half, { type: "addComplement", complementId: "facility" });
    expect(checkConfiguration(es, bare.selection)).toMatchObject({ ok: false, status: "complements_incomplete" });
    const girona = run(initialState(es), { type: "installation", choice: { ...choice, city_id: 11 } });
    expect(checkConfiguration(es, girona.selection)).toMatchObject({
      ok: false,
      status: "invalid",
      issues: [{ code: "facility_budget", complementId: "facility" }],
    });
  });

  it("has no wizard and no service in a store without the installation service", () => {
    expect(fr.installation).toBeNull();
    expect(fr.complements).toEqual([]);
    const s = reduce(fr, initialState(fr), { type: "installation", choice });
    expect(s.selection.complements).toEqual({});
  });

  it("keeps the plain opt-in facility line where the store has no facility options", () => {
    const plain = configCatalog({ ...raw, installation: null }, { installationService: true, vatRateBp: 2100 });
    const s = reduce(plain, reduce(plain, initialState(plain), { type: "addComplement", complementId: "facility" }), {
      type: "addComplement",
      complementId: "installation-complement",
    });
    const ev = evaluate(plain, s.selection);
    expect(ev.status).toBeNull();
    expect(ev.price.lines.find((l) => l.id === "facility")?.unit).toBe(0);
  });
});
