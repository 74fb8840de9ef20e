import type { Family } from "../data.ts";
import { createRng } from "../rng.ts";
import type { Gen } from "./context.ts";

/** Product types a fitter installs: they offer the installation service. */
const INSTALLABLE = new Set<Family>(["tray", "screen", "toilet", "bathtub", "furniture", "washbasin"]);

/**
 * Complements of each product, drawn from its pools (seats for toilets, valves for trays...)
 * once every product exists, with their own random sequence; then the installation service.
 */
export function addComplements(g: Gen) {
  const { rows, productInfo, pools, ctId } = g;
  let complementSeq = 0;
  const crng = createRng(77);
  for (const [id, info] of productInfo) {
    let pos = 0;
    for (const c of info.spec.complements ?? []) {
      const pool = crng.shuffle(pools.get(c.pool) ?? []).slice(0, c.count);
      for (const target of pool) {
        complementSeq++;
        rows.complements.push({
          id: `c-${complementSeq}`,
          productId: id,
          complementTypeId: ctId.get(c.type)!,
          complementProductId: target,
          price: productInfo.get(target)!.minPrice,
          quantity: c.type === "patas" ? 1 : 1,
          position: pos++,
        });
      }
    }
  }
  // The installation service and its facility wizard (spec §9: 2000 cents reservation fee) on every
  // product a fitter installs. Complement ids are unique per product, so each carries both special ids;
  // the catalog service hides them in stores without the installation service (France).
  for (const [id, info] of productInfo) {
    if (info.spec.pool || !INSTALLABLE.has(info.spec.family)) continue;
    rows.complements.push({
      id: "installation-complement",
      productId: id,
      complementTypeId: ctId.get("instalacion")!,
      complementProductId: null,
      price: 2000,
      quantity: 1,
      position: 90,
    });
    rows.complements.push({
      id: "facility",
      productId: id,
      complementTypeId: ctId.get("instalacion")!,
      complementProductId: null,
      price: 0,
      quantity: 1,
      position: 91,
    });
  }
}
