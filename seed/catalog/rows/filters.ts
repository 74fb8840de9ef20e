import type * as S from "../../../server/modules/catalog/catalog.schema.ts";
import { ATTRIBUTES, BRANDS, CATEGORIES, type Family, type T } from "../data.ts";
import type { Gen, Ins } from "./context.ts";

const COLOR_ATTR: Record<Family, string> = {
  tray: "color-plato",
  screen: "color-perfil",
  toilet: "color-sanitario",
  bathtub: "color-sanitario",
  furniture: "acabado-mueble",
  washbasin: "color-sanitario",
  tap: "acabado-grifo",
  mirror: "color-marco",
  accessory: "acabado-grifo",
};

type FilterDef = {
  slug: string;
  name: T;
  type: "range" | "bool" | "options";
  unit?: string;
  source: "price" | "brand" | "offer" | "color" | "facet";
  options?: { slug: string; name: T; image?: string; range?: [number, number]; hidden?: boolean }[];
};

const o = (slug: string, es: string, fr: string, image?: string) => ({ slug, name: { es, fr }, image });
const rangeOpts = (unit: string, bounds: number[]) =>
  bounds.slice(0, -1).map((min, i) => ({
    slug: `${min}-${bounds[i + 1]}`,
    name: { es: `${min} - ${bounds[i + 1]} ${unit}`, fr: `${min} - ${bounds[i + 1]} ${unit}` },
    range: [min, bounds[i + 1]] as [number, number],
  }));

const PRICE: FilterDef = {
  slug: "precio",
  name: { es: "Precio", fr: "Prix" },
  type: "range",
  unit: "€",
  source: "price",
  options: rangeOpts("€", [0, 100, 250, 500, 1000, 2500]),
};
const BRAND: FilterDef = { slug: "marca", name: { es: "Marca", fr: "Marque" }, type: "options", source: "brand" };
const OFFER: FilterDef = { slug: "en-oferta", name: { es: "En oferta", fr: "En promotion" }, type: "bool", source: "offer" };
const COLOR: FilterDef = { slug: "color", name: { es: "Color", fr: "Couleur" }, type: "options", source: "color" };
const bool = (slug: string, es: string, fr: string): FilterDef => ({ slug, name: { es, fr }, type: "bool", source: "facet" });
const range = (slug: string, es: string, fr: string, bounds: number[]): FilterDef => ({
  slug,
  name: { es, fr },
  type: "range",
  unit: "cm",
  source: "facet",
  options: rangeOpts("cm", bounds),
});
const opts = (slug: string, es: string, fr: string, options: FilterDef["options"]): FilterDef => ({
  slug,
  name: { es, fr },
  type: "options",
  source: "facet",
  options,
});

const FAMILY_FILTERS: Record<Family | "offers", FilterDef[]> = {
  tray: [
    range("ancho", "Ancho", "Largeur", [60, 70, 80, 90, 100, 120]),
    range("largo", "Largo", "Longueur", [70, 100, 120, 140, 160, 180, 220]),
    PRICE,
    COLOR,
    opts("textura", "Textura", "Texture", [o("pizarra", "Pizarra", "Ardoise"), o("lisa", "Lisa", "Lisse")]),
    BRAND,
    OFFER,
    bool("antideslizante", "Antideslizante", "Antidérapant"),
    bool("a-medida", "A medida", "Sur mesure"),
  ],
  screen: [
    opts("tipo", "Tipo", "Type", [
      o("frontal", "Frontal", "Frontale", "c/mamparas-frontales"),
      o("angular", "Angular", "D'angle", "c/mamparas-angulares"),
      o("semicircular", "Semicircular", "Semi-circulaire", "c/mamparas-semicirculares"),
      o("banera", "De bañera", "Pare-baignoire", "c/mamparas-de-banera"),
    ]),
    range("ancho", "Ancho", "Largeur", [70, 90, 120, 160]),
    PRICE,
    COLOR,
    opts("grosor", "Grosor del cristal", "Épaisseur du verre", [o("6-mm", "6 mm", "6 mm"), o("8-mm", "8 mm", "8 mm")]),
    BRAND,
    OFFER,
  ],
  toilet: [
    opts("tipo", "Tipo", "Type", [
      o("suelo", "De suelo", "À poser"),
      o("suspendido", "Suspendido", "Suspendu"),
      o("compacto", "Compacto", "Compact"),
      o("asiento", "Asientos", "Abattants"),
    ]),
    PRICE,
    COLOR,
    bool("sin-brida", "Sin brida", "Sans bride"),
    opts("salida", "Salida", "Sortie", [
      o("horizontal", "Horizontal", "Horizontale"),
      o("vertical", "Vertical", "Verticale"),
      { ...o("dual", "Dual", "Double"), hidden: true },
    ]),
    BRAND,
    OFFER,
  ],
  bathtub: [
    opts("tipo", "Tipo", "Type", [o("exenta", "Exenta", "Îlot"), o("empotrada", "Empotrable", "Encastrable"), o("hidromasaje", "Hidromasaje", "Balnéo")]),
    range("largo", "Largo", "Longueur", [150, 160, 170, 180]),
    PRICE,
    COLOR,
    opts("material", "Material", "Matériau", [
      o("acrilico", "Acrílico", "Acrylique"),
      o("solid-surface", "Solid surface", "Solid surface"),
      o("fundicion-mineral", "Fundición mineral", "Fonte minérale"),
    ]),
    BRAND,
    OFFER,
  ],
  furniture: [
    opts("estilo", "Estilo", "Style", [
      o("moderno", "Moderno", "Moderne", "c/muebles-de-bano-modernos"),
      o("vintage", "Vintage", "Vintage", "c/muebles-de-bano-vintage"),
      o("rustico", "Rústico", "Rustique", "c/muebles-de-bano-rusticos"),
      o("industrial", "Industrial", "Industriel", "c/muebles-de-bano-estilo-industrial"),
    ]),
    range("ancho", "Ancho", "Largeur", [30, 60, 80, 100, 120]),
    PRICE,
    COLOR,
    opts("instalacion", "Instalación", "Installation", [o("suspendido", "Suspendido", "Suspendu"), o("con-patas", "Con patas", "Sur pieds")]),
    bool("con-lavabo", "Con lavabo", "Avec vasque"),
    BRAND,
    OFFER,
  ],
  washbasin: [
    opts("tipo", "Tipo", "Type", [o("sobre-encimera", "Sobre encimera", "À poser"), o("suspendido", "Suspendido", "Suspendu")]),
    range("ancho", "Ancho", "Largeur", [40, 50, 60]),
    PRICE,
    COLOR,
    opts("material", "Material", "Matériau", [
      o("ceramica", "Cerámica", "Céramique"),
      o("piedra", "Piedra natural", "Pierre naturelle"),
      o("solid-surface", "Solid surface", "Solid surface"),
    ]),
    opts("forma", "Forma", "Forme", [o("redondo", "Redondo", "Rond"), o("rectangular", "Rectangular", "Rectangulaire")]),
    BRAND,
    OFFER,
  ],
  tap: [
    opts("tipo", "Tipo", "Type", [
      o("lavabo", "Lavabo", "Lavabo"),
      o("columna", "Columna de ducha", "Colonne de douche"),
      o("banera", "Bañera", "Bain-douche"),
    ]),
    PRICE,
    COLOR,
    bool("termostatico", "Termostático", "Thermostatique"),
    BRAND,
    OFFER,
  ],
  mirror: [
    range("ancho", "Ancho", "Largeur", [60, 80, 100, 120]),
    PRICE,
    COLOR,
    opts("forma", "Forma", "Forme", [o("redondo", "Redondo", "Rond"), o("rectangular", "Rectangular", "Rectangulaire")]),
    bool("led", "Con luz LED", "Avec LED"),
    BRAND,
    OFFER,
  ],
  accessory: [
    opts("tipo", "Tipo", "Type", [
      o("valvula", "Válvulas", "Bondes"),
      o("rejilla", "Rejillas", "Grilles"),
      o("patas", "Patas", "Pieds"),
      o("toallero", "Toalleros", "Sèche-serviettes"),
      o("dispensador", "Dispensadores", "Distributeurs"),
    ]),
    PRICE,
    COLOR,
    BRAND,
    OFFER,
  ],
  offers: [PRICE, BRAND],
};

/**
 * The filters of every category with products (its family's list) and each product's facets:
 * range buckets and the product's own [min, max], yes/no flags, brands and colours present.
 */
export function addFilters(g: Gen) {
  const { rows, catId, productInfo } = g;
  const productsByCat = new Map<number, number[]>();
  for (const pc of rows.productCategories) productsByCat.set(pc.categoryId, [...(productsByCat.get(pc.categoryId) ?? []), pc.productId]);
  for (const c of CATEGORIES) {
    const cid = catId.get(c.key)!;
    const members = productsByCat.get(cid) ?? [];
    if (!members.length) continue;
    const family = c.family ?? "offers";
    FAMILY_FILTERS[family].forEach((f, k) => {
      const fid = rows.filters.length + 1;
      rows.filters.push({ id: fid, categoryId: cid, name: f.name, slug: f.slug, filterType: f.type, categoryFilterPosition: k, unit: f.unit ?? null });
      const addOption = (slug: string, name: T, extra: Partial<Ins<typeof S.filterOptions>> = {}) => {
        const oid = rows.filterOptions.length + 1;
        rows.filterOptions.push({
          id: oid,
          filterId: fid,
          name,
          slug,
          image: null,
          color: null,
          valueRangeMin: null,
          valueRangeMax: null,
          position: rows.filterOptions.filter((x) => x.filterId === fid).length,
          hidden: false,
          ...extra,
        });
        return oid;
      };
      if (f.type === "range") {
        for (const op of f.options ?? []) addOption(op.slug, op.name, { valueRangeMin: op.range![0], valueRangeMax: op.range![1] });
        for (const pid of members) {
          const info = productInfo.get(pid)!;
          const r =
            f.source === "price"
              ? ([Math.floor(info.minPrice / 100), Math.ceil(info.maxPrice / 100)] as [number, number])
              : (info.spec.facets[f.slug] as [number, number] | undefined);
          if (r) rows.productFilterRanges.push({ productId: pid, filterId: fid, min: r[0], max: r[1] });
        }
      } else if (f.type === "bool") {
        const oid = addOption("si", { es: "Sí", fr: "Oui" });
        for (const pid of members) {
          const info = productInfo.get(pid)!;
          const yes = f.source === "offer" ? info.isOffer : info.spec.facets[f.slug] === true;
          if (yes) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
        }
      } else if (f.source === "brand") {
        const present = [...new Set(members.map((pid) => productInfo.get(pid)!.brand))].sort((a, b) => a - b);
        for (const b of present) {
          const def = BRANDS[b - 1];
          const oid = addOption(def.slug, { es: def.name, fr: def.name }, { image: `brand/${def.slug}`, color: def.color });
          for (const pid of members) if (productInfo.get(pid)!.brand === b) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
        }
      } else if (f.source === "color") {
        const attr = COLOR_ATTR[family as Family];
        const def = ATTRIBUTES.find((a) => a.slug === attr)!;
        for (const op of def.options) {
          const having = members.filter((pid) => {
            const info = productInfo.get(pid)!;
            return COLOR_ATTR[info.spec.family] === attr && info.colorOptions.includes(op.slug);
          });
          if (!having.length) continue;
          const oid = addOption(op.slug, op.name, { color: op.color ?? null });
          for (const pid of having) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
        }
      } else {
        for (const op of f.options ?? []) {
          const oid = addOption(op.slug, op.name, { image: op.image ?? null, hidden: op.hidden ?? false });
          for (const pid of members) {
            const v = productInfo.get(pid)!.spec.facets[f.slug];
            if (Array.isArray(v) && (v as unknown[]).includes(op.slug)) rows.productFilterOptions.push({ productId: pid, filterOptionId: oid });
          }
        }
      }
    });
  }
}
