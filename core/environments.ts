/**
 * Environments (espacios): the shop's four curated rooms, shown at /espacios/<slug> (spec).
 * Editorial data of the storefront, kept in core so production pages never read seed/. Product
 * refs are refs of the catalog (the seed test checks they exist in the demo data); a store
 * shows the ones it sells.
 */
export type Environment = {
  slug: "bano-pequeno" | "industrial" | "japandi" | "nordico";
  title: { es: string; fr: string };
  intro: { es: string; fr: string };
  /** Media key of the environment's wide picture (a drawn banner of the room's products). */
  illustration: string;
  refs: string[];
};

export const ENVIRONMENTS: Environment[] = [
  {
    slug: "bano-pequeno",
    title: { es: "Baño pequeño", fr: "Petite salle de bain" },
    intro: {
      es: "Un baño de 4 m² bien resuelto: plato de ducha de 70 cm con mampara corredera que no invade el paso, inodoro compacto de 57 cm de fondo y lavabo suspendido que deja el suelo libre. Espejo LED para ganar luz sin ocupar pared.",
      fr: "Une salle de bain de 4 m² bien pensée : receveur de 70 cm avec paroi coulissante qui ne gêne pas le passage, WC compact de 57 cm de profondeur et lavabo suspendu qui libère le sol. Miroir LED pour gagner en lumière.",
    },
    illustration: "b/env-bano-pequeno",
    refs: ["PD-RE-004", "MA-FR-010", "IN-CO-019", "LA-SU-004", "ES-BA-003", "GR-LA-003"],
  },
  {
    slug: "industrial",
    title: { es: "Baño industrial", fr: "Salle de bain industrielle" },
    intro: {
      es: "Acero negro, madera envejecida y grifería negro mate. Muebles con estructura metálica y balda abierta, mampara de perfil negro y un toallero eléctrico que completa el aire de loft.",
      fr: "Acier noir, bois vieilli et robinetterie noir mat. Meubles à structure métallique et étagère ouverte, paroi à profilé noir et sèche-serviettes pour l'esprit loft.",
    },
    illustration: "b/env-industrial",
    refs: ["MU-BA-LE-022", "MU-BA-LE-027", "MU-CO-004", "GR-LA-002", "TO-EL-001", "MA-FR-002"],
  },
  {
    slug: "japandi",
    title: { es: "Baño japandi", fr: "Salle de bain japandi" },
    intro: {
      es: "La calma japonesa y la calidez escandinava: madera clara, cerámica mate, formas redondas y pocos objetos. Lavabo sobre encimera redondo, espejo circular y tonos arena.",
      fr: "Le calme japonais et la chaleur scandinave : bois clair, céramique mate, formes rondes et peu d'objets. Vasque ronde à poser, miroir circulaire et tons sable.",
    },
    illustration: "b/env-japandi",
    refs: ["MU-BA-LE-017", "MU-BA-LE-014", "LA-EN-001", "ES-BA-004", "MU-CO-006", "PD-RE-002"],
  },
  {
    slug: "nordico",
    title: { es: "Baño nórdico", fr: "Salle de bain nordique" },
    intro: {
      es: "Blanco, roble y mucha luz. Muebles suspendidos de líneas simples, espejos con LED cálido y un plato de ducha de textura pizarra en blanco que aporta tacto sin romper la paleta.",
      fr: "Blanc, chêne et beaucoup de lumière. Meubles suspendus aux lignes simples, miroirs LED et receveur effet ardoise blanc pour la texture sans rompre la palette.",
    },
    illustration: "b/env-nordico",
    refs: ["MU-BA-LE-005", "MU-BA-LE-009", "ES-BA-009", "ES-BA-010", "TO-EL-002", "PD-RE-002"],
  },
];
