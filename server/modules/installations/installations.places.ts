import { PROVINCES, TOWNS } from "./places.es.ts";

/**
 * Where the customer lives, behind one interface (spec 7: "a maps-service place text search
 * limited to Spain"). The embedded default works offline: a postal code gives its province
 * (the first two digits) and, when the town is in the shipped list, its position; a town name
 * is searched in that list. A real maps adapter implements the same interface (see
 * docs/decisions/019 for how one is configured).
 */
export type Province = { code: string; name: string; capital: string; lat: number; lon: number };

export type Place = {
  /** The town, or null when only the province is known (a postal code not in the list). */
  name: string | null;
  postal_code: string | null;
  province: Province;
  /** Straight-line distance to the provincial capital in km (one decimal); null when the town is unknown. */
  km: number | null;
};

export type PlaceQuery = { kind: "postal_code"; postalCode: string } | { kind: "town"; text: string };

export interface PlaceSearch {
  /** Places in Spain matching the query, best first (at most `limit`). */
  search(query: PlaceQuery, limit: number): Promise<Place[]>;
}

/** Reads what the shopper typed: five digits are a postal code, anything else a town name. */
export function parsePlaceQuery(raw: string): PlaceQuery | null {
  const text = raw.normalize("NFC").replace(/\s+/g, " ").trim();
  if (/^\d{5}$/.test(text)) return { kind: "postal_code", postalCode: text };
  if (text.length < 2 || text.length > 80 || /\d/.test(text)) return null;
  return { kind: "town", text };
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** Great-circle distance in km. */
export function haversineKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const PROVINCE_BY_CODE = new Map(PROVINCES.map(([code, name, capital, lat, lon]) => [code, { code, name, capital, lat, lon }]));

/** The province of a Spanish postal code (01-52), or null. */
export function provinceOfPostalCode(postalCode: string): Province | null {
  return /^\d{5}$/.test(postalCode) ? (PROVINCE_BY_CODE.get(postalCode.slice(0, 2)) ?? null) : null;
}

const TOWN_INDEX = TOWNS.map(([name, postalCode, lat, lon]) => {
  const province = PROVINCE_BY_CODE.get(postalCode.slice(0, 2))!;
  return { name, postalCode, lat, lon, folded: fold(name), province };
});

const km = (t: { lat: number; lon: number }, p: Province) => Math.round(haversineKm(t, p) * 10) / 10;

/** The default place search: the shipped lists, no network. */
export function embeddedPlaceSearch(): PlaceSearch {
  return {
    async search(query, limit) {
      if (query.kind === "postal_code") {
        const province = provinceOfPostalCode(query.postalCode);
        if (!province) return [];
        const town = TOWN_INDEX.find((t) => t.postalCode === query.postalCode);
        return [
          town
            ? { name: town.name, postal_code: query.postalCode, province, km: km(town, province) }
            : { name: null, postal_code: query.postalCode, province, km: null },
        ];
      }
      const q = fold(query.text);
      if (!q) return [];
      // Exact name first, then names starting with the text, then names containing a word starting with it.
      const score = (f: string) => (f === q ? 0 : f.startsWith(q) ? 1 : f.split(" ").some((w) => w.startsWith(q)) ? 2 : 3);
      return TOWN_INDEX.map((t) => ({ t, s: score(t.folded) }))
        .filter((x) => x.s < 3)
        .sort((a, b) => a.s - b.s || a.t.name.localeCompare(b.t.name, "es"))
        .slice(0, limit)
        .map(({ t }) => ({ name: t.name, postal_code: t.postalCode, province: t.province, km: km(t, t.province) }));
    },
  };
}
