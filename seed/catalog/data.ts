/**
 * Static data of the demo catalog: brands, the category tree, configuration attributes,
 * groups and complement types. Product families (what is sold) live in families.ts.
 */

export type T = { es: string; fr: string };

export type Family = "tray" | "screen" | "toilet" | "bathtub" | "furniture" | "washbasin" | "tap" | "mirror" | "accessory";

export type BrandDef = {
  slug: string;
  name: string;
  country: string;
  color: string;
  families: Family[];
  description: T;
  collections: { slug: string; name: string; description: T }[];
};

export const BRANDS: BrandDef[] = [
  {
    slug: "aqualis",
    name: "Aqualis",
    country: "ES",
    color: "#0f6e8c",
    families: ["tray", "screen", "tap"],
    description: {
      es: "Fabricante valenciano de platos de ducha de resina y mamparas desde 1998. Carga mineral, gelcoat antideslizante y corte a medida en su propia planta de Paterna.",
      fr: "Fabricant valencien de receveurs en résine et de parois de douche depuis 1998. Charge minérale, gelcoat antidérapant et découpe sur mesure dans son usine de Paterna.",
    },
    collections: [
      { slug: "aqualis-stone", name: "Stone", description: { es: "Platos con textura pizarra natural.", fr: "Receveurs à texture ardoise naturelle." } },
      { slug: "aqualis-line", name: "Line", description: { es: "Mamparas de perfil mínimo.", fr: "Parois au profilé minimal." } },
    ],
  },
  {
    slug: "pizarra-stone",
    name: "Pizarra Stone",
    country: "ES",
    color: "#3d3f42",
    families: ["tray"],
    description: {
      es: "Especialistas gallegos en platos de ducha efecto piedra: moldes tomados de pizarra real de O Barco de Valdeorras y colores teñidos en masa.",
      fr: "Spécialistes galiciens du receveur effet pierre : moules pris sur de l'ardoise réelle et teintes dans la masse.",
    },
    collections: [
      { slug: "pizarra-stone-natura", name: "Natura", description: { es: "Relieve de pizarra profundo.", fr: "Relief ardoise profond." } },
      { slug: "pizarra-stone-urban", name: "Urban", description: { es: "Textura fina y colores urbanos.", fr: "Texture fine et couleurs urbaines." } },
    ],
  },
  {
    slug: "cristalux",
    name: "Cristalux",
    country: "ES",
    color: "#3a7ca5",
    families: ["screen"],
    description: {
      es: "Mamparas de vidrio templado fabricadas en Zaragoza, con tratamiento antical de serie en toda la gama y perfiles de aluminio anodizado.",
      fr: "Parois en verre trempé fabriquées à Saragosse, traitement anticalcaire de série et profilés en aluminium anodisé.",
    },
    collections: [
      { slug: "cristalux-slim", name: "Slim", description: { es: "Perfiles de 15 mm.", fr: "Profilés de 15 mm." } },
      { slug: "cristalux-classic", name: "Classic", description: { es: "Correderas robustas de siempre.", fr: "Coulissantes robustes." } },
    ],
  },
  {
    slug: "nordbad",
    name: "Nordbad",
    country: "DE",
    color: "#1f4e79",
    families: ["toilet", "washbasin", "furniture"],
    description: {
      es: "Cerámica sanitaria alemana de líneas limpias: inodoros sin brida, lavabos de porcelana vitrificada y muebles suspendidos.",
      fr: "Céramique sanitaire allemande aux lignes épurées : WC sans bride, lavabos en porcelaine vitrifiée et meubles suspendus.",
    },
    collections: [
      { slug: "nordbad-pure", name: "Pure", description: { es: "Sanitarios sin brida.", fr: "Sanitaires sans bride." } },
      { slug: "nordbad-form", name: "Form", description: { es: "Mueble suspendido modular.", fr: "Meuble suspendu modulaire." } },
    ],
  },
  {
    slug: "loire-ceramique",
    name: "Loire Céramique",
    country: "FR",
    color: "#8c4a2f",
    families: ["toilet", "washbasin", "bathtub"],
    description: {
      es: "Alfarería industrial francesa del valle del Loira: lavabos sobre encimera esmaltados a mano y bañeras de fundición mineral.",
      fr: "Céramiste industriel du val de Loire : vasques émaillées à la main et baignoires en fonte minérale.",
    },
    collections: [{ slug: "loire-atelier", name: "Atelier", description: { es: "Piezas esmaltadas a mano.", fr: "Pièces émaillées à la main." } }],
  },
  {
    slug: "atelier-seine",
    name: "Atelier Seine",
    country: "FR",
    color: "#2d2a4a",
    families: ["furniture", "mirror"],
    description: {
      es: "Ebanistería parisina de muebles de baño vintage y espejos enmarcados, con molduras clásicas y tiradores de latón.",
      fr: "Ébénisterie parisienne de meubles de salle de bain vintage et de miroirs encadrés, moulures classiques et poignées en laiton.",
    },
    collections: [
      { slug: "atelier-seine-haussmann", name: "Haussmann", description: { es: "Molduras clásicas.", fr: "Moulures classiques." } },
      { slug: "atelier-seine-marais", name: "Marais", description: { es: "Espejos enmarcados.", fr: "Miroirs encadrés." } },
    ],
  },
  {
    slug: "terracota-home",
    name: "Terracota Home",
    country: "PT",
    color: "#b5542f",
    families: ["furniture", "washbasin", "accessory"],
    description: {
      es: "Muebles de madera maciza y lavabos de piedra natural hechos en el norte de Portugal para baños rústicos y cálidos.",
      fr: "Meubles en bois massif et vasques en pierre naturelle fabriqués au nord du Portugal pour des salles de bain chaleureuses.",
    },
    collections: [{ slug: "terracota-douro", name: "Douro", description: { es: "Madera maciza envejecida.", fr: "Bois massif vieilli." } }],
  },
  {
    slug: "milano-bagno",
    name: "Milano Bagno",
    country: "IT",
    color: "#7a1f2b",
    families: ["bathtub", "tap", "furniture"],
    description: {
      es: "Diseño italiano para el baño: bañeras exentas de solid surface, grifería de latón y muebles lacados de líneas puras.",
      fr: "Design italien pour la salle de bain : baignoires îlots en solid surface, robinetterie en laiton et meubles laqués.",
    },
    collections: [
      { slug: "milano-bagno-brera", name: "Brera", description: { es: "Lacados y latón.", fr: "Laqués et laiton." } },
      { slug: "milano-bagno-navigli", name: "Navigli", description: { es: "Bañeras exentas.", fr: "Baignoires îlots." } },
    ],
  },
  {
    slug: "vetro-linea",
    name: "Vetro Linea",
    country: "IT",
    color: "#4f8a8b",
    families: ["screen", "mirror"],
    description: {
      es: "Vidrio italiano para el baño: mamparas de 8 mm con bisagras de acero y espejos con iluminación LED y antivaho.",
      fr: "Verre italien pour la salle de bain : parois de 8 mm à charnières en acier et miroirs LED antibuée.",
    },
    collections: [{ slug: "vetro-linea-luce", name: "Luce", description: { es: "Espejos LED.", fr: "Miroirs LED." } }],
  },
  {
    slug: "fjord-design",
    name: "Fjord Design",
    country: "DK",
    color: "#5b7f6e",
    families: ["furniture", "mirror", "accessory"],
    description: {
      es: "Estudio danés de mobiliario de baño en roble y tonos naturales, pensado para baños nórdicos y japandi.",
      fr: "Studio danois de mobilier de salle de bain en chêne et tons naturels, pour salles de bain nordiques et japandi.",
    },
    collections: [{ slug: "fjord-design-hygge", name: "Hygge", description: { es: "Roble claro.", fr: "Chêne clair." } }],
  },
  {
    slug: "oxide-works",
    name: "Oxide Works",
    country: "NL",
    color: "#4a4a48",
    families: ["furniture", "tap", "accessory"],
    description: {
      es: "Muebles de baño de estilo industrial con estructura de acero lacado negro, madera recuperada y grifería negra mate.",
      fr: "Meubles de salle de bain style industriel, structure en acier laqué noir, bois de récupération et robinetterie noir mat.",
    },
    collections: [{ slug: "oxide-works-loft", name: "Loft", description: { es: "Acero y madera.", fr: "Acier et bois." } }],
  },
  {
    slug: "griferias-levante",
    name: "Griferías Levante",
    country: "ES",
    color: "#0b5d8a",
    families: ["tap", "accessory"],
    description: {
      es: "Grifería de latón fabricada en Alicante: monomandos con cartucho cerámico de 35 mm, termostáticas y columnas de ducha.",
      fr: "Robinetterie en laiton fabriquée à Alicante : mitigeurs à cartouche céramique de 35 mm, thermostatiques et colonnes de douche.",
    },
    collections: [
      { slug: "levante-mar", name: "Mar", description: { es: "Monomandos de lavabo.", fr: "Mitigeurs lavabo." } },
      { slug: "levante-termo", name: "Termo", description: { es: "Termostáticas.", fr: "Thermostatiques." } },
    ],
  },
  {
    slug: "sole-banos",
    name: "Solé Baños",
    country: "ES",
    color: "#c0392b",
    families: ["bathtub", "tray", "toilet"],
    description: {
      es: "Empresa familiar catalana con cuarenta años de bañeras acrílicas, hidromasaje y sanitarios compactos para reformas.",
      fr: "Entreprise familiale catalane : quarante ans de baignoires acryliques, balnéo et sanitaires compacts pour la rénovation.",
    },
    collections: [{ slug: "sole-confort", name: "Confort", description: { es: "Hidromasaje.", fr: "Balnéo." } }],
  },
  {
    slug: "kobe-living",
    name: "Kobe Living",
    country: "JP",
    color: "#6d5a4b",
    families: ["washbasin", "furniture", "mirror"],
    description: {
      es: "Diseño japonés sobrio para el baño: lavabos de cerámica mate, muebles de madera clara y espejos redondos.",
      fr: "Design japonais sobre : vasques en céramique mate, meubles en bois clair et miroirs ronds.",
    },
    collections: [{ slug: "kobe-wabi", name: "Wabi", description: { es: "Cerámica mate.", fr: "Céramique mate." } }],
  },
  {
    slug: "arenal",
    name: "Arenal",
    country: "ES",
    color: "#c9a66b",
    families: ["tray", "accessory", "screen"],
    description: {
      es: "Marca andaluza de platos de ducha de carga mineral y accesorios de acero inoxidable a precios de fábrica.",
      fr: "Marque andalouse de receveurs à charge minérale et d'accessoires en inox à prix d'usine.",
    },
    collections: [{ slug: "arenal-basic", name: "Basic", description: { es: "Lo esencial.", fr: "L'essentiel." } }],
  },
  {
    slug: "marlow-finch",
    name: "Marlow & Finch",
    country: "GB",
    color: "#274c3b",
    families: ["toilet", "tap", "bathtub", "mirror"],
    description: {
      es: "Baños de inspiración británica: inodoros de tanque alto, grifería de cruceta y bañeras con patas.",
      fr: "Salles de bain d'inspiration britannique : WC à réservoir, robinetterie à croisillons et baignoires à pieds.",
    },
    collections: [{ slug: "marlow-heritage", name: "Heritage", description: { es: "Estilo clásico inglés.", fr: "Style anglais classique." } }],
  },
];

export type CategoryDef = {
  key: string;
  es: string;
  fr: string;
  name: T;
  parent?: string;
  family?: Family;
  illustration: string;
  tint: string;
  seo?: T;
};

/** The category tree. Main slugs are the ones the menus point at (seed/stores.ts MAIN_CATEGORIES). */
export const CATEGORIES: CategoryDef[] = [
  {
    key: "trays",
    es: "platos-de-ducha",
    fr: "receveurs-de-douche",
    name: { es: "Platos de ducha", fr: "Receveurs de douche" },
    family: "tray",
    illustration: "shower_tray",
    tint: "#b9c7cf",
    seo: {
      es: "Nuestros platos de ducha de resina con carga mineral tienen entre 2,6 y 3,5 cm de grosor, superficie antideslizante de clase C3 y se instalan a ras de suelo o sobre el pavimento. Elige entre textura pizarra o acabado liso, más de veinte medidas estándar y corte a medida hasta 220 cm, en blanco, gris, antracita, negro o arena. Todos admiten válvula y rejilla compatibles, que eliges como complemento, y tienen tres años de garantía.",
      fr: "Nos receveurs de douche en résine à charge minérale mesurent entre 2,6 et 3,5 cm d'épaisseur, avec une surface antidérapante de classe C3 et une pose à fleur de sol ou sur le carrelage. Choisissez la texture ardoise ou lisse, plus de vingt dimensions standard et une découpe sur mesure jusqu'à 220 cm, en blanc, gris, anthracite, noir ou sable. Bonde et grille au choix, en complément. Garantie trois ans.",
    },
  },
  {
    key: "trays-resin",
    parent: "trays",
    es: "platos-de-ducha-de-resina",
    fr: "receveurs-de-douche-en-resine",
    name: { es: "Platos de ducha de resina", fr: "Receveurs en résine" },
    family: "tray",
    illustration: "shower_tray",
    tint: "#b9c7cf",
  },
  {
    key: "trays-slate",
    parent: "trays",
    es: "platos-de-ducha-textura-pizarra",
    fr: "receveurs-effet-ardoise",
    name: { es: "Platos de ducha textura pizarra", fr: "Receveurs effet ardoise" },
    family: "tray",
    illustration: "shower_tray",
    tint: "#a3a8ad",
  },
  {
    key: "trays-custom",
    parent: "trays",
    es: "platos-de-ducha-a-medida",
    fr: "receveurs-de-douche-sur-mesure",
    name: { es: "Platos de ducha a medida", fr: "Receveurs sur mesure" },
    family: "tray",
    illustration: "shower_tray",
    tint: "#c9bfa9",
  },
  {
    key: "screens",
    es: "mamparas-de-ducha",
    fr: "parois-de-douche",
    name: { es: "Mamparas de ducha", fr: "Parois de douche" },
    family: "screen",
    illustration: "shower_screen",
    tint: "#a9cbd6",
    seo: {
      es: "Mamparas de ducha de vidrio templado de 6 u 8 mm con tratamiento antical opcional y perfiles de aluminio en cromo, negro mate u oro cepillado. Encontrarás mamparas frontales correderas, angulares de acceso en esquina, semicirculares para platos curvos y mamparas de bañera abatibles. Cada modelo indica su rango de ajuste para absorber paredes fuera de escuadra.",
      fr: "Parois de douche en verre trempé de 6 ou 8 mm avec traitement anticalcaire en option et profilés en aluminium chromé, noir mat ou or brossé. Parois frontales coulissantes, d'angle, semi-circulaires pour receveurs arrondis et pare-baignoires pivotants. Chaque modèle indique sa plage de réglage pour compenser les murs hors d'équerre.",
    },
  },
  {
    key: "screens-front",
    parent: "screens",
    es: "mamparas-frontales",
    fr: "parois-de-douche-frontales",
    name: { es: "Mamparas frontales", fr: "Parois frontales" },
    family: "screen",
    illustration: "shower_screen",
    tint: "#a9cbd6",
  },
  {
    key: "screens-angle",
    parent: "screens",
    es: "mamparas-angulares",
    fr: "parois-de-douche-d-angle",
    name: { es: "Mamparas angulares", fr: "Parois d'angle" },
    family: "screen",
    illustration: "shower_screen",
    tint: "#a9cbd6",
  },
  {
    key: "screens-semi",
    parent: "screens",
    es: "mamparas-semicirculares",
    fr: "parois-de-douche-semi-circulaires",
    name: { es: "Mamparas semicirculares", fr: "Parois semi-circulaires" },
    family: "screen",
    illustration: "shower_screen",
    tint: "#a9cbd6",
  },
  {
    key: "screens-bath",
    parent: "screens",
    es: "mamparas-de-banera",
    fr: "pare-baignoires",
    name: { es: "Mamparas de bañera", fr: "Pare-baignoires" },
    family: "screen",
    illustration: "shower_screen",
    tint: "#a9cbd6",
  },
  {
    key: "toilets",
    es: "inodoros",
    fr: "wc",
    name: { es: "Inodoros", fr: "WC" },
    family: "toilet",
    illustration: "toilet",
    tint: "#c3ccd4",
    seo: {
      es: "Inodoros de porcelana vitrificada de suelo, suspendidos y compactos, muchos de ellos sin brida para una limpieza más fácil e higiénica. Todos indican su salida (horizontal o vertical), la distancia a la pared y el consumo de descarga de 4,5/3 litros. Completa tu inodoro con asientos amortiguados de cierre lento y extracción rápida.",
      fr: "WC en porcelaine vitrifiée à poser, suspendus et compacts, dont beaucoup sans bride pour un nettoyage plus simple et hygiénique. Chaque modèle indique sa sortie (horizontale ou verticale), la distance au mur et une chasse de 4,5/3 litres. Complétez-le avec un abattant à fermeture ralentie et déclipsable.",
    },
  },
  {
    key: "toilets-floor",
    parent: "toilets",
    es: "inodoros-de-suelo",
    fr: "wc-a-poser",
    name: { es: "Inodoros de suelo", fr: "WC à poser" },
    family: "toilet",
    illustration: "toilet",
    tint: "#c3ccd4",
  },
  {
    key: "toilets-wall",
    parent: "toilets",
    es: "inodoros-suspendidos",
    fr: "wc-suspendus",
    name: { es: "Inodoros suspendidos", fr: "WC suspendus" },
    family: "toilet",
    illustration: "toilet",
    tint: "#c3ccd4",
  },
  {
    key: "toilets-compact",
    parent: "toilets",
    es: "inodoros-compactos",
    fr: "wc-compacts",
    name: { es: "Inodoros compactos", fr: "WC compacts" },
    family: "toilet",
    illustration: "toilet",
    tint: "#c3ccd4",
  },
  {
    key: "toilets-rimless",
    parent: "toilets",
    es: "inodoros-sin-brida",
    fr: "wc-sans-bride",
    name: { es: "Inodoros sin brida", fr: "WC sans bride" },
    family: "toilet",
    illustration: "toilet",
    tint: "#c3ccd4",
  },
  {
    key: "toilets-seats",
    parent: "toilets",
    es: "asientos-de-inodoro",
    fr: "abattants-wc",
    name: { es: "Asientos de inodoro", fr: "Abattants WC" },
    family: "toilet",
    illustration: "toilet",
    tint: "#c3ccd4",
  },
  {
    key: "bathtubs",
    es: "baneras",
    fr: "baignoires",
    name: { es: "Bañeras", fr: "Baignoires" },
    family: "bathtub",
    illustration: "bathtub",
    tint: "#d6cfc4",
    seo: {
      es: "Bañeras exentas de solid surface y acrílico, bañeras empotrables para encastrar con faldón y bañeras de hidromasaje con jets orientables y cromoterapia. Indicamos capacidad en litros, peso en vacío y medidas exactas para que compruebes el forjado y el hueco antes de comprar. Las exentas tienen rebosadero integrado y la válvula clic-clac se elige como complemento.",
      fr: "Baignoires îlots en solid surface et acrylique, baignoires à encastrer avec tablier et baignoires balnéo à jets orientables et chromothérapie. Nous indiquons la contenance en litres, le poids à vide et les dimensions exactes pour vérifier le plancher et l'espace avant l'achat.",
    },
  },
  {
    key: "bathtubs-free",
    parent: "bathtubs",
    es: "baneras-exentas",
    fr: "baignoires-ilots",
    name: { es: "Bañeras exentas", fr: "Baignoires îlots" },
    family: "bathtub",
    illustration: "bathtub",
    tint: "#d6cfc4",
  },
  {
    key: "bathtubs-built",
    parent: "bathtubs",
    es: "baneras-empotradas",
    fr: "baignoires-encastrables",
    name: { es: "Bañeras empotradas", fr: "Baignoires encastrables" },
    family: "bathtub",
    illustration: "bathtub",
    tint: "#d6cfc4",
  },
  {
    key: "bathtubs-spa",
    parent: "bathtubs",
    es: "baneras-de-hidromasaje",
    fr: "baignoires-balneo",
    name: { es: "Bañeras de hidromasaje", fr: "Baignoires balnéo" },
    family: "bathtub",
    illustration: "bathtub",
    tint: "#c6dbe0",
  },
  {
    key: "furniture",
    es: "muebles-de-bano",
    fr: "meubles-de-salle-de-bain",
    name: { es: "Muebles de baño", fr: "Meubles de salle de bain" },
    family: "furniture",
    illustration: "furniture",
    tint: "#d8c3a5",
    seo: {
      es: "Muebles de baño con lavabo integrado, suspendidos o con patas, en anchos de 60 a 120 cm. Los cuerpos son de tablero hidrófugo de 16 mm con cantos sellados, cajones de extracción total con cierre amortiguado y encimeras de porcelana o solid surface. Encuentra tu estilo: moderno, vintage, rústico o industrial.",
      fr: "Meubles de salle de bain avec vasque intégrée, suspendus ou sur pieds, de 60 à 120 cm de large. Caissons en panneau hydrofuge de 16 mm aux chants scellés, tiroirs à sortie totale avec fermeture amortie et plans en porcelaine ou solid surface. Moderne, vintage, rustique ou industriel : trouvez votre style.",
    },
  },
  {
    key: "furniture-modern",
    parent: "furniture",
    es: "muebles-de-bano-modernos",
    fr: "meubles-de-salle-de-bain-modernes",
    name: { es: "Muebles de baño modernos", fr: "Meubles de salle de bain modernes" },
    family: "furniture",
    illustration: "furniture",
    tint: "#d8d8d4",
  },
  {
    key: "furniture-vintage",
    parent: "furniture",
    es: "muebles-de-bano-vintage",
    fr: "meubles-de-salle-de-bain-vintage",
    name: { es: "Muebles de baño vintage", fr: "Meubles de salle de bain vintage" },
    family: "furniture",
    illustration: "furniture",
    tint: "#b9c9b5",
  },
  {
    key: "furniture-rustic",
    parent: "furniture",
    es: "muebles-de-bano-rusticos",
    fr: "meubles-de-salle-de-bain-rustiques",
    name: { es: "Muebles de baño rústicos", fr: "Meubles de salle de bain rustiques" },
    family: "furniture",
    illustration: "furniture",
    tint: "#c9a77c",
  },
  {
    key: "furniture-industrial",
    parent: "furniture",
    es: "muebles-de-bano-estilo-industrial",
    fr: "meubles-de-salle-de-bain-style-industriel",
    name: { es: "Muebles de baño estilo industrial", fr: "Meubles de salle de bain style industriel" },
    family: "furniture",
    illustration: "furniture",
    tint: "#9a9c9e",
  },
  {
    key: "furniture-sink",
    parent: "furniture",
    es: "muebles-con-lavabo",
    fr: "meubles-avec-vasque",
    name: { es: "Muebles con lavabo", fr: "Meubles avec vasque" },
    family: "furniture",
    illustration: "furniture",
    tint: "#d8c3a5",
  },
  {
    key: "furniture-columns",
    parent: "furniture",
    es: "columnas-de-bano",
    fr: "colonnes-de-salle-de-bain",
    name: { es: "Columnas de baño", fr: "Colonnes de salle de bain" },
    family: "furniture",
    illustration: "furniture",
    tint: "#d8c3a5",
  },
  {
    key: "washbasins",
    es: "lavabos",
    fr: "vasques",
    name: { es: "Lavabos", fr: "Vasques et lavabos" },
    family: "washbasin",
    illustration: "washbasin",
    tint: "#cdd6d9",
    seo: {
      es: "Lavabos sobre encimera de cerámica, piedra natural y solid surface, y lavabos suspendidos para baños pequeños. Cada ficha indica si lleva rebosadero, el diámetro de la válvula y la altura recomendada del grifo, para que elijas sin sorpresas entre un grifo de caño alto o uno mural.",
      fr: "Vasques à poser en céramique, pierre naturelle et solid surface, et lavabos suspendus pour les petites salles de bain. Chaque fiche précise la présence d'un trop-plein, le diamètre de la bonde et la hauteur de robinet conseillée.",
    },
  },
  {
    key: "washbasins-top",
    parent: "washbasins",
    es: "lavabos-sobre-encimera",
    fr: "vasques-a-poser",
    name: { es: "Lavabos sobre encimera", fr: "Vasques à poser" },
    family: "washbasin",
    illustration: "washbasin",
    tint: "#cdd6d9",
  },
  {
    key: "washbasins-wall",
    parent: "washbasins",
    es: "lavabos-suspendidos",
    fr: "lavabos-suspendus",
    name: { es: "Lavabos suspendidos", fr: "Lavabos suspendus" },
    family: "washbasin",
    illustration: "washbasin",
    tint: "#cdd6d9",
  },
  {
    key: "taps",
    es: "grifos",
    fr: "robinetterie",
    name: { es: "Grifería", fr: "Robinetterie" },
    family: "tap",
    illustration: "tap",
    tint: "#c8cdd2",
    seo: {
      es: "Grifería de latón con cartucho cerámico, aireador antical y caudal limitado a 5 litros por minuto: monomandos de lavabo de caño alto y bajo, columnas de ducha termostáticas con rociador de 25 cm y grifos de bañera con ducha de mano. Acabados cromo, negro mate, oro cepillado y acero inoxidable.",
      fr: "Robinetterie en laiton à cartouche céramique, mousseur anticalcaire et débit limité à 5 litres par minute : mitigeurs lavabo bec haut et bas, colonnes de douche thermostatiques avec pomme de 25 cm et mitigeurs bain-douche. Finitions chromé, noir mat, or brossé et inox.",
    },
  },
  {
    key: "taps-basin",
    parent: "taps",
    es: "grifos-de-lavabo",
    fr: "mitigeurs-lavabo",
    name: { es: "Grifos de lavabo", fr: "Mitigeurs lavabo" },
    family: "tap",
    illustration: "tap",
    tint: "#c8cdd2",
  },
  {
    key: "taps-column",
    parent: "taps",
    es: "columnas-de-ducha",
    fr: "colonnes-de-douche",
    name: { es: "Columnas de ducha", fr: "Colonnes de douche" },
    family: "tap",
    illustration: "tap",
    tint: "#c8cdd2",
  },
  {
    key: "taps-bath",
    parent: "taps",
    es: "grifos-de-banera",
    fr: "mitigeurs-bain-douche",
    name: { es: "Grifos de bañera", fr: "Mitigeurs bain-douche" },
    family: "tap",
    illustration: "tap",
    tint: "#c8cdd2",
  },
  {
    key: "mirrors",
    es: "espejos",
    fr: "miroirs",
    name: { es: "Espejos de baño", fr: "Miroirs de salle de bain" },
    family: "mirror",
    illustration: "mirror",
    tint: "#cfe0e6",
    seo: {
      es: "Espejos de baño con luz LED de 4000 K, sistema antivaho y encendido táctil, espejos redondos enmarcados y espejos rectangulares a juego con tu mueble. Plata de 5 mm con tratamiento anticorrosión en los cantos, para que el espejo no se manche con la humedad.",
      fr: "Miroirs de salle de bain LED 4000 K avec antibuée et interrupteur tactile, miroirs ronds encadrés et miroirs rectangulaires assortis à votre meuble. Miroir argenté de 5 mm aux chants traités anticorrosion.",
    },
  },
  {
    key: "mirrors-led",
    parent: "mirrors",
    es: "espejos-con-luz-led",
    fr: "miroirs-led",
    name: { es: "Espejos con luz LED", fr: "Miroirs LED" },
    family: "mirror",
    illustration: "mirror",
    tint: "#cfe0e6",
  },
  {
    key: "mirrors-round",
    parent: "mirrors",
    es: "espejos-redondos",
    fr: "miroirs-ronds",
    name: { es: "Espejos redondos", fr: "Miroirs ronds" },
    family: "mirror",
    illustration: "mirror",
    tint: "#cfe0e6",
  },
  {
    key: "accessories",
    es: "accesorios-de-bano",
    fr: "accessoires-salle-de-bain",
    name: { es: "Accesorios de baño", fr: "Accessoires de salle de bain" },
    family: "accessory",
    illustration: "accessory",
    tint: "#d5d0c8",
    seo: {
      es: "Accesorios y repuestos para completar tu baño: toalleros eléctricos, dispensadores de jabón, válvulas de desagüe para platos de ducha y lavabos, rejillas de acero inoxidable y patas para muebles. Son las piezas que ofrecemos como complemento en cada producto, con la misma garantía.",
      fr: "Accessoires et pièces pour compléter votre salle de bain : sèche-serviettes, distributeurs de savon, bondes pour receveurs et vasques, grilles en inox et pieds de meuble. Ce sont les pièces proposées en complément de chaque produit, avec la même garantie.",
    },
  },
  {
    key: "acc-drains",
    parent: "accessories",
    es: "valvulas-y-rejillas",
    fr: "bondes-et-grilles",
    name: { es: "Válvulas y rejillas", fr: "Bondes et grilles" },
    family: "accessory",
    illustration: "accessory",
    tint: "#d5d0c8",
  },
  {
    key: "acc-towel",
    parent: "accessories",
    es: "toalleros",
    fr: "porte-serviettes",
    name: { es: "Toalleros", fr: "Porte-serviettes" },
    family: "accessory",
    illustration: "accessory",
    tint: "#d5d0c8",
  },
  {
    key: "offers",
    es: "ofertas",
    fr: "promotions",
    name: { es: "Ofertas", fr: "Promotions" },
    illustration: "offers",
    tint: "#e8b4a0",
    seo: {
      es: "Todas las ofertas del momento en un solo sitio: platos de ducha, mamparas, inodoros y muebles de baño con descuentos reales sobre el precio anterior, que mostramos tachado. Las ofertas tienen fecha de fin y stock limitado; el precio que ves es el que pagas, con IVA incluido, y el envío a península es gratis desde 200 €.",
      fr: "Toutes les promotions du moment : receveurs, parois de douche, WC et meubles de salle de bain avec de vraies remises sur le prix précédent, affiché barré. Les promotions ont une date de fin et un stock limité ; le prix affiché est le prix payé, TVA comprise.",
    },
  },
];

export type OptionDef = {
  slug: string;
  ref: string;
  name: T;
  color?: string;
  price?: number;
  numeric?: number;
  range?: [number, number];
  /** Option slugs of the same catalog (attr:slug) this one cannot be combined with. */
  blocks?: string[];
  /** Complement type slugs skipped when this option is chosen. */
  locks?: string[];
};

export type AttributeDef = {
  slug: string;
  src: string;
  name: T;
  field: "toggle" | "hiperlink" | "select" | "color" | "range" | "open";
  aesthetic?: boolean;
  translate?: boolean;
  unit?: string;
  options: OptionDef[];
};

const size = (w: number, l: number): OptionDef => ({
  slug: `${w}x${l}`,
  ref: `${w}${l}`,
  name: { es: `${w} x ${l} cm`, fr: `${w} x ${l} cm` },
  numeric: w * 1000 + l,
});
const width = (w: number): OptionDef => ({ slug: `${w}-cm`, ref: `${w}`, name: { es: `${w} cm`, fr: `${w} cm` }, numeric: w });

/**
 * A size band of a cut-to-measure tray: a measure from `min` to `max` cm (whole cm) costs
 * `price` cents (VAT included) more than the smallest band. Cutting a bigger tray uses a
 * bigger blank, so the price grows with each measure, as real shops price it.
 */
const band = (attr: "ancho" | "largo", min: number, max: number, price: number): OptionDef => ({
  slug: `${attr}-${min}-${max}`,
  ref: `${attr === "ancho" ? "A" : "L"}${max}`,
  name: { es: `De ${min} a ${max} cm`, fr: `De ${min} à ${max} cm` },
  range: [min, max],
  price,
});

/** Width bands (60-120 cm) and length bands (70-220 cm) of the cut-to-measure trays, with their surcharges. */
export const WIDTH_BANDS: [number, number, number][] = [
  [60, 80, 0],
  [81, 90, 2500],
  [91, 100, 5000],
  [101, 110, 8000],
  [111, 120, 11000],
];
export const LENGTH_BANDS: [number, number, number][] = [
  [70, 100, 0],
  [101, 120, 3000],
  [121, 140, 6000],
  [141, 160, 9000],
  [161, 180, 12500],
  [181, 200, 16000],
  [201, 220, 20000],
];

export const ATTRIBUTES: AttributeDef[] = [
  {
    slug: "color-plato",
    src: "tray_color",
    name: { es: "Color", fr: "Couleur" },
    field: "color",
    aesthetic: true,
    options: [
      { slug: "blanco", ref: "BL", name: { es: "Blanco", fr: "Blanc" }, color: "#f1efe9" },
      { slug: "gris", ref: "GR", name: { es: "Gris perla", fr: "Gris perle" }, color: "#a3a5a3" },
      { slug: "antracita", ref: "AN", name: { es: "Antracita", fr: "Anthracite" }, color: "#3d3f42" },
      { slug: "negro", ref: "NE", name: { es: "Negro", fr: "Noir" }, color: "#1f1f21" },
      { slug: "arena", ref: "AR", name: { es: "Arena", fr: "Sable" }, color: "#d6c4a1" },
    ],
  },
  {
    slug: "medida-plato",
    src: "tray_size",
    name: { es: "Medida", fr: "Dimensions" },
    field: "select",
    unit: "cm",
    translate: false,
    options: [size(70, 100), size(70, 120), size(80, 100), size(80, 120), size(80, 140), size(90, 140), size(90, 160), size(100, 180)],
  },
  {
    slug: "ancho",
    src: "width",
    name: { es: "Ancho", fr: "Largeur" },
    field: "range",
    unit: "cm",
    options: WIDTH_BANDS.map(([min, max, price]) => band("ancho", min, max, price)),
  },
  {
    slug: "largo",
    src: "length",
    name: { es: "Largo", fr: "Longueur" },
    field: "range",
    unit: "cm",
    options: LENGTH_BANDS.map(([min, max, price]) => band("largo", min, max, price)),
  },
  {
    slug: "indicaciones-de-corte",
    src: "observations",
    name: { es: "Observaciones", fr: "Observations" },
    field: "open",
    options: [
      { slug: "observaciones", ref: "OBS", name: { es: "Indica aquí cortes especiales o esquinas", fr: "Indiquez ici les découpes ou angles particuliers" } },
    ],
  },
  {
    slug: "guia-de-medidas",
    src: "guide",
    name: { es: "Guía", fr: "Guide" },
    field: "hiperlink",
    options: [
      { slug: "como-elegir-tu-plato-de-ducha-15", ref: "GUIA-PLATO", name: { es: "Cómo medir tu plato de ducha", fr: "Comment mesurer votre receveur" } },
      { slug: "como-medir-una-mampara", ref: "GUIA-MAMPARA", name: { es: "Cómo medir una mampara", fr: "Comment mesurer une paroi de douche" } },
    ],
  },
  {
    slug: "color-perfil",
    src: "profile_color",
    name: { es: "Color del perfil", fr: "Couleur du profilé" },
    field: "color",
    aesthetic: true,
    options: [
      { slug: "cromo", ref: "CR", name: { es: "Cromo brillo", fr: "Chromé brillant" }, color: "#c9ced3" },
      { slug: "negro-mate", ref: "NM", name: { es: "Negro mate", fr: "Noir mat" }, color: "#2a2a2c" },
      { slug: "oro-cepillado", ref: "OC", name: { es: "Oro cepillado", fr: "Or brossé" }, color: "#c8a45a" },
      // Only the Slim series: its gold anodising is not made for the heavy 8 mm glass.
      { slug: "oro-satinado", ref: "OS", name: { es: "Oro satinado", fr: "Or satiné" }, color: "#d4b26e", blocks: ["grosor-cristal:8-mm"] },
    ],
  },
  {
    slug: "grosor-cristal",
    src: "glass_thickness",
    name: { es: "Grosor del cristal", fr: "Épaisseur du verre" },
    field: "select",
    unit: "mm",
    options: [
      { slug: "6-mm", ref: "6", name: { es: "6 mm templado", fr: "6 mm trempé" }, numeric: 6 },
      { slug: "8-mm", ref: "8", name: { es: "8 mm templado", fr: "8 mm trempé" }, numeric: 8, price: 0 },
    ],
  },
  {
    slug: "ancho-mampara",
    src: "screen_width",
    name: { es: "Ancho", fr: "Largeur" },
    field: "select",
    unit: "cm",
    translate: false,
    options: [width(70), width(80), width(90), width(100), width(120), width(140), width(160)],
  },
  {
    slug: "tratamiento-antical",
    src: "anti_limescale",
    name: { es: "Tratamiento antical", fr: "Traitement anticalcaire" },
    field: "toggle",
    options: [
      { slug: "sin-antical", ref: "NO", name: { es: "Sin tratamiento", fr: "Sans traitement" } },
      { slug: "con-antical", ref: "AC", name: { es: "Con tratamiento antical", fr: "Avec traitement anticalcaire" }, price: 3900 },
    ],
  },
  {
    slug: "color-sanitario",
    src: "ceramic_color",
    name: { es: "Acabado", fr: "Finition" },
    field: "color",
    aesthetic: true,
    options: [
      { slug: "blanco-brillo", ref: "BB", name: { es: "Blanco brillo", fr: "Blanc brillant" }, color: "#f7f7f5" },
      { slug: "blanco-mate", ref: "BM", name: { es: "Blanco mate", fr: "Blanc mat" }, color: "#e9e8e3" },
      { slug: "negro-mate-ceramica", ref: "NMC", name: { es: "Negro mate", fr: "Noir mat" }, color: "#2b2b2d" },
      { slug: "gris-piedra", ref: "GP", name: { es: "Gris piedra", fr: "Gris pierre" }, color: "#9c9a94" },
    ],
  },
  {
    slug: "asiento",
    src: "seat",
    name: { es: "Asiento", fr: "Abattant" },
    field: "select",
    options: [
      { slug: "asiento-incluido", ref: "CT", name: { es: "Con asiento amortiguado incluido", fr: "Avec abattant frein de chute inclus" }, locks: ["asiento"] },
      { slug: "sin-tapa", ref: "ST", name: { es: "Sin tapa (elige tu asiento)", fr: "Sans abattant (choisissez le vôtre)" } },
    ],
  },
  {
    slug: "medida-banera",
    src: "bathtub_size",
    name: { es: "Medida", fr: "Dimensions" },
    field: "select",
    unit: "cm",
    translate: false,
    options: [size(150, 70), size(160, 70), size(170, 75), size(180, 80)],
  },
  {
    slug: "acabado-mueble",
    src: "cabinet_finish",
    name: { es: "Acabado", fr: "Finition" },
    field: "color",
    aesthetic: true,
    options: [
      { slug: "roble-natural", ref: "RN", name: { es: "Roble natural", fr: "Chêne naturel" }, color: "#b58a5a" },
      { slug: "blanco-brillo-mueble", ref: "BBM", name: { es: "Blanco brillo", fr: "Blanc brillant" }, color: "#f3f3f1" },
      { slug: "nogal", ref: "NO", name: { es: "Nogal", fr: "Noyer" }, color: "#6b4a33" },
      { slug: "gris-antracita", ref: "GA", name: { es: "Gris antracita", fr: "Gris anthracite" }, color: "#4a4d50" },
      { slug: "verde-salvia", ref: "VS", name: { es: "Verde salvia", fr: "Vert sauge" }, color: "#8fa48a" },
      { slug: "madera-envejecida", ref: "ME", name: { es: "Madera envejecida", fr: "Bois vieilli" }, color: "#8a6a4a" },
      { slug: "azul-noche", ref: "AZ", name: { es: "Azul noche", fr: "Bleu nuit" }, color: "#2d3e57" },
    ],
  },
  {
    slug: "ancho-mueble",
    src: "cabinet_width",
    name: { es: "Ancho", fr: "Largeur" },
    field: "select",
    unit: "cm",
    translate: false,
    options: [width(60), width(80), width(100), width(120)],
  },
  {
    slug: "acabado-grifo",
    src: "tap_finish",
    name: { es: "Acabado", fr: "Finition" },
    field: "color",
    aesthetic: true,
    options: [
      { slug: "cromo-grifo", ref: "CR", name: { es: "Cromo", fr: "Chromé" }, color: "#c9ced3" },
      { slug: "negro-mate-grifo", ref: "NM", name: { es: "Negro mate", fr: "Noir mat" }, color: "#2a2a2c" },
      { slug: "oro-cepillado-grifo", ref: "OC", name: { es: "Oro cepillado", fr: "Or brossé" }, color: "#c8a45a" },
      { slug: "inox", ref: "IX", name: { es: "Acero inoxidable", fr: "Inox brossé" }, color: "#a9adb0" },
    ],
  },
  {
    slug: "medida-lavabo",
    src: "basin_size",
    name: { es: "Medida", fr: "Dimensions" },
    field: "select",
    unit: "cm",
    translate: false,
    options: [width(40), width(50), width(60)],
  },
  {
    slug: "medida-espejo",
    src: "mirror_size",
    name: { es: "Medida", fr: "Dimensions" },
    field: "select",
    unit: "cm",
    translate: false,
    options: [size(60, 80), size(80, 80), size(100, 80), size(120, 80)],
  },
  {
    slug: "color-marco",
    src: "frame_color",
    name: { es: "Marco", fr: "Cadre" },
    field: "color",
    aesthetic: true,
    options: [
      { slug: "marco-negro", ref: "MN", name: { es: "Negro", fr: "Noir" }, color: "#222224" },
      { slug: "marco-oro", ref: "MO", name: { es: "Dorado", fr: "Doré" }, color: "#c8a45a" },
      { slug: "marco-roble", ref: "MR", name: { es: "Roble", fr: "Chêne" }, color: "#a67c52" },
      { slug: "sin-marco", ref: "SM", name: { es: "Sin marco", fr: "Sans cadre" }, color: "#dfe9ee" },
    ],
  },
  {
    slug: "antivaho",
    src: "antifog",
    name: { es: "Antivaho", fr: "Antibuée" },
    field: "toggle",
    options: [
      { slug: "sin-antivaho", ref: "NO", name: { es: "Sin antivaho", fr: "Sans antibuée" } },
      { slug: "con-antivaho", ref: "AV", name: { es: "Con sistema antivaho", fr: "Avec antibuée" }, price: 3500 },
    ],
  },
];

export const GROUPS: { slug: string; name: T }[] = [
  { slug: "medidas", name: { es: "Medidas", fr: "Dimensions" } },
  { slug: "cristal", name: { es: "Cristal", fr: "Verre" } },
  { slug: "acabado", name: { es: "Acabado", fr: "Finition" } },
  { slug: "opciones", name: { es: "Opciones", fr: "Options" } },
  { slug: "instalacion", name: { es: "Instalación", fr: "Installation" } },
];

export const COMPLEMENT_TYPES: { slug: string; name: T; img: string }[] = [
  { slug: "valvula", name: { es: "Válvula de desagüe", fr: "Bonde d'évacuation" }, img: "ct/valvula" },
  { slug: "rejilla", name: { es: "Rejilla", fr: "Grille" }, img: "ct/rejilla" },
  { slug: "asiento", name: { es: "Asiento / Tapa", fr: "Abattant" }, img: "ct/asiento" },
  { slug: "patas", name: { es: "Patas", fr: "Pieds" }, img: "ct/patas" },
  { slug: "espejo", name: { es: "Espejo", fr: "Miroir" }, img: "ct/espejo" },
  { slug: "instalacion", name: { es: "Instalación", fr: "Installation" }, img: "ct/instalacion" },
];
