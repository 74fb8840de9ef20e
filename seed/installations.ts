import { eq } from "drizzle-orm";
import type { Db } from "../server/db/client.ts";
import { facilityOptions } from "../server/modules/installations/installations.schema.ts";
import { stores } from "../server/modules/stores/stores.schema.ts";

/**
 * The installation service's prices in Spain (spec 9), cents net of VAT: [province code, name,
 * up to 30 km from the provincial capital (distance 500), 30-50 km (distance 520)]; null = the
 * province is quote-only (budget). 40 provinces; the Canary Islands, Ceuta, Melilla and a few
 * inland provinces have no service yet.
 */
export const CITY_PRICES: [string, string, number | null, number | null][] = [
  ["28", "Madrid", 8000, 10500],
  ["14", "Córdoba", 8000, 10500],
  ["18", "Granada", 8000, 10500],
  ["15", "A Coruña", 8000, 10500],
  ["08", "Barcelona", 9000, 11500],
  ["46", "Valencia", 9000, 11500],
  ["41", "Sevilla", 9000, 11500],
  ["29", "Málaga", 9000, 11500],
  ["03", "Alicante", 9000, 11500],
  ["30", "Murcia", 9000, 11500],
  ["11", "Cádiz", 9000, 11500],
  ["43", "Tarragona", 9000, 11500],
  ["12", "Castellón", 9000, 11500],
  ["45", "Toledo", 9000, 11500],
  ["19", "Guadalajara", 9000, 11500],
  ["04", "Almería", 9000, 11500],
  ["21", "Huelva", 9000, 11500],
  ["23", "Jaén", 9000, 11500],
  ["36", "Pontevedra", 9000, 11500],
  ["06", "Badajoz", 9000, 11500],
  ["02", "Albacete", 9000, 11500],
  ["13", "Ciudad Real", 9000, 11500],
  ["48", "Bizkaia", 10000, 12500],
  ["20", "Gipuzkoa", 10000, 12500],
  ["01", "Álava", 10000, 12500],
  ["33", "Asturias", 10000, 12500],
  ["39", "Cantabria", 10000, 12500],
  ["31", "Navarra", 10000, 12500],
  ["26", "La Rioja", 10000, 12500],
  ["09", "Burgos", 10000, 12500],
  ["24", "León", 10000, 12500],
  ["37", "Salamanca", 10000, 12500],
  ["40", "Segovia", 10000, 12500],
  ["25", "Lleida", 10000, 12500],
  ["22", "Huesca", 10000, 12500],
  ["10", "Cáceres", 10000, 12500],
  ["50", "Zaragoza", 11500, 15000],
  ["47", "Valladolid", 12100, 15125],
  ["07", "Baleares", 16000, 20000],
  ["17", "Girona", null, null],
];

/** Disassembly of the old product (spec 9: 5000) and pre-measurement by distance (2500 / 4500). */
export const DISASSEMBLY = 5000;
export const PREMEASURE = { "500": 2500, "520": 4500 };

/** The facility options of the Spanish store (the French one has no installation service). */
export async function seedInstallations(db: Db): Promise<void> {
  const [es] = await db.select({ id: stores.id }).from(stores).where(eq(stores.sourceCode, "ESDB"));
  if (!es) throw new Error("installations seed: the store ESDB must be seeded first");
  const cities = [...CITY_PRICES].sort((a, b) => a[1].localeCompare(b[1], "es"));
  await db.insert(facilityOptions).values([
    { storeId: es.id, attribute: "disassembly", valueString: "Desmontaje y retirada del producto antiguo", price: DISASSEMBLY, position: 0 },
    { storeId: es.id, attribute: "premeasure", valueString: "Medición previa", prices: PREMEASURE, position: 1 },
    ...cities.map(([code, name, near, far], i) => ({
      storeId: es.id,
      attribute: "city" as const,
      valueString: name,
      provinceCode: code,
      prices: near == null || far == null ? null : { "500": near, "520": far },
      budget: near == null,
      position: i,
    })),
  ]);
}
