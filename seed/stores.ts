import type { Db } from "../server/db/client.ts";
import { languages, menuItems, stores } from "../server/modules/stores/stores.schema.ts";

/** Category slugs the menus point at; the catalog seed creates these categories. */
export const MAIN_CATEGORIES = [
  { es: "platos-de-ducha", fr: "receveurs-de-douche", esLabel: "Platos de ducha", frLabel: "Receveurs de douche" },
  { es: "mamparas-de-ducha", fr: "parois-de-douche", esLabel: "Mamparas", frLabel: "Parois de douche" },
  { es: "inodoros", fr: "wc", esLabel: "Inodoros", frLabel: "WC" },
  { es: "baneras", fr: "baignoires", esLabel: "Bañeras", frLabel: "Baignoires" },
  { es: "muebles-de-bano", fr: "meubles-de-salle-de-bain", esLabel: "Muebles de baño", frLabel: "Meubles" },
  { es: "lavabos", fr: "vasques", esLabel: "Lavabos", frLabel: "Vasques" },
  { es: "grifos", fr: "robinetterie", esLabel: "Grifería", frLabel: "Robinetterie" },
  { es: "espejos", fr: "miroirs", esLabel: "Espejos", frLabel: "Miroirs" },
  { es: "accesorios-de-bano", fr: "accessoires-salle-de-bain", esLabel: "Accesorios", frLabel: "Accessoires" },
] as const;

export async function seedStores(db: Db) {
  await db.insert(languages).values([
    { code: "es", name: "Español" },
    { code: "fr", name: "Français" },
  ]);
  const [es, fr] = await db
    .insert(stores)
    .values([
      {
        sourceCode: "ESDB",
        language: "es",
        locale: "es-ES",
        countryCode: "ES",
        vatRateBp: 2100,
        pathPrefix: "",
        name: "BañoDirecto España",
        supportPhone: "+34 910 00 00 00",
        supportEmail: "hola@banodirecto.es",
        features: {
          installationService: true,
          blog: true,
          newsletter: true,
          professionalsArea: true,
          supportChat: true,
          supportPhone: true,
        },
      },
      {
        sourceCode: "FRDB",
        language: "fr",
        locale: "fr-FR",
        countryCode: "FR",
        vatRateBp: 2000,
        pathPrefix: "/fr",
        name: "BañoDirecto France",
        supportPhone: null,
        supportEmail: "bonjour@banodirecto.fr",
        features: {
          installationService: false,
          blog: false,
          newsletter: false,
          professionalsArea: false,
          supportChat: false,
          supportPhone: false,
        },
      },
    ])
    .returning();

  // Main menus: the product families, then the shop's own pages.
  const main = (storeId: number, lang: "es" | "fr") => {
    const items: { storeId: number; menuType: "main"; label: string; url: string; position: number }[] = MAIN_CATEGORIES.map((c, i) => ({
      storeId,
      menuType: "main" as const,
      label: lang === "es" ? c.esLabel : c.frLabel,
      url: `${lang === "es" ? "" : "/fr"}/${c[lang]}/`,
      position: i,
    }));
    if (lang === "es") {
      items.push(
        { storeId, menuType: "main", label: "Ofertas", url: "/ofertas", position: 20 },
        { storeId, menuType: "main", label: "Instalación", url: "/servicio-de-instalacion", position: 21 },
      );
    } else {
      items.push({ storeId, menuType: "main", label: "Promotions", url: "/fr/ofertas", position: 20 });
    }
    return items;
  };
  await db.insert(menuItems).values([...main(es.id, "es"), ...main(fr.id, "fr")]);

  const footer = (storeId: number, lang: "es" | "fr") => {
    const p = lang === "es" ? "" : "/fr";
    const shop = lang === "es" ? "Tienda" : "Boutique";
    const help = lang === "es" ? "Ayuda" : "Aide";
    const company = lang === "es" ? "BañoDirecto" : "BañoDirecto";
    const rows: { column: string; label: string; url: string; path?: string }[] =
      lang === "es"
        ? [
            { column: shop, label: "Novedades", url: "/novedades" },
            { column: shop, label: "Ofertas", url: "/ofertas" },
            { column: shop, label: "Rebajas", url: "/rebajas" },
            { column: shop, label: "Marcas", url: "/marcas" },
            { column: shop, label: "Espacios", url: "/espacios" },
            { column: help, label: "Cómo elegir tu plato de ducha", url: "/como-elegir-tu-plato-de-ducha-15" },
            { column: help, label: "Cómo medir una mampara", url: "/como-medir-una-mampara" },
            { column: help, label: "Bañeras de hidromasaje", url: "/como-elegir-baneras-de-hidromasaje-16" },
            { column: help, label: "Servicio de instalación", url: "/servicio-de-instalacion" },
            { column: company, label: "Quiénes somos", url: "/quienes-somos" },
            { column: company, label: "Reformistas profesionales", url: "/reformistas-profesionales" },
            { column: company, label: "Inspiración", url: "/inspiracion" },
            // Shown only on the shower-tray listing: a footer item limited to one path.
            {
              column: help,
              label: "Guía de medidas de platos de ducha",
              url: "/como-elegir-tu-plato-de-ducha-15",
              path: "platos-de-ducha",
            },
          ]
        : [
            { column: shop, label: "Nouveautés", url: "/novedades" },
            { column: shop, label: "Promotions", url: "/ofertas" },
            { column: shop, label: "Soldes", url: "/rebajas" },
            { column: shop, label: "Marques", url: "/marcas" },
            { column: shop, label: "Ambiances", url: "/espacios" },
            { column: help, label: "Bien choisir son receveur", url: "/como-elegir-tu-plato-de-ducha-15" },
            { column: help, label: "Mesurer une paroi de douche", url: "/como-medir-una-mampara" },
            { column: company, label: "Qui sommes-nous", url: "/quienes-somos" },
          ];
    return rows.map((r, i) => ({
      storeId,
      menuType: "footer" as const,
      label: r.label,
      url: `${p}${r.url}`,
      column: r.column,
      path: r.path ?? null,
      position: i,
    }));
  };
  await db.insert(menuItems).values([...footer(es.id, "es"), ...footer(fr.id, "fr")]);
  return { es, fr };
}
