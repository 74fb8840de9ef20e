import { brandLogoSvg } from "../../media/illustrations.ts";
import { BRANDS } from "../data.ts";
import type { Gen } from "./context.ts";

/** Brands (with their logos) and their collections. */
export function addBrands(g: Gen) {
  const { rows, images, brandId, collectionId } = g;
  BRANDS.forEach((b, i) => {
    const id = i + 1;
    brandId.set(b.slug, id);
    rows.brands.push({ id, slug: b.slug, name: b.name, description: b.description, country: b.country, color: b.color, position: i, active: true });
    images.push({ key: `brand/${b.slug}`, svg: () => brandLogoSvg(b.name, b.color) });
    for (const c of b.collections) {
      const cid = rows.brandCollections.length + 1;
      collectionId.set(c.slug, cid);
      rows.brandCollections.push({ id: cid, brandId: id, slug: c.slug, name: c.name, description: c.description, position: rows.brandCollections.length });
    }
  });
}
