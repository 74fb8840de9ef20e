/**
 * The installation wizard's prices (spec 3, 4 and 9), pure and browser-safe: the product page
 * shows them live and the cart re-prices them on the server with the same code, from the
 * facility options stored in the database (never from the client).
 *
 * Total = reservation (the installation-complement's 2000) + the city's price at the chosen
 * distance + disassembly (5000) + pre-measurement (2500 within 30 km of the provincial capital,
 * distance 500; 4500 from 30 to 50 km, distance 520), each amount x 1.21 and rounded to the
 * cent on its own (spec 9: "each x1.21"). Cities flagged `budget` (Girona) are quote-only.
 */
import { type Cents, multiply, sum } from "../money.ts";

/** Distance bands from the provincial capital: 500 = up to 30 km, 520 = from 30 to 50 km. */
export const FACILITY_DISTANCES = [500, 520] as const;
export type FacilityDistance = (typeof FACILITY_DISTANCES)[number];
/** The largest distance (km) the service reaches from a provincial capital, and the first band's limit. */
export const FACILITY_MAX_KM = 50;
export const FACILITY_NEAR_KM = 30;

/** The band of a distance in km from the provincial capital; null beyond 50 km (no service). */
export function distanceBand(km: number): FacilityDistance | null {
  if (!Number.isFinite(km) || km < 0) return null;
  if (km <= FACILITY_NEAR_KM) return 500;
  if (km <= FACILITY_MAX_KM) return 520;
  return null;
}

/** Prices keyed by distance band, net of VAT (a band may be missing: not served at that distance). */
export type DistancePrices = Partial<Record<"500" | "520", Cents>>;

/** A facility option as the API lists it (GET /installations/v1/prices/web_list/). */
export type FacilityOption = {
  id: number;
  attribute: "city" | "disassembly" | "premeasure";
  value_string: string;
  province_code: string | null;
  price: Cents | null;
  prices: DistancePrices | null;
  budget: boolean;
};

export type FacilityCity = { id: number; name: string; province_code: string; prices: DistancePrices; budget: boolean };

/** Everything the wizard prices with, net of VAT. */
export type InstallationTariff = {
  disassembly: Cents;
  premeasure: DistancePrices;
  cities: FacilityCity[];
};

/** What the shopper answered in the wizard (sent with the `facility` complement). */
export type FacilityChoice = {
  disassembly: boolean;
  premeasure: boolean;
  city_id: number;
  distance: FacilityDistance;
};

export type FacilityPart = { key: "reservation" | "city" | "disassembly" | "premeasure"; net: Cents; gross: Cents };

export type FacilityQuote =
  | { ok: true; city: FacilityCity; parts: FacilityPart[]; total: Cents }
  | { ok: false; code: "facility_city" | "facility_budget" | "facility_distance" };

/** The tariff the wizard prices with, from the stored options; null when the store has none (no wizard). */
export function tariffFromOptions(options: FacilityOption[]): InstallationTariff | null {
  const cities = options
    .filter((o) => o.attribute === "city" && o.province_code)
    .map((o) => ({ id: o.id, name: o.value_string, province_code: o.province_code as string, prices: o.prices ?? {}, budget: o.budget }));
  if (!cities.length) return null;
  const disassembly = options.find((o) => o.attribute === "disassembly")?.price ?? 0;
  const premeasure = options.find((o) => o.attribute === "premeasure")?.prices ?? {};
  return { disassembly, premeasure, cities };
}

const part = (key: FacilityPart["key"], net: Cents, vatFactor: number): FacilityPart => ({ key, net, gross: multiply(net, vatFactor) });

/**
 * The parts of the service for one unit, each with VAT on its own. `reservation` is the
 * installation-complement's net price (null: leave it out, it is priced as its own line).
 */
export function quoteFacility(tariff: InstallationTariff, choice: FacilityChoice, vatFactor: number, reservation: Cents | null = null): FacilityQuote {
  const city = tariff.cities.find((c) => c.id === choice.city_id);
  if (!city) return { ok: false, code: "facility_city" };
  if (city.budget) return { ok: false, code: "facility_budget" };
  const cityNet = city.prices[String(choice.distance) as "500" | "520"];
  if (cityNet == null) return { ok: false, code: "facility_distance" };
  const parts: FacilityPart[] = [];
  if (reservation != null) parts.push(part("reservation", reservation, vatFactor));
  parts.push(part("city", cityNet, vatFactor));
  if (choice.disassembly) parts.push(part("disassembly", tariff.disassembly, vatFactor));
  if (choice.premeasure) {
    const pm = tariff.premeasure[String(choice.distance) as "500" | "520"];
    if (pm == null) return { ok: false, code: "facility_distance" };
    parts.push(part("premeasure", pm, vatFactor));
  }
  return { ok: true, city, parts, total: sum(parts.map((p) => p.gross)) };
}

/** The cities of a province (by the first two digits of a postal code). */
export const citiesOfProvince = (tariff: InstallationTariff, provinceCode: string) => tariff.cities.filter((c) => c.province_code === provinceCode);
