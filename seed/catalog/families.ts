/**
 * What the demo shop sells: every product family as a list of product specs (names and copy in
 * Spanish and French, configuration, prices, facets, drawing). The generator (generate.ts) turns
 * them into rows. Deterministic: all choices come from the seeded Rng.
 */
import type { ProductArt, ProductKind } from "../media/illustrations.ts";
import { BRANDS, type Family, type T } from "./data.ts";
import type { Rng } from "./rng.ts";

export type AttrUse = { attr: string; group: string | null; options?: string[]; range?: [number, number] };
export type FacetValue = string[] | boolean | [number, number];
export type FileType = "data_sheet" | "assembly_sheet" | "maintenance_sheet" | "toilet_data_sheet";

export type ProductSpec = {
  ref: string;
  kind: ProductKind;
  family: Family;
  /** Category keys (data.ts); the first is the main category. */
  cats: string[];
  brand: string;
  collection?: string;
  name: T;
  short: T;
  desc: T;
  attrs: AttrUse[];
  /** Price in cents (before shop rounding) of the variant with these options (attribute slug -> option slug). */
  price: (o: Record<string, string>) => number;
  art: ProductArt;
  /** Which field of the drawing the aesthetic option paints. */
  colorRole: "color" | "accent";
  tech: [T, T][];
  files: FileType[];
  facets: Record<string, FacetValue>;
  /** Complements offered: complement type slug and the pool of complement products to pick from. */
  complements?: { type: string; pool: string; count: number }[];
  /** Pool this product belongs to when it is itself a complement (seat, valve...). */
  pool?: string;
  maxCombined?: number;
  delivery: [number, number];
};

const tt = (es: string, fr: string): T => ({ es, fr });

/** A number as Spanish and French write it: "3,5", never "3.5". */
export const decimal = (n: number) => String(n).replace(".", ",");

const SERIES = [
  "Lisboa",
  "Toledo",
  "Oslo",
  "Kyoto",
  "Atlas",
  "Duna",
  "Sena",
  "Tajo",
  "Nilo",
  "Bruma",
  "Cala",
  "Marea",
  "Brisa",
  "Coral",
  "Delta",
  "Estela",
  "Fiora",
  "Gala",
  "Hera",
  "Iris",
  "Jade",
  "Kora",
  "Luna",
  "Mara",
  "Nova",
  "Onda",
  "Perla",
  "Quarzo",
  "Rila",
  "Sierra",
  "Terra",
  "Urbia",
  "Vela",
  "Yara",
  "Zafiro",
  "Alba",
  "Bora",
  "Cima",
  "Dalia",
  "Elba",
  "Faro",
  "Gea",
  "Helix",
  "Ibiza",
  "Jaca",
  "Lago",
  "Mistral",
  "Nácar",
  "Olivo",
  "Pino",
  "Roble",
  "Salina",
  "Tramontana",
  "Ulla",
  "Vigo",
  "Xàbia",
  "Zenit",
  "Ámbar",
  "Bahía",
  "Cierzo",
];

/** Series names for one family: a family never sells two series with the same name. */
function seriesPicker(rng: Rng) {
  const pool = rng.shuffle(SERIES);
  let i = 0;
  return () => pool[i++ % pool.length];
}

function brandFor(rng: Rng, family: Family, prefer?: string[]): { brand: string; collection?: string } {
  const candidates = BRANDS.filter((b) => b.families.includes(family) && (!prefer || prefer.includes(b.slug)));
  const b = rng.pick(candidates.length ? candidates : BRANDS.filter((x) => x.families.includes(family)));
  const col = b.collections.length && rng.chance(0.75) ? rng.pick(b.collections).slug : undefined;
  return { brand: b.slug, collection: col };
}

const ref = (prefix: string, n: number) => `${prefix}-${String(n).padStart(3, "0")}`;

// ---------------------------------------------------------------- shower trays

function trays(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  let n = 1;
  const sizes = ["70x100", "70x120", "80x100", "80x120", "80x140", "90x140", "90x160", "100x180"];
  for (let i = 0; i < 32; i++) {
    const slate = i % 3 !== 2;
    const s = next();
    const { brand, collection } = brandFor(rng, "tray", slate && rng.chance(0.5) ? ["pizarra-stone", "aqualis"] : undefined);
    const base = rng.int(12000, 19000) + (slate ? 2500 : 0);
    const mySizes = rng
      .shuffle(sizes)
      .slice(0, rng.int(4, 6))
      .sort((a, b) => sizes.indexOf(a) - sizes.indexOf(b));
    const colors = slate ? ["blanco", "gris", "antracita", "negro", "arena"] : rng.shuffle(["blanco", "gris", "antracita", "negro", "arena"]).slice(0, 3);
    const widthMin = Math.min(...mySizes.map((x) => Number(x.split("x")[0])));
    const widthMax = Math.max(...mySizes.map((x) => Number(x.split("x")[0])));
    const lenMin = Math.min(...mySizes.map((x) => Number(x.split("x")[1])));
    const lenMax = Math.max(...mySizes.map((x) => Number(x.split("x")[1])));
    const textEs = slate ? "textura pizarra" : "liso";
    const textFr = slate ? "effet ardoise" : "lisse";
    const thick = rng.pick([2.6, 3, 3.5]);
    // Spanish and French write decimals with a comma: "3,5 cm".
    const thickText = decimal(thick);
    out.push({
      ref: ref("PD-RE", n++),
      kind: "shower_tray",
      family: "tray",
      cats: ["trays", "trays-resin", ...(slate ? ["trays-slate"] : [])],
      brand,
      collection,
      name: tt(`Plato de ducha de resina ${s} ${textEs}`, `Receveur de douche en résine ${s} ${textFr}`),
      short: tt(
        `Plato de resina con carga mineral de ${thickText} cm, ${textEs}, antideslizante C3. Elige la válvula y la rejilla en el configurador.`,
        `Receveur en résine à charge minérale de ${thickText} cm, ${textFr}, antidérapant C3. Choisissez la bonde et la grille dans le configurateur.`,
      ),
      desc: tt(
        `El plato de ducha ${s} está fabricado en resina de poliéster con carga mineral de carbonato cálcico y acabado en gelcoat ${slate ? "con relieve de pizarra natural" : "liso satinado"}. Tiene un grosor de ${thickText} cm y se entrega en medidas de ${widthMin} a ${widthMax} cm de ancho y de ${lenMin} a ${lenMax} cm de largo. La superficie está clasificada como antideslizante C3 según la norma UNE-ENV 12633, apta para duchas de uso diario. Se instala a ras de suelo o sobre el pavimento, sobre una base nivelada de mortero o adhesivo cementoso, sellando el perímetro con silicona neutra. Su desagüe es de 90 mm: la válvula con sifón extraplano y la rejilla de acero inoxidable se eligen aparte, como complementos, en el configurador.`,
        `Le receveur ${s} est fabriqué en résine polyester chargée de carbonate de calcium, finition gelcoat ${slate ? "au relief d'ardoise naturelle" : "lisse satinée"}. Il mesure ${thickText} cm d'épaisseur et existe de ${widthMin} à ${widthMax} cm de large et de ${lenMin} à ${lenMax} cm de long. Sa surface est classée antidérapante C3 (norme UNE-ENV 12633). Il se pose à fleur de sol ou sur le carrelage, sur une chape ou un mortier-colle nivelé, le pourtour étant scellé au silicone neutre. Évacuation de 90 mm : la bonde à siphon extra-plat et la grille en inox se choisissent à part, comme compléments, dans le configurateur.`,
      ),
      attrs: [
        { attr: "color-plato", group: null, options: colors },
        { attr: "medida-plato", group: "medidas", options: mySizes },
        { attr: "guia-de-medidas", group: "medidas", options: ["como-elegir-tu-plato-de-ducha-15"] },
      ],
      price: (o) => {
        const [w, l] = (o["medida-plato"] ?? "80x120").split("x").map(Number);
        return base + (w * l - 7000) * 1.3 + (o["color-plato"] === "blanco" ? 0 : 1500);
      },
      art: { kind: "shower_tray", color: "#f1efe9", accent: "#c9ced3", texture: slate ? "slate" : "smooth", dims: { w: widthMax, d: lenMax } },
      colorRole: "color",
      tech: [
        [tt("Material", "Matériau"), tt("Resina con carga mineral y gelcoat", "Résine à charge minérale et gelcoat")],
        [tt("Grosor", "Épaisseur"), tt(`${thickText} cm`, `${thickText} cm`)],
        [tt("Textura", "Texture"), tt(slate ? "Pizarra" : "Lisa", slate ? "Ardoise" : "Lisse")],
        [tt("Antideslizante", "Antidérapant"), tt("Clase C3", "Classe C3")],
        [tt("Desagüe", "Évacuation"), tt("90 mm (válvula y rejilla, aparte)", "90 mm (bonde et grille en option)")],
        [tt("Peso", "Poids"), tt(`${Math.round(thick * 9)} kg/m²`, `${Math.round(thick * 9)} kg/m²`)],
        [tt("Garantía", "Garantie"), tt("3 años", "3 ans")],
      ],
      files: ["data_sheet", "assembly_sheet", "maintenance_sheet"],
      facets: { textura: [slate ? "pizarra" : "lisa"], antideslizante: true, "a-medida": false, ancho: [widthMin, widthMax], largo: [lenMin, lenMax] },
      complements: [
        { type: "valvula", pool: "valve-tray", count: 2 },
        { type: "rejilla", pool: "grate", count: 2 },
      ],
      delivery: [3, 6],
    });
  }
  for (let i = 0; i < 10; i++) {
    const s = next();
    const { brand, collection } = brandFor(rng, "tray");
    const slate = i % 2 === 0;
    const base = rng.int(19000, 26000);
    const maxW = rng.pick([100, 110, 120]);
    const maxL = rng.pick([180, 200, 220]);
    const maxCombined = maxW + maxL - rng.pick([0, 20, 30]);
    out.push({
      ref: ref("PD-ME", i + 1),
      kind: "shower_tray",
      family: "tray",
      cats: ["trays", "trays-custom", "trays-resin", ...(slate ? ["trays-slate"] : [])],
      brand,
      collection,
      name: tt(`Plato de ducha a medida ${s} ${slate ? "pizarra" : "liso"}`, `Receveur sur mesure ${s} ${slate ? "ardoise" : "lisse"}`),
      short: tt(
        `Cortado a medida en fábrica: de 60 a ${maxW} cm de ancho y de 70 a ${maxL} cm de largo, al centímetro.`,
        `Découpé sur mesure en usine : de 60 à ${maxW} cm de large et de 70 à ${maxL} cm de long, au centimètre.`,
      ),
      desc: tt(
        `Plato de ducha ${s} cortado a medida en nuestra planta con disco de diamante, para huecos de obra que no encajan en medidas estándar. Indica el ancho (60 a ${maxW} cm) y el largo (70 a ${maxL} cm) al centímetro; la suma de ambos no puede superar ${maxCombined} cm. Los cortes se sellan con gelcoat del mismo color, por lo que no se aprecian una vez instalado. El precio depende de la medida: cada tramo de ancho y de largo tiene su precio, que ves en el configurador al escribir tus medidas. Fabricamos el plato en 5 a 8 días laborables. Mide el hueco en tres puntos y toma la medida menor. La válvula y la rejilla se eligen aparte, como complementos.`,
        `Receveur ${s} découpé sur mesure dans notre usine au disque diamant, pour les espaces qui ne correspondent pas aux dimensions standard. Indiquez la largeur (60 à ${maxW} cm) et la longueur (70 à ${maxL} cm) au centimètre ; leur somme ne peut dépasser ${maxCombined} cm. Les coupes sont scellées au gelcoat de la même couleur, invisibles une fois posé. Le prix dépend des dimensions : chaque tranche de largeur et de longueur a son prix, affiché dans le configurateur dès que vous saisissez vos mesures. Fabrication en 5 à 8 jours ouvrés. Mesurez l'espace en trois points et retenez la plus petite mesure. La bonde et la grille se choisissent à part, comme compléments.`,
      ),
      attrs: [
        { attr: "color-plato", group: null, options: ["blanco", "gris", "antracita", "negro", "arena"] },
        { attr: "ancho", group: "medidas", range: [60, maxW] },
        { attr: "largo", group: "medidas", range: [70, maxL] },
        { attr: "guia-de-medidas", group: "medidas", options: ["como-elegir-tu-plato-de-ducha-15"] },
        { attr: "indicaciones-de-corte", group: "opciones", options: ["observaciones"] },
      ],
      price: (o) => base + (o["color-plato"] === "blanco" ? 0 : 2000),
      art: { kind: "shower_tray", color: "#f1efe9", accent: "#c9ced3", texture: slate ? "slate" : "smooth", dims: { w: maxW, d: maxL } },
      colorRole: "color",
      tech: [
        [tt("Material", "Matériau"), tt("Resina con carga mineral", "Résine à charge minérale")],
        [tt("Ancho", "Largeur"), tt(`60 - ${maxW} cm`, `60 - ${maxW} cm`)],
        [tt("Largo", "Longueur"), tt(`70 - ${maxL} cm`, `70 - ${maxL} cm`)],
        [tt("Medida combinada máxima", "Somme maximale"), tt(`${maxCombined} cm`, `${maxCombined} cm`)],
        [tt("Plazo de fabricación", "Délai de fabrication"), tt("5 a 8 días laborables", "5 à 8 jours ouvrés")],
      ],
      files: ["data_sheet", "assembly_sheet", "maintenance_sheet"],
      facets: { textura: [slate ? "pizarra" : "lisa"], antideslizante: true, "a-medida": true, ancho: [60, maxW], largo: [70, maxL] },
      complements: [
        { type: "valvula", pool: "valve-tray", count: 2 },
        { type: "rejilla", pool: "grate", count: 1 },
      ],
      maxCombined,
      delivery: [7, 12],
    });
  }
  return out;
}

// ---------------------------------------------------------------- shower screens

const SCREEN_TYPES = [
  {
    key: "frontal",
    kind: "shower_screen_frontal" as const,
    cat: "screens-front",
    count: 14,
    es: "Mampara frontal corredera",
    fr: "Paroi de douche coulissante",
    base: [19000, 36000],
  },
  {
    key: "angular",
    kind: "shower_screen_angular" as const,
    cat: "screens-angle",
    count: 10,
    es: "Mampara angular",
    fr: "Paroi de douche d'angle",
    base: [29000, 52000],
  },
  {
    key: "semicircular",
    kind: "shower_screen_semicircular" as const,
    cat: "screens-semi",
    count: 6,
    es: "Mampara semicircular",
    fr: "Paroi de douche semi-circulaire",
    base: [33000, 60000],
  },
  {
    key: "banera",
    kind: "bath_screen" as const,
    cat: "screens-bath",
    count: 8,
    es: "Mampara de bañera abatible",
    fr: "Pare-baignoire pivotant",
    base: [15000, 28000],
  },
];

function screens(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  let n = 1;
  for (const t of SCREEN_TYPES) {
    for (let i = 0; i < t.count; i++) {
      const s = next();
      const slim = t.key === "frontal" && i < 3;
      const { brand, collection } = slim ? { brand: "cristalux", collection: "cristalux-slim" } : brandFor(rng, "screen");
      const base = rng.int(t.base[0], t.base[1]);
      const widths =
        t.key === "banera" ? ["70-cm", "80-cm", "90-cm"] : t.key === "frontal" ? ["100-cm", "120-cm", "140-cm", "160-cm"] : ["70-cm", "80-cm", "90-cm"];
      const profiles = slim ? ["cromo", "negro-mate", "oro-satinado"] : rng.chance(0.6) ? ["cromo", "negro-mate", "oro-cepillado"] : ["cromo", "negro-mate"];
      const glass = t.key === "banera" ? ["6-mm"] : ["6-mm", "8-mm"];
      const wNums = widths.map((w) => Number.parseInt(w, 10));
      const name = slim ? `${t.es} Slim ${s}` : `${t.es} ${s}`;
      out.push({
        ref: ref(`MA-${t.key.slice(0, 2).toUpperCase()}`, n++),
        kind: t.kind,
        family: "screen",
        cats: ["screens", t.cat],
        brand,
        collection,
        name: tt(name, slim ? `${t.fr} Slim ${s}` : `${t.fr} ${s}`),
        short: tt(
          `Vidrio templado de seguridad${glass.length > 1 ? " de 6 u 8 mm" : " de 6 mm"}, altura 195 cm, perfiles de aluminio y ajuste de 2 cm para paredes fuera de escuadra.`,
          `Verre trempé de sécurité${glass.length > 1 ? " de 6 ou 8 mm" : " de 6 mm"}, hauteur 195 cm, profilés aluminium et réglage de 2 cm pour murs hors d'équerre.`,
        ),
        desc: tt(
          `La ${name.toLowerCase()} combina vidrio templado transparente según EN 12150 con perfiles de aluminio anodizado${slim ? " de solo 15 mm" : ""}. Tiene 195 cm de altura y se fabrica en anchos de ${Math.min(...wNums)} a ${Math.max(...wNums)} cm, con un perfil de ajuste de 2 cm que absorbe paredes desplomadas. ${t.key === "frontal" ? "Las puertas corren sobre rodamientos de acero inoxidable ocultos en el perfil superior." : t.key === "banera" ? "La hoja abatible gira 180° hacia dentro y fuera de la bañera y se fija con tacos y tornillos inoxidables." : "El acceso es en esquina con dos puertas correderas que se abren simultáneamente."} Se instala sobre el plato o la bañera, fijando los perfiles a pared con tacos de 6 mm y sellando por fuera con silicona. El tratamiento antical opcional reduce las marcas de cal y facilita la limpieza diaria.`,
          `La ${(slim ? `${t.fr} Slim ${s}` : `${t.fr} ${s}`).toLowerCase()} associe un verre trempé transparent selon EN 12150 à des profilés en aluminium anodisé${slim ? " de seulement 15 mm" : ""}. Hauteur 195 cm, largeurs de ${Math.min(...wNums)} à ${Math.max(...wNums)} cm, avec un profilé de réglage de 2 cm pour les murs hors d'aplomb. ${t.key === "frontal" ? "Les portes coulissent sur des roulements inox cachés dans le profilé haut." : t.key === "banera" ? "Le volet pivote à 180° vers l'intérieur et l'extérieur de la baignoire et se fixe avec chevilles et vis inox." : "Accès d'angle par deux portes coulissantes qui s'ouvrent ensemble."} Pose sur receveur ou baignoire, profilés fixés au mur avec chevilles de 6 mm et joint silicone extérieur. Le traitement anticalcaire en option limite les traces de calcaire.`,
        ),
        attrs: [
          { attr: "color-perfil", group: null, options: profiles },
          { attr: "ancho-mampara", group: "medidas", options: widths },
          { attr: "guia-de-medidas", group: "medidas", options: ["como-medir-una-mampara"] },
          { attr: "grosor-cristal", group: "cristal", options: glass },
          { attr: "tratamiento-antical", group: "cristal", options: ["sin-antical", "con-antical"] },
        ],
        price: (o) =>
          base +
          (Number.parseInt(o["ancho-mampara"] ?? "80", 10) - 70) * 180 +
          (o["grosor-cristal"] === "8-mm" ? 4500 : 0) +
          (o["color-perfil"]?.startsWith("oro") ? 6000 : o["color-perfil"] === "negro-mate" ? 3000 : 0),
        art: { kind: t.kind, color: "#ffffff", accent: "#c9ced3", dims: { w: Math.max(...wNums), h: 195 } },
        colorRole: "accent",
        tech: [
          [tt("Vidrio", "Verre"), tt("Templado transparente EN 12150", "Trempé transparent EN 12150")],
          [tt("Altura", "Hauteur"), tt("195 cm", "195 cm")],
          [tt("Ajuste", "Réglage"), tt("2 cm", "2 cm")],
          [tt("Perfilería", "Profilés"), tt("Aluminio anodizado", "Aluminium anodisé")],
          [tt("Apertura", "Ouverture"), tt(t.key === "banera" ? "Abatible 180°" : "Corredera", t.key === "banera" ? "Pivotante 180°" : "Coulissante")],
        ],
        files: ["data_sheet", "assembly_sheet", "maintenance_sheet"],
        facets: { tipo: [t.key], grosor: glass, ancho: [Math.min(...wNums), Math.max(...wNums)] },
        delivery: [5, 10],
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- toilets and seats

function toilets(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  const types = [
    { key: "suelo", kind: "toilet_floor" as const, cat: "toilets-floor", count: 8, es: "Inodoro de suelo", fr: "WC à poser", base: [14000, 32000] },
    { key: "suspendido", kind: "toilet_wall" as const, cat: "toilets-wall", count: 8, es: "Inodoro suspendido", fr: "WC suspendu", base: [18000, 45000] },
    { key: "compacto", kind: "toilet_compact" as const, cat: "toilets-compact", count: 6, es: "Inodoro compacto", fr: "WC compact", base: [9500, 19000] },
  ];
  let n = 1;
  for (const t of types) {
    for (let i = 0; i < t.count; i++) {
      const s = next();
      const rimless = i % 2 === 0;
      const { brand, collection } = brandFor(rng, "toilet");
      const base = rng.int(t.base[0], t.base[1]);
      const outlet = t.key === "suspendido" ? "horizontal" : rng.pick(["horizontal", "vertical", "dual"]);
      const outletEs = { horizontal: "horizontal", vertical: "vertical", dual: "dual" }[outlet]!;
      const outletFr = { horizontal: "horizontale", vertical: "verticale", dual: "double" }[outlet]!;
      const colors = rng.chance(0.5) ? ["blanco-brillo", "blanco-mate", "negro-mate-ceramica"] : ["blanco-brillo", "blanco-mate"];
      const depth = t.key === "compacto" ? rng.int(56, 60) : rng.int(60, 68);
      out.push({
        ref: ref(`IN-${t.key.slice(0, 2).toUpperCase()}`, n++),
        kind: t.kind,
        family: "toilet",
        cats: ["toilets", t.cat, ...(rimless ? ["toilets-rimless"] : [])],
        brand,
        collection,
        name: tt(`${t.es} ${s}${rimless ? " sin brida" : ""}`, `${t.fr} ${s}${rimless ? " sans bride" : ""}`),
        short: tt(
          `Porcelana vitrificada, fondo ${depth} cm, salida ${outletEs}, doble descarga 4,5/3 l${rimless ? ", sin brida" : ""}.`,
          `Porcelaine vitrifiée, profondeur ${depth} cm, sortie ${outletFr}, double chasse 4,5/3 l${rimless ? ", sans bride" : ""}.`,
        ),
        desc: tt(
          `El inodoro ${s} es de porcelana vitrificada con esmalte cocido a 1250 °C, resistente a manchas y arañazos. Mide ${depth} cm de fondo, 36 cm de ancho y ${t.key === "suspendido" ? "se cuelga a 40 cm del suelo sobre una cisterna empotrada de 112 cm" : "80 cm de alto con la cisterna"}. La salida es ${outletEs}${outlet === "dual" ? " (sirve para desagüe a pared o a suelo)" : ""} y el mecanismo de doble descarga consume 4,5 o 3 litros. ${rimless ? "Su taza sin brida no tiene recovecos donde se acumulen bacterias: se limpia con una pasada." : "La taza con brida esmaltada dirige el agua por todo el perímetro."} Se fija con el kit de anclaje incluido; recomendamos sellar la base con silicona sanitaria.`,
          `Le WC ${s} est en porcelaine vitrifiée émaillée à 1250 °C, résistante aux taches et aux rayures. Profondeur ${depth} cm, largeur 36 cm, ${t.key === "suspendido" ? "suspendu à 40 cm du sol sur un bâti-support de 112 cm" : "hauteur 80 cm avec le réservoir"}. Sortie ${outletFr} et mécanisme double chasse 4,5 ou 3 litres. ${rimless ? "Sa cuvette sans bride n'a aucun recoin où les bactéries s'accumulent : elle se nettoie d'un geste." : "La cuvette à bride émaillée répartit l'eau sur tout le pourtour."} Fixation avec le kit fourni ; joint silicone sanitaire conseillé.`,
        ),
        attrs: [
          { attr: "color-sanitario", group: null, options: colors },
          { attr: "asiento", group: "opciones", options: ["asiento-incluido", "sin-tapa"] },
        ],
        price: (o) =>
          base +
          (o.asiento === "asiento-incluido" ? 4500 : 0) +
          (o["color-sanitario"] === "negro-mate-ceramica" ? 6000 : o["color-sanitario"] === "blanco-mate" ? 2500 : 0),
        art: { kind: t.kind, color: "#f7f7f5", accent: "#c9ced3", dims: { w: 36, d: depth, h: t.key === "suspendido" ? 40 : 80 } },
        colorRole: "color",
        tech: [
          [tt("Material", "Matériau"), tt("Porcelana vitrificada", "Porcelaine vitrifiée")],
          [tt("Salida", "Sortie"), tt(outletEs, outletFr)],
          [tt("Fondo", "Profondeur"), tt(`${depth} cm`, `${depth} cm`)],
          [tt("Descarga", "Chasse"), tt("4,5 / 3 l", "4,5 / 3 l")],
          [tt("Sin brida", "Sans bride"), tt(rimless ? "Sí" : "No", rimless ? "Oui" : "Non")],
        ],
        files: ["toilet_data_sheet", "assembly_sheet", "data_sheet"],
        facets: { tipo: [t.key], "sin-brida": rimless, salida: [outlet] },
        complements: [{ type: "asiento", pool: "seat", count: 2 }],
        delivery: [3, 7],
      });
    }
  }
  for (let i = 0; i < 8; i++) {
    const s = next();
    const { brand, collection } = brandFor(rng, "toilet");
    out.push({
      ref: ref("AS-IN", i + 1),
      kind: "toilet_seat",
      family: "toilet",
      cats: ["toilets", "toilets-seats"],
      brand,
      collection,
      name: tt(`Asiento de inodoro amortiguado ${s}`, `Abattant WC frein de chute ${s}`),
      short: tt(
        "Duroplast antibacteriano, cierre lento y extracción rápida para limpiar.",
        "Duroplast antibactérien, fermeture ralentie et déclipsable pour le nettoyage.",
      ),
      desc: tt(
        `Asiento ${s} de duroplast de 4 cm de grosor con aditivo antibacteriano. Las bisagras de acero inoxidable tienen cierre amortiguado y un botón de extracción rápida que permite retirar el asiento para limpiarlo. Ajuste universal entre 14 y 19 cm de distancia entre anclajes.`,
        `Abattant ${s} en duroplast de 4 cm d'épaisseur avec additif antibactérien. Charnières inox à fermeture ralentie et bouton de déclipsage pour le nettoyage. Entraxe universel de 14 à 19 cm.`,
      ),
      attrs: [{ attr: "color-sanitario", group: null, options: ["blanco-brillo", "blanco-mate", "negro-mate-ceramica"] }],
      price: (o) => 3500 + i * 700 + (o["color-sanitario"] === "negro-mate-ceramica" ? 1500 : 0),
      art: { kind: "toilet_seat", color: "#f7f7f5", accent: "#c9ced3", dims: { w: 36, d: 45 } },
      colorRole: "color",
      tech: [
        [tt("Material", "Matériau"), tt("Duroplast", "Duroplast")],
        [tt("Bisagras", "Charnières"), tt("Acero inoxidable, cierre lento", "Inox, frein de chute")],
      ],
      files: ["data_sheet"],
      facets: { tipo: ["asiento"] },
      pool: "seat",
      delivery: [2, 4],
    });
  }
  return out;
}

// ---------------------------------------------------------------- bathtubs

function bathtubs(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  const types = [
    {
      key: "exenta",
      kind: "bathtub_freestanding" as const,
      cat: "bathtubs-free",
      count: 8,
      es: "Bañera exenta",
      fr: "Baignoire îlot",
      base: [65000, 180000],
      material: "solid-surface",
    },
    {
      key: "empotrada",
      kind: "bathtub_builtin" as const,
      cat: "bathtubs-built",
      count: 7,
      es: "Bañera empotrable",
      fr: "Baignoire à encastrer",
      base: [30000, 70000],
      material: "acrilico",
    },
    {
      key: "hidromasaje",
      kind: "bathtub_whirlpool" as const,
      cat: "bathtubs-spa",
      count: 6,
      es: "Bañera de hidromasaje",
      fr: "Baignoire balnéo",
      base: [90000, 220000],
      material: "acrilico",
    },
  ];
  let n = 1;
  for (const t of types) {
    for (let i = 0; i < t.count; i++) {
      const s = next();
      const { brand, collection } = brandFor(rng, "bathtub");
      const base = rng.int(t.base[0], t.base[1]);
      const material = t.key === "exenta" && i % 3 === 2 ? "fundicion-mineral" : t.material;
      const matEs = { "solid-surface": "solid surface", acrilico: "acrílico reforzado con fibra de vidrio", "fundicion-mineral": "fundición mineral" }[
        material
      ]!;
      const matFr = { "solid-surface": "solid surface", acrilico: "acrylique renforcé fibre de verre", "fundicion-mineral": "fonte minérale" }[material]!;
      const sizes = t.key === "exenta" ? ["160x70", "170x75", "180x80"] : ["150x70", "160x70", "170x75"];
      const litres = rng.int(170, 290);
      out.push({
        ref: ref(`BA-${t.key.slice(0, 2).toUpperCase()}`, n++),
        kind: t.kind,
        family: "bathtub",
        cats: ["bathtubs", t.cat],
        brand,
        collection,
        name: tt(`${t.es} ${s}`, `${t.fr} ${s}`),
        short: tt(
          `${matEs[0].toUpperCase()}${matEs.slice(1)}, ${litres} litros, de 150 a 180 cm.`,
          `${matFr[0].toUpperCase()}${matFr.slice(1)}, ${litres} litres, de 150 à 180 cm.`,
        ),
        desc: tt(
          `La bañera ${s} está fabricada en ${matEs}, un material cálido al tacto que conserva el calor del agua. Tiene una capacidad de ${litres} litros hasta el rebosadero y ${t.key === "exenta" ? "se apoya directamente en el suelo sobre pies niveladores ocultos" : "se encastra en obra sobre patas regulables con faldón frontal registrable"}. ${t.key === "hidromasaje" ? "Incluye 6 jets de agua orientables, 8 jets de aire en el fondo, cromoterapia LED y bomba de 900 W con desconexión de seguridad. Necesita una toma eléctrica con diferencial de 30 mA a más de 60 cm de la bañera." : t.key === "exenta" ? "Tiene rebosadero integrado; la válvula clic-clac se elige aparte, como complemento, en el configurador." : "Incluye válvula clic-clac con rebosadero integrado."} Antes de comprar, comprueba que el forjado soporta el peso de la bañera llena (unos ${litres + 60} kg más la persona).`,
          `La baignoire ${s} est en ${matFr}, un matériau chaud au toucher qui conserve la chaleur de l'eau. Contenance ${litres} litres jusqu'au trop-plein ; ${t.key === "exenta" ? "elle repose directement au sol sur des pieds réglables cachés" : "elle s'encastre sur pieds réglables avec tablier frontal démontable"}. ${t.key === "hidromasaje" ? "6 jets d'eau orientables, 8 jets d'air au fond, chromothérapie LED et pompe de 900 W avec sécurité. Prévoir une prise protégée par un différentiel 30 mA à plus de 60 cm de la baignoire." : t.key === "exenta" ? "Trop-plein intégré ; la bonde clic-clac se choisit à part, en complément, dans le configurateur." : "Bonde clic-clac avec trop-plein intégré incluse."} Vérifiez que le plancher supporte le poids de la baignoire pleine (environ ${litres + 60} kg plus la personne).`,
        ),
        attrs: [
          {
            attr: "color-sanitario",
            group: null,
            options: t.key === "exenta" ? ["blanco-brillo", "blanco-mate", "negro-mate-ceramica", "gris-piedra"] : ["blanco-brillo"],
          },
          { attr: "medida-banera", group: "medidas", options: sizes },
        ],
        price: (o) =>
          base + sizes.indexOf(o["medida-banera"] ?? sizes[0]) * 6000 + (o["color-sanitario"] && o["color-sanitario"] !== "blanco-brillo" ? 15000 : 0),
        art: { kind: t.kind, color: "#f7f7f5", accent: "#c9ced3", dims: { w: 180, d: 80, h: 60 } },
        colorRole: "color",
        tech: [
          [tt("Material", "Matériau"), tt(matEs, matFr)],
          [tt("Capacidad", "Contenance"), tt(`${litres} l`, `${litres} l`)],
          [tt("Instalación", "Installation"), tt(t.key === "exenta" ? "Exenta" : "Empotrable", t.key === "exenta" ? "Îlot" : "Encastrable")],
          [tt("Altura", "Hauteur"), tt("60 cm", "60 cm")],
        ],
        files: ["data_sheet", "assembly_sheet", "maintenance_sheet"],
        facets: { tipo: [t.key], material: [material], largo: [Number(sizes[0].split("x")[0]), Number(sizes[sizes.length - 1].split("x")[0])] },
        complements: t.key === "exenta" ? [{ type: "valvula", pool: "valve-basin", count: 1 }] : undefined,
        delivery: t.key === "hidromasaje" ? [10, 15] : [5, 10],
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- furniture

const STYLES = [
  {
    key: "moderno",
    style: "modern" as const,
    cat: "furniture-modern",
    count: 9,
    es: "moderno",
    fr: "moderne",
    finishes: ["blanco-brillo-mueble", "roble-natural", "gris-antracita", "azul-noche"],
  },
  {
    key: "vintage",
    style: "vintage" as const,
    cat: "furniture-vintage",
    count: 6,
    es: "vintage",
    fr: "vintage",
    finishes: ["verde-salvia", "blanco-brillo-mueble", "azul-noche"],
  },
  {
    key: "rustico",
    style: "rustic" as const,
    cat: "furniture-rustic",
    count: 6,
    es: "rústico",
    fr: "rustique",
    finishes: ["madera-envejecida", "nogal", "roble-natural"],
  },
  {
    key: "industrial",
    style: "industrial" as const,
    cat: "furniture-industrial",
    count: 6,
    es: "industrial",
    fr: "industriel",
    finishes: ["roble-natural", "madera-envejecida", "nogal"],
  },
];

function furniture(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  let n = 1;
  for (const st of STYLES) {
    for (let i = 0; i < st.count; i++) {
      const s = next();
      const prefer =
        st.key === "vintage" ? ["atelier-seine"] : st.key === "industrial" ? ["oxide-works"] : st.key === "rustico" ? ["terracota-home"] : undefined;
      const { brand, collection } = brandFor(rng, "furniture", rng.chance(0.6) ? prefer : undefined);
      const base = rng.int(22000, 60000) + (st.key === "vintage" ? 15000 : 0);
      const widths = rng.chance(0.5) ? ["60-cm", "80-cm", "100-cm"] : ["80-cm", "100-cm", "120-cm"];
      const wNums = widths.map((w) => Number.parseInt(w, 10));
      const hung = st.key === "moderno";
      out.push({
        ref: ref("MU-BA-LE", n++),
        kind: "vanity",
        family: "furniture",
        cats: ["furniture", st.cat, "furniture-sink"],
        brand,
        collection,
        name: tt(`Mueble de baño con lavabo ${s} ${st.es}`, `Meuble de salle de bain avec vasque ${s} ${st.fr}`),
        short: tt(
          `${hung ? "Suspendido" : "Con patas"}, de ${wNums[0]} a ${wNums[wNums.length - 1]} cm, lavabo de porcelana integrado y cajones con cierre amortiguado.`,
          `${hung ? "Suspendu" : "Sur pieds"}, de ${wNums[0]} à ${wNums[wNums.length - 1]} cm, vasque en porcelaine intégrée et tiroirs à fermeture amortie.`,
        ),
        desc: tt(
          `El conjunto ${s} de estilo ${st.es} incluye mueble y lavabo de porcelana integrado de una pieza. El cuerpo es de tablero hidrófugo MDF de 16 mm con cantos sellados y acabado ${st.key === "rustico" ? "en chapa de madera natural cepillada" : st.key === "industrial" ? "en madera con estructura de acero lacado negro" : "lacado a poro cerrado"}. Tiene 46 cm de fondo y ${hung ? "se cuelga a pared con dos escuadras ocultas que soportan 80 kg" : "se apoya en el suelo sobre patas con niveladores"}. ${st.key === "industrial" ? "Bajo el cajón lleva una balda abierta de rejilla metálica para toallas." : "Los cajones son de extracción total con guías de cierre amortiguado."} El lavabo tiene rebosadero y taladro para grifo monomando; el grifo y la válvula se venden aparte.`,
          `L'ensemble ${s} de style ${st.fr} comprend le meuble et sa vasque en porcelaine d'une seule pièce. Caisson en MDF hydrofuge de 16 mm aux chants scellés, finition ${st.key === "rustico" ? "placage bois naturel brossé" : st.key === "industrial" ? "bois avec structure en acier laqué noir" : "laquée à pores fermés"}. Profondeur 46 cm ; ${hung ? "il se fixe au mur par deux équerres cachées supportant 80 kg" : "il repose au sol sur des pieds réglables"}. ${st.key === "industrial" ? "Une étagère ouverte en grille métallique accueille les serviettes." : "Tiroirs à sortie totale avec coulisses à fermeture amortie."} Vasque avec trop-plein, percée pour mitigeur ; robinet et bonde vendus séparément.`,
        ),
        attrs: [
          { attr: "acabado-mueble", group: null, options: st.finishes },
          { attr: "ancho-mueble", group: "medidas", options: widths },
        ],
        price: (o) => base + (Number.parseInt(o["ancho-mueble"] ?? "60", 10) - 60) * 450 + (st.finishes.indexOf(o["acabado-mueble"] ?? "") > 1 ? 4000 : 0),
        art: {
          kind: "vanity",
          color: "#b58a5a",
          accent: st.key === "vintage" ? "#c8a45a" : "#2a2a2c",
          style: st.style,
          dims: { w: wNums[wNums.length - 1], d: 46, h: 85 },
        },
        colorRole: "color",
        tech: [
          [tt("Estilo", "Style"), tt(st.es, st.fr)],
          [tt("Material", "Matériau"), tt("MDF hidrófugo 16 mm", "MDF hydrofuge 16 mm")],
          [tt("Fondo", "Profondeur"), tt("46 cm", "46 cm")],
          [tt("Instalación", "Installation"), tt(hung ? "Suspendido" : "Al suelo", hung ? "Suspendu" : "Au sol")],
          [tt("Lavabo", "Vasque"), tt("Porcelana, con rebosadero", "Porcelaine, avec trop-plein")],
        ],
        files: ["data_sheet", "assembly_sheet"],
        facets: { estilo: [st.key], instalacion: [hung ? "suspendido" : "con-patas"], "con-lavabo": true, ancho: [wNums[0], wNums[wNums.length - 1]] },
        complements: [{ type: "espejo", pool: "mirror", count: 2 }, ...(hung ? [{ type: "patas", pool: "legs", count: 1 }] : [])],
        delivery: [4, 9],
      });
    }
  }
  for (let i = 0; i < 6; i++) {
    const s = next();
    const st = STYLES[i % STYLES.length];
    const { brand, collection } = brandFor(rng, "furniture");
    out.push({
      ref: ref("MU-CO", i + 1),
      kind: "cabinet_column",
      family: "furniture",
      cats: ["furniture", "furniture-columns", st.cat],
      brand,
      collection,
      name: tt(`Columna de baño ${s} ${st.es}`, `Colonne de salle de bain ${s} ${st.fr}`),
      short: tt(
        "Columna auxiliar de 160 cm con dos puertas y cuatro baldas regulables.",
        "Colonne d'appoint de 160 cm, deux portes et quatre étagères réglables.",
      ),
      desc: tt(
        `Columna ${s} de 160 x 35 x 30 cm en tablero hidrófugo, a juego con los muebles de estilo ${st.es}. Dos puertas con bisagras de cierre suave y cuatro baldas regulables en altura para toallas y productos. Se cuelga a pared o se apoya en el suelo; incluye herrajes de fijación.`,
        `Colonne ${s} de 160 x 35 x 30 cm en panneau hydrofuge, assortie aux meubles de style ${st.fr}. Deux portes à charnières amorties et quatre étagères réglables. Se fixe au mur ou se pose au sol ; quincaillerie incluse.`,
      ),
      attrs: [{ attr: "acabado-mueble", group: null, options: st.finishes }],
      price: () => rng.int(15000, 32000),
      art: { kind: "cabinet_column", color: "#b58a5a", accent: "#2a2a2c", dims: { w: 35, d: 30, h: 160 } },
      colorRole: "color",
      tech: [
        [tt("Medidas", "Dimensions"), tt("160 x 35 x 30 cm", "160 x 35 x 30 cm")],
        [tt("Baldas", "Étagères"), tt("4 regulables", "4 réglables")],
      ],
      files: ["data_sheet", "assembly_sheet"],
      facets: { estilo: [st.key], instalacion: ["suspendido"], "con-lavabo": false, ancho: [35, 35] },
      delivery: [4, 9],
    });
  }
  return out;
}

// ---------------------------------------------------------------- washbasins

function washbasins(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  for (let i = 0; i < 14; i++) {
    const s = next();
    const top = i < 8;
    const round = i % 2 === 0;
    const material = top ? rng.pick(["ceramica", "piedra", "solid-surface"]) : "ceramica";
    const matEs = { ceramica: "cerámica", piedra: "piedra natural", "solid-surface": "solid surface" }[material]!;
    const matFr = { ceramica: "céramique", piedra: "pierre naturelle", "solid-surface": "solid surface" }[material]!;
    const { brand, collection } = brandFor(rng, "washbasin");
    const base = rng.int(6000, material === "piedra" ? 32000 : 18000);
    out.push({
      ref: ref(top ? "LA-EN" : "LA-SU", top ? i + 1 : i - 7),
      kind: top ? "washbasin_countertop" : "washbasin_wall",
      family: "washbasin",
      cats: ["washbasins", top ? "washbasins-top" : "washbasins-wall"],
      brand,
      collection,
      name: tt(
        `Lavabo ${top ? "sobre encimera" : "suspendido"} ${s} ${round ? "redondo" : "rectangular"}`,
        `${top ? "Vasque à poser" : "Lavabo suspendu"} ${s} ${round ? "ronde" : "rectangulaire"}`,
      ),
      short: tt(
        `De ${matEs}, ${top ? "sin rebosadero, para grifo de caño alto o mural" : "con rebosadero y taladro para grifo"}.`,
        `En ${matFr}, ${top ? "sans trop-plein, pour mitigeur haut ou mural" : "avec trop-plein et percée pour robinet"}.`,
      ),
      desc: tt(
        `Lavabo ${s} de ${matEs} con forma ${round ? "redonda" : "rectangular de esquinas suaves"}. ${top ? "Se apoya sobre la encimera y se fija con silicona; al no tener rebosadero necesita una válvula clic-clac sin rebose y un grifo de caño alto o mural." : "Se cuelga a pared con dos pernos de 10 mm incluidos y tiene rebosadero y taladro para grifo monomando."} La válvula tiene diámetro estándar de 1 1/4". Se limpia con agua y jabón neutro; evita productos abrasivos.`,
        `Vasque ${s} en ${matFr}, forme ${round ? "ronde" : "rectangulaire aux angles adoucis"}. ${top ? "Elle se pose sur le plan et se fixe au silicone ; sans trop-plein, elle demande une bonde clic-clac non obturable et un mitigeur haut ou mural." : "Fixation murale par deux goujons de 10 mm inclus, trop-plein et percée pour mitigeur."} Bonde au diamètre standard 1 1/4". Entretien à l'eau et au savon neutre.`,
      ),
      attrs: [
        { attr: "color-sanitario", group: null, options: material === "piedra" ? ["gris-piedra"] : ["blanco-brillo", "blanco-mate", "negro-mate-ceramica"] },
        { attr: "medida-lavabo", group: "medidas", options: top ? ["40-cm", "50-cm"] : ["50-cm", "60-cm"] },
      ],
      price: (o) =>
        base + (o["medida-lavabo"] === "60-cm" || o["medida-lavabo"] === "50-cm" ? 2500 : 0) + (o["color-sanitario"] === "negro-mate-ceramica" ? 3000 : 0),
      art: {
        kind: top ? "washbasin_countertop" : "washbasin_wall",
        color: "#f7f7f5",
        accent: "#c9ced3",
        shape: round ? "round" : "rect",
        dims: { w: top ? 50 : 60, d: 40, h: 15 },
      },
      colorRole: "color",
      tech: [
        [tt("Material", "Matériau"), tt(matEs, matFr)],
        [tt("Rebosadero", "Trop-plein"), tt(top ? "No" : "Sí", top ? "Non" : "Oui")],
        [tt("Válvula", "Bonde"), tt('1 1/4"', '1 1/4"')],
      ],
      files: ["data_sheet", "maintenance_sheet"],
      facets: {
        tipo: [top ? "sobre-encimera" : "suspendido"],
        material: [material],
        forma: [round ? "redondo" : "rectangular"],
        ancho: top ? [40, 50] : [50, 60],
      },
      complements: [{ type: "valvula", pool: "valve-basin", count: 2 }],
      delivery: [3, 6],
    });
  }
  return out;
}

// ---------------------------------------------------------------- taps

function taps(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  const types = [
    { key: "lavabo", kind: "tap_basin" as const, cat: "taps-basin", count: 10, es: "Grifo de lavabo monomando", fr: "Mitigeur lavabo", base: [3500, 16000] },
    {
      key: "columna",
      kind: "shower_column" as const,
      cat: "taps-column",
      count: 8,
      es: "Columna de ducha termostática",
      fr: "Colonne de douche thermostatique",
      base: [12000, 39000],
    },
    { key: "banera", kind: "tap_bath" as const, cat: "taps-bath", count: 5, es: "Grifo de bañera y ducha", fr: "Mitigeur bain-douche", base: [6000, 19000] },
  ];
  let n = 1;
  for (const t of types) {
    for (let i = 0; i < t.count; i++) {
      const s = next();
      const { brand, collection } = brandFor(rng, "tap");
      const base = rng.int(t.base[0], t.base[1]);
      const thermo = t.key !== "lavabo" && (t.key === "columna" || i % 2 === 0);
      out.push({
        ref: ref(`GR-${t.key.slice(0, 2).toUpperCase()}`, n++),
        kind: t.kind,
        family: "tap",
        cats: ["taps", t.cat],
        brand,
        collection,
        name: tt(`${t.es} ${s}`, `${t.fr} ${s}`),
        short: tt(
          `Latón, cartucho cerámico de 35 mm${thermo ? ", termostato a 38 °C con tope de seguridad" : ""}, aireador antical.`,
          `Laiton, cartouche céramique 35 mm${thermo ? ", thermostat 38 °C avec butée de sécurité" : ""}, mousseur anticalcaire.`,
        ),
        desc: tt(
          `El ${t.es.toLowerCase()} ${s} tiene cuerpo de latón macizo con acabado PVD resistente a los arañazos y cartucho cerámico de 35 mm probado para 500.000 ciclos. ${t.key === "columna" ? "La columna es extensible de 80 a 120 cm, con rociador de 25 cm, ducha de mano de tres funciones y flexo de 150 cm." : t.key === "banera" ? "Incluye ducha de mano, soporte y flexo de 150 cm; se instala a pared con excéntricas a 15 cm entre ejes." : "El aireador antical limita el caudal a 5 litros por minuto sin perder sensación de chorro."} ${thermo ? "El termostato mantiene la temperatura estable aunque cambie la presión, con tope de seguridad a 38 °C." : ""} Se conecta con latiguillos flexibles de 3/8" incluidos.`,
          `Le ${t.fr.toLowerCase()} ${s} a un corps en laiton massif, finition PVD résistante aux rayures, et une cartouche céramique de 35 mm testée à 500 000 cycles. ${t.key === "columna" ? "Colonne extensible de 80 à 120 cm, pomme de 25 cm, douchette trois jets et flexible de 150 cm." : t.key === "banera" ? "Douchette, support et flexible de 150 cm inclus ; pose murale avec raccords excentrés à entraxe 15 cm." : "Le mousseur anticalcaire limite le débit à 5 litres par minute."} ${thermo ? "Le thermostat garde une température stable même si la pression varie, butée de sécurité à 38 °C." : ""} Raccordement par flexibles 3/8" inclus.`,
        ),
        attrs: [
          {
            attr: "acabado-grifo",
            group: null,
            options: rng.chance(0.5) ? ["cromo-grifo", "negro-mate-grifo", "oro-cepillado-grifo", "inox"] : ["cromo-grifo", "negro-mate-grifo"],
          },
        ],
        price: (o) =>
          base +
          (o["acabado-grifo"] === "oro-cepillado-grifo" ? 4500 : o["acabado-grifo"] === "negro-mate-grifo" ? 2000 : o["acabado-grifo"] === "inox" ? 1500 : 0),
        art: { kind: t.kind, color: "#ffffff", accent: "#c9ced3", dims: { w: t.key === "columna" ? 25 : 15, h: t.key === "columna" ? 120 : 30 } },
        colorRole: "accent",
        tech: [
          [tt("Material", "Matériau"), tt("Latón", "Laiton")],
          [tt("Cartucho", "Cartouche"), tt("Cerámico 35 mm", "Céramique 35 mm")],
          [tt("Caudal", "Débit"), tt("5 l/min", "5 l/min")],
          [tt("Termostático", "Thermostatique"), tt(thermo ? "Sí" : "No", thermo ? "Oui" : "Non")],
        ],
        files: ["data_sheet", "assembly_sheet"],
        facets: { tipo: [t.key], termostatico: thermo },
        delivery: [2, 5],
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------- mirrors

function mirrors(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  for (let i = 0; i < 12; i++) {
    const s = next();
    const round = i % 3 === 0;
    const led = i % 2 === 0;
    const { brand, collection } = brandFor(rng, "mirror");
    const base = rng.int(5000, led ? 26000 : 15000);
    const cats = ["mirrors", ...(led ? ["mirrors-led"] : []), ...(round ? ["mirrors-round"] : [])];
    out.push({
      ref: ref("ES-BA", i + 1),
      kind: "mirror",
      family: "mirror",
      cats,
      brand,
      collection,
      name: tt(
        `Espejo de baño ${s}${round ? " redondo" : ""}${led ? " con luz LED" : ""}`,
        `Miroir de salle de bain ${s}${round ? " rond" : ""}${led ? " LED" : ""}`,
      ),
      short: tt(
        `Espejo de plata de 5 mm${led ? ", LED 4000 K con interruptor táctil" : ", marco metálico"}.`,
        `Miroir argenté 5 mm${led ? ", LED 4000 K, interrupteur tactile" : ", cadre métallique"}.`,
      ),
      desc: tt(
        `Espejo ${s} de luna de plata de 5 mm con cantos pulidos y tratamiento anticorrosión para ambientes húmedos. ${led ? "La tira LED perimetral de 4000 K (luz neutra, IRC > 90) se enciende con un interruptor táctil y consume 18 W; necesita una toma eléctrica detrás del espejo." : "El marco de acero lacado protege los cantos y aporta un toque decorativo."} Se cuelga con dos colgadores incluidos a 120-130 cm del suelo. Disponible con sistema antivaho opcional que mantiene el espejo desempañado tras la ducha.`,
        `Miroir ${s} argenté de 5 mm aux chants polis, traité anticorrosion pour les pièces humides. ${led ? "Le ruban LED périphérique 4000 K (lumière neutre, IRC > 90) s'allume par interrupteur tactile, 18 W ; prévoir une alimentation derrière le miroir." : "Le cadre en acier laqué protège les chants et décore."} Deux attaches murales incluses, à poser à 120-130 cm du sol. Antibuée en option.`,
      ),
      attrs: [
        { attr: "color-marco", group: null, options: led ? ["sin-marco", "marco-negro"] : ["marco-negro", "marco-oro", "marco-roble"] },
        { attr: "medida-espejo", group: "medidas", options: round ? ["60x80", "80x80"] : ["60x80", "80x80", "100x80", "120x80"] },
        { attr: "antivaho", group: "opciones", options: ["sin-antivaho", "con-antivaho"] },
      ],
      price: (o) => base + ["60x80", "80x80", "100x80", "120x80"].indexOf(o["medida-espejo"] ?? "60x80") * 2500,
      art: { kind: "mirror", color: "#ffffff", accent: "#222224", shape: round ? "round" : "rect", led, dims: { w: 80, h: 80 } },
      colorRole: "accent",
      tech: [
        [tt("Luna", "Miroir"), tt("Plata 5 mm", "Argenté 5 mm")],
        [tt("Iluminación", "Éclairage"), tt(led ? "LED 4000 K, 18 W" : "Sin luz", led ? "LED 4000 K, 18 W" : "Sans éclairage")],
        [tt("Forma", "Forme"), tt(round ? "Redonda" : "Rectangular", round ? "Ronde" : "Rectangulaire")],
      ],
      files: ["data_sheet"],
      facets: { forma: [round ? "redondo" : "rectangular"], led, ancho: [60, round ? 80 : 120] },
      pool: "mirror",
      delivery: [3, 6],
    });
  }
  return out;
}

// ---------------------------------------------------------------- accessories (and the complements)

function accessories(rng: Rng, next: () => string): ProductSpec[] {
  const out: ProductSpec[] = [];
  const defs: {
    key: string;
    prefix: string;
    kind: ProductKind;
    count: number;
    es: string;
    fr: string;
    pool?: string;
    price: [number, number];
    shortEs: string;
    shortFr: string;
  }[] = [
    {
      key: "valvula",
      prefix: "VA-PD",
      kind: "drain_valve",
      count: 4,
      es: "Válvula de desagüe para plato de ducha",
      fr: "Bonde pour receveur de douche",
      pool: "valve-tray",
      price: [2500, 6500],
      shortEs: "Válvula de 90 mm con sifón extraplano de 28 l/min.",
      shortFr: "Bonde de 90 mm à siphon extra-plat de 28 l/min.",
    },
    {
      key: "valvula",
      prefix: "VA-LA",
      kind: "drain_valve",
      count: 3,
      es: "Válvula clic-clac",
      fr: "Bonde clic-clac",
      pool: "valve-basin",
      price: [1500, 4500],
      shortEs: 'Válvula clic-clac de 1 1/4" para lavabo y bañera.',
      shortFr: 'Bonde clic-clac 1 1/4" pour vasque et baignoire.',
    },
    {
      key: "rejilla",
      prefix: "RE-PD",
      kind: "grate",
      count: 4,
      es: "Rejilla de acero inoxidable",
      fr: "Grille en inox",
      pool: "grate",
      price: [2000, 5500],
      shortEs: "Rejilla lineal de acero AISI 304 para plato de ducha.",
      shortFr: "Grille linéaire en inox AISI 304 pour receveur.",
    },
    {
      key: "patas",
      prefix: "PA-MU",
      kind: "legs",
      count: 3,
      es: "Juego de patas para mueble",
      fr: "Jeu de pieds pour meuble",
      pool: "legs",
      price: [2500, 6000],
      shortEs: "Dos patas de acero de 25 cm regulables en altura.",
      shortFr: "Deux pieds en acier de 25 cm réglables en hauteur.",
    },
    {
      key: "toallero",
      prefix: "TO-EL",
      kind: "towel_rail",
      count: 4,
      es: "Toallero eléctrico",
      fr: "Sèche-serviettes électrique",
      price: [9000, 24000],
      shortEs: "Toallero de 80 x 50 cm, 120 W, con termostato.",
      shortFr: "Sèche-serviettes 80 x 50 cm, 120 W, avec thermostat.",
    },
    {
      key: "dispensador",
      prefix: "DI-JA",
      kind: "dispenser",
      count: 4,
      es: "Dispensador de jabón",
      fr: "Distributeur de savon",
      price: [1500, 4500],
      shortEs: "Dispensador de 300 ml de cerámica con bomba metálica.",
      shortFr: "Distributeur 300 ml en céramique, pompe métal.",
    },
  ];
  for (const d of defs) {
    for (let i = 0; i < d.count; i++) {
      const s = next();
      const { brand, collection } = brandFor(rng, "accessory");
      const base = rng.int(d.price[0], d.price[1]);
      const metalColor = d.kind !== "dispenser";
      out.push({
        ref: ref(d.prefix, i + 1),
        kind: d.kind,
        family: "accessory",
        cats: ["accessories", d.key === "valvula" || d.key === "rejilla" ? "acc-drains" : d.key === "toallero" ? "acc-towel" : "accessories"].filter(
          (c, k, a) => a.indexOf(c) === k,
        ),
        brand,
        collection,
        name: tt(`${d.es} ${s}`, `${d.fr} ${s}`),
        short: tt(d.shortEs, d.shortFr),
        desc: tt(
          `${d.es} ${s}. ${d.shortEs} Fabricado en materiales resistentes a la humedad y a la cal, con tornillería de acero inoxidable incluida. Compatible con los productos de nuestra tienda que lo ofrecen como complemento; revisa la ficha técnica para comprobar medidas y conexiones antes de instalarlo.`,
          `${d.fr} ${s}. ${d.shortFr} Matériaux résistants à l'humidité et au calcaire, visserie inox incluse. Compatible avec les produits de notre boutique qui le proposent en complément ; vérifiez la fiche technique avant l'installation.`,
        ),
        attrs: metalColor
          ? [{ attr: "acabado-grifo", group: null, options: ["cromo-grifo", "negro-mate-grifo", "oro-cepillado-grifo"] }]
          : [{ attr: "color-sanitario", group: null, options: ["blanco-mate", "negro-mate-ceramica", "gris-piedra"] }],
        price: (o) => base + (o["acabado-grifo"] === "oro-cepillado-grifo" ? 1500 : o["acabado-grifo"] === "negro-mate-grifo" ? 800 : 0),
        art: { kind: d.kind, color: "#e9e8e3", accent: "#c9ced3", dims: { w: d.kind === "grate" ? 70 : 20, h: d.kind === "towel_rail" ? 80 : 20 } },
        colorRole: metalColor ? "accent" : "color",
        tech: [
          [tt("Material", "Matériau"), tt(metalColor ? "Acero inoxidable / latón" : "Cerámica", metalColor ? "Inox / laiton" : "Céramique")],
          [tt("Garantía", "Garantie"), tt("3 años", "3 ans")],
        ],
        files: ["data_sheet"],
        facets: { tipo: [d.key] },
        pool: d.pool,
        delivery: [2, 4],
      });
    }
  }
  return out;
}

/** Every product spec of the demo shop, in a stable order. */
export function buildSpecs(rng: Rng): ProductSpec[] {
  const families = [trays, screens, toilets, bathtubs, furniture, washbasins, taps, mirrors, accessories];
  return fitCollections(families.flatMap((family) => family(rng, seriesPicker(rng))));
}

const hasFacet = (p: ProductSpec, facet: string, value: string) => {
  const f = p.facets[facet];
  return Array.isArray(f) && (f as unknown[]).includes(value);
};

/**
 * What each collection holds, as its name and description say ("Stone": textured slate trays,
 * "Luce": LED mirrors...). A collection never holds a product outside its own description;
 * seed/catalog/catalog-consistency.integration.test.ts checks it on the seeded database.
 */
export const COLLECTION_FITS: Record<string, (p: ProductSpec) => boolean> = {
  "aqualis-stone": (p) => p.family === "tray" && hasFacet(p, "textura", "pizarra"),
  "aqualis-line": (p) => p.family === "screen",
  "pizarra-stone-natura": (p) => p.family === "tray" && hasFacet(p, "textura", "pizarra"),
  "pizarra-stone-urban": (p) => p.family === "tray" && hasFacet(p, "textura", "pizarra"),
  "cristalux-slim": (p) => p.family === "screen" && / Slim /.test(p.name.es),
  "cristalux-classic": (p) => p.kind === "shower_screen_frontal" && !/ Slim /.test(p.name.es),
  "nordbad-pure": (p) => p.family === "toilet" && p.facets["sin-brida"] === true,
  "nordbad-form": (p) => p.kind === "vanity" && hasFacet(p, "instalacion", "suspendido"),
  "loire-atelier": (p) => (p.family === "toilet" && p.kind !== "toilet_seat") || p.family === "washbasin",
  "atelier-seine-haussmann": (p) => p.family === "furniture" && hasFacet(p, "estilo", "vintage"),
  "atelier-seine-marais": (p) => p.family === "mirror" && p.facets.led === false,
  "terracota-douro": (p) => p.family === "furniture" && (hasFacet(p, "estilo", "rustico") || hasFacet(p, "estilo", "vintage")),
  "milano-bagno-brera": (p) => p.family === "tap" || p.family === "furniture",
  "milano-bagno-navigli": (p) => p.kind === "bathtub_freestanding",
  "vetro-linea-luce": (p) => p.family === "mirror" && p.facets.led === true,
  "fjord-design-hygge": (p) => p.family === "furniture" || p.family === "accessory",
  "oxide-works-loft": (p) => p.family === "furniture" || p.family === "tap" || p.family === "accessory",
  "levante-mar": (p) => p.kind === "tap_basin",
  "levante-termo": (p) => p.family === "tap" && p.facets.termostatico === true,
  "sole-confort": (p) => p.kind === "bathtub_whirlpool",
  "kobe-wabi": (p) => p.family === "washbasin",
};

/** Whether a product belongs in a collection (collections without a rule take any product of their brand). */
export const fitsCollection = (slug: string, p: ProductSpec) => COLLECTION_FITS[slug]?.(p) ?? true;

/**
 * Each product keeps the collection drawn for it when it fits, else takes its brand's first
 * collection that fits, else none. No random draw here: the rest of the data stays as it was.
 */
function fitCollections(specs: ProductSpec[]): ProductSpec[] {
  for (const p of specs) {
    if (!p.collection || fitsCollection(p.collection, p)) continue;
    const brand = BRANDS.find((b) => b.slug === p.brand);
    p.collection = brand?.collections.find((c) => fitsCollection(c.slug, p))?.slug;
  }
  return specs;
}
