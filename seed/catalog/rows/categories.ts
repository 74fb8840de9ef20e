import { CATEGORY_ART, categorySvg, type ProductArt } from "../../media/illustrations.ts";
import { CATEGORIES } from "../data.ts";
import { catPath, type Gen } from "./context.ts";

/** The category tree in both languages (names, SEO texts), the stores that show it and its tiles. */
export function addCategories(g: Gen) {
  const { rows, images, langs, storeOf, catId, catDef } = g;
  for (const c of CATEGORIES) catDef.set(c.key, c);
  for (const [i, c] of CATEGORIES.entries()) catId.set(c.key, i + 1);
  CATEGORIES.forEach((c, i) => {
    const id = i + 1;
    rows.categories.push({
      id,
      parentId: c.parent ? catId.get(c.parent)! : null,
      position: i,
      illustration: c.illustration,
      animations: c.key === "offers" ? { enabled: true, kind: "pulse" } : { enabled: false },
      active: true,
    });
    const parent = c.parent ? catDef.get(c.parent)! : undefined;
    for (const l of langs) {
      const name = c.name[l];
      const seoText =
        c.seo?.[l] ??
        (l === "es"
          ? `En la sección de ${name.toLowerCase()} reunimos los modelos que mejor funcionan en reformas reales, dentro de nuestra gama de ${parent?.name.es.toLowerCase() ?? "baño"}. Cada ficha incluye medidas exactas, materiales, instrucciones de montaje en PDF y plazo de entrega; si dudas entre dos modelos, nuestro equipo te asesora por teléfono o chat antes de la compra. Envío gratis en península desde 200 € y devolución en 14 días.`
          : `Dans la rubrique ${name.toLowerCase()}, nous réunissons les modèles qui fonctionnent le mieux en rénovation, au sein de notre gamme ${parent?.name.fr.toLowerCase() ?? "salle de bain"}. Chaque fiche indique les dimensions exactes, les matériaux, la notice de montage en PDF et le délai de livraison. Retour sous 14 jours.`);
      rows.categoryTranslations.push({
        categoryId: id,
        language: l,
        slug: c[l],
        name,
        h1: l === "es" ? `${name} online al mejor precio` : `${name} au meilleur prix`,
        seoTitle: l === "es" ? `${name} | Compra online | BañoDirecto` : `${name} | Achat en ligne | BañoDirecto`,
        seoDescription:
          l === "es"
            ? `Compra ${name.toLowerCase()} con envío gratis desde 200 €, 3 años de garantía y devolución en 14 días. Fichas técnicas, medidas y asesoramiento de expertos.`
            : `Achetez vos ${name.toLowerCase()} : garantie 3 ans, retour sous 14 jours, fiches techniques et conseils d'experts.`,
        seoText,
        originSeo: null,
      });
    }
    for (const l of langs) rows.categoryStores.push({ categoryId: id, storeId: storeOf(l), inMenu: !c.parent && c.key !== "offers" });
    const art = CATEGORY_ART[c.illustration] ?? CATEGORY_ART.shower_tray;
    const tileArt =
      c.key.startsWith("furniture-") && c.key !== "furniture-sink" && c.key !== "furniture-columns"
        ? {
            ...art,
            style: c.key.includes("vintage") ? "vintage" : c.key.includes("rustic") ? "rustic" : c.key.includes("industrial") ? "industrial" : "modern",
          }
        : art;
    const tile = subcategoryArt(c.key) ?? tileArt;
    for (const l of langs) images.push({ key: `c/${c[l]}`, svg: () => categorySvg(tile as ProductArt, c.tint) });
  });
}

/** Quick links above listings: the subcategories and the buying guide of each main category. */
export function addCategoryLinks(g: Gen) {
  const { rows, langs, prefix, catId } = g;
  for (const c of CATEGORIES.filter((x) => !x.parent && x.key !== "offers")) {
    const subs = CATEGORIES.filter((x) => x.parent === c.key);
    for (const l of langs) {
      subs.slice(0, 4).forEach((s, i) => {
        rows.categoryLinks.push({
          id: rows.categoryLinks.length + 1,
          categoryId: catId.get(c.key)!,
          language: l,
          label: s.name[l],
          url: catPath(g, s.key, l),
          position: i,
        });
      });
      const guide =
        c.key === "trays"
          ? "/como-elegir-tu-plato-de-ducha-15"
          : c.key === "screens"
            ? "/como-medir-una-mampara"
            : c.key === "bathtubs"
              ? "/como-elegir-baneras-de-hidromasaje-16"
              : null;
      if (guide)
        rows.categoryLinks.push({
          id: rows.categoryLinks.length + 1,
          categoryId: catId.get(c.key)!,
          language: l,
          label: l === "es" ? "Guía de compra" : "Guide d'achat",
          url: `${prefix(l)}${guide}`,
          position: 9,
        });
    }
  }
}

/** Category tiles of sub-categories show the sub-family (angular screen, wall-hung toilet...). */
function subcategoryArt(key: string): ProductArt | undefined {
  const m: Record<string, ProductArt> = {
    "trays-slate": { kind: "shower_tray", color: "#3d3f42", accent: "#c9ced3", texture: "slate" },
    "trays-resin": { kind: "shower_tray", color: "#f1efe9", accent: "#c9ced3", texture: "smooth" },
    "trays-custom": { kind: "shower_tray", color: "#d6c4a1", accent: "#c9ced3", texture: "slate" },
    "screens-front": { kind: "shower_screen_frontal", color: "#fff", accent: "#c9ced3" },
    "screens-angle": { kind: "shower_screen_angular", color: "#fff", accent: "#2a2a2c" },
    "screens-semi": { kind: "shower_screen_semicircular", color: "#fff", accent: "#c9ced3" },
    "screens-bath": { kind: "bath_screen", color: "#fff", accent: "#c9ced3" },
    "toilets-wall": { kind: "toilet_wall", color: "#f7f7f5", accent: "#c9ced3" },
    "toilets-compact": { kind: "toilet_compact", color: "#f7f7f5", accent: "#c9ced3" },
    "toilets-seats": { kind: "toilet_seat", color: "#f7f7f5", accent: "#c9ced3" },
    "bathtubs-built": { kind: "bathtub_builtin", color: "#f7f7f5", accent: "#c9ced3" },
    "bathtubs-spa": { kind: "bathtub_whirlpool", color: "#f7f7f5", accent: "#c9ced3" },
    "furniture-columns": { kind: "cabinet_column", color: "#b58a5a", accent: "#2a2a2c" },
    "washbasins-wall": { kind: "washbasin_wall", color: "#f7f7f5", accent: "#c9ced3" },
    "taps-column": { kind: "shower_column", color: "#fff", accent: "#2a2a2c" },
    "taps-bath": { kind: "tap_bath", color: "#fff", accent: "#c9ced3" },
    "mirrors-round": { kind: "mirror", color: "#fff", accent: "#c8a45a", shape: "round" },
    "mirrors-led": { kind: "mirror", color: "#fff", accent: "#2a2a2c", shape: "rect", led: true },
    "acc-drains": { kind: "grate", color: "#fff", accent: "#c9ced3" },
  };
  return m[key];
}
