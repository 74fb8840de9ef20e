import { bannerSvg, CATEGORY_ART, type ProductArt } from "../../media/illustrations.ts";
import { BRANDS, type T } from "../data.ts";
import { ENVIRONMENTS } from "../environments.ts";
import type { ProductSpec } from "../families.ts";
import { catPath as pathOf, type Gen, type Lang } from "./context.ts";

/**
 * Each store's merchandising: home sliders and banners, category and brand banners, the home's
 * highlights (categories, best sellers sold there, brands), SEO texts, and the environments' pictures.
 */
export function addMerchandising(g: Gen, specs: ProductSpec[]) {
  const { rows, images, langs, storeOf, prefix, catId, brandId, inFr, productInfo } = g;
  const catPath = (key: string, l: Lang) => pathOf(g, key, l);
  const bestSellers = [...rows.products].sort((a, b) => (b.salesCount ?? 0) - (a.salesCount ?? 0));
  const sliderDefs: { title: T; subtitle: T; cta: T; url: (l: Lang) => string; arts: ProductArt[]; theme: "light" | "dark"; tint: string }[] = [
    {
      title: { es: "Platos de ducha a medida", fr: "Receveurs sur mesure" },
      subtitle: {
        es: "Pizarra o liso, cortado al centímetro y fabricado en 5 a 8 días laborables",
        fr: "Ardoise ou lisse, découpé au centimètre, fabriqué en 5 à 8 jours ouvrés",
      },
      cta: { es: "Configurar mi plato", fr: "Configurer mon receveur" },
      url: (l) => catPath("trays-custom", l),
      arts: [
        CATEGORY_ART.shower_tray,
        { kind: "shower_screen_frontal", color: "#fff", accent: "#2a2a2c" },
        { kind: "shower_column", color: "#fff", accent: "#2a2a2c" },
      ],
      theme: "light",
      tint: "#8fb3c2",
    },
    {
      title: { es: "Muebles de baño con carácter", fr: "Des meubles de salle de bain de caractère" },
      subtitle: { es: "Moderno, vintage, rústico o industrial: elige tu estilo", fr: "Moderne, vintage, rustique ou industriel : à vous de choisir" },
      cta: { es: "Ver muebles", fr: "Voir les meubles" },
      url: (l) => catPath("furniture", l),
      arts: [
        { kind: "vanity", color: "#8fa48a", accent: "#c8a45a", style: "vintage" },
        { kind: "mirror", color: "#fff", accent: "#c8a45a", shape: "round" },
        { kind: "cabinet_column", color: "#8fa48a", accent: "#c8a45a" },
      ],
      theme: "dark",
      tint: "#5b7f6e",
    },
    {
      title: { es: "Hasta un 35 % en bañeras y mamparas", fr: "Jusqu'à -35 % sur baignoires et parois" },
      subtitle: { es: "Ofertas por tiempo limitado; envío gratis en península desde 200 €", fr: "Offres à durée limitée ; livraison offerte dès 200 €" },
      cta: { es: "Ver ofertas", fr: "Voir les promotions" },
      url: (l) => `${prefix(l)}/ofertas`,
      arts: [
        { kind: "bathtub_freestanding", color: "#f7f7f5", accent: "#c8a45a" },
        { kind: "shower_screen_angular", color: "#fff", accent: "#c8a45a" },
        { kind: "tap_basin", color: "#fff", accent: "#c8a45a" },
      ],
      theme: "light",
      tint: "#e0a98f",
    },
  ];
  const bannerDefs: { title: T; subtitle: T; url: (l: Lang) => string; art: ProductArt; tint: string }[] = [
    {
      title: { es: "Mamparas de 8 mm", fr: "Parois de 8 mm" },
      subtitle: { es: "Perfiles negro mate y oro", fr: "Profilés noir mat et or" },
      url: (l) => catPath("screens", l),
      art: { kind: "shower_screen_frontal", color: "#fff", accent: "#c8a45a" },
      tint: "#a9cbd6",
    },
    {
      title: { es: "Inodoros sin brida", fr: "WC sans bride" },
      subtitle: { es: "Más higiene, menos limpieza", fr: "Plus d'hygiène, moins d'entretien" },
      url: (l) => catPath("toilets-rimless", l),
      art: { kind: "toilet_wall", color: "#f7f7f5", accent: "#2a2a2c" },
      tint: "#c3ccd4",
    },
    {
      title: { es: "Espejos LED", fr: "Miroirs LED" },
      subtitle: { es: "Con antivaho opcional", fr: "Antibuée en option" },
      url: (l) => catPath("mirrors-led", l),
      art: { kind: "mirror", color: "#fff", accent: "#2a2a2c", led: true, shape: "rect" },
      tint: "#cfe0e6",
    },
    {
      title: { es: "Grifería negro mate", fr: "Robinetterie noir mat" },
      subtitle: { es: "Latón macizo y cartucho cerámico", fr: "Laiton massif, cartouche céramique" },
      url: (l) => catPath("taps", l),
      art: { kind: "shower_column", color: "#fff", accent: "#2a2a2c" },
      tint: "#c8cdd2",
    },
  ];
  for (const l of langs) {
    const storeId = storeOf(l);
    sliderDefs.forEach((s, i) => {
      const id = rows.homeSliders.length + 1;
      const key = `b/slider-${id}`;
      rows.homeSliders.push({
        id,
        storeId,
        title: s.title[l],
        subtitle: s.subtitle[l],
        cta: s.cta[l],
        url: s.url(l),
        illustration: key,
        theme: s.theme,
        position: i,
      });
      images.push({ key, svg: () => bannerSvg(s.arts, s.theme, s.tint, id) });
    });
    bannerDefs.forEach((b, i) => {
      const id = rows.homeBanners.length + 1;
      const key = `b/home-${id}`;
      rows.homeBanners.push({ id, storeId, title: b.title[l], subtitle: b.subtitle[l], url: b.url(l), illustration: key, position: i });
      images.push({ key, svg: () => bannerSvg([b.art], "light", b.tint, id + 100) });
    });
    const catBanners: { cat: string | null; title: T; subtitle: T; url: (l: Lang) => string; art: ProductArt; tint: string; grid: number }[] = [
      {
        cat: "trays",
        title: { es: "¿No encuentras tu medida?", fr: "Pas votre dimension ?" },
        subtitle: { es: "Te lo cortamos al centímetro", fr: "Nous le découpons au centimètre" },
        url: (x) => catPath("trays-custom", x),
        art: CATEGORY_ART.shower_tray,
        tint: "#b9c7cf",
        grid: 4,
      },
      {
        cat: "screens",
        title: { es: "Cómo medir tu mampara", fr: "Mesurer sa paroi de douche" },
        subtitle: { es: "Guía paso a paso", fr: "Guide pas à pas" },
        url: (x) => `${prefix(x)}/como-medir-una-mampara`,
        art: { kind: "shower_screen_angular", color: "#fff", accent: "#2a2a2c" },
        tint: "#a9cbd6",
        grid: 6,
      },
      {
        cat: "furniture",
        title: { es: "Muebles vintage", fr: "Meubles vintage" },
        subtitle: { es: "Molduras y latón", fr: "Moulures et laiton" },
        url: (x) => catPath("furniture-vintage", x),
        art: { kind: "vanity", color: "#8fa48a", accent: "#c8a45a", style: "vintage" },
        tint: "#b9c9b5",
        grid: 4,
      },
      {
        cat: null,
        title: { es: "Envío gratis desde 200 € y 3 años de garantía", fr: "Livraison offerte dès 200 € et garantie 3 ans" },
        subtitle: {
          es: "Envío gratis en península desde 200 €; garantía en todos los productos",
          fr: "Livraison offerte en France métropolitaine dès 200 € ; garantie sur tous les produits",
        },
        url: (x) => `${prefix(x)}/quienes-somos`,
        art: { kind: "bathtub_freestanding", color: "#f7f7f5", accent: "#c9ced3" },
        tint: "#d6cfc4",
        grid: 10,
      },
    ];
    for (const b of catBanners) {
      const id = rows.categoryBanners.length + 1;
      const key = `b/cat-${id}`;
      rows.categoryBanners.push({
        id,
        storeId,
        categoryId: b.cat ? catId.get(b.cat)! : null,
        title: b.title[l],
        subtitle: b.subtitle[l],
        url: b.url(l),
        illustration: key,
        gridPosition: b.grid,
      });
      images.push({ key, svg: () => bannerSvg([b.art], "light", b.tint, id + 200) });
    }
    BRANDS.slice(0, 10).forEach((b, i) => {
      const id = rows.brandBanners.length + 1;
      const key = `b/brand-${id}`;
      const sample = specs.find((s) => s.brand === b.slug);
      rows.brandBanners.push({
        id,
        brandId: brandId.get(b.slug)!,
        storeId,
        title: l === "es" ? `Descubre ${b.name}` : `Découvrez ${b.name}`,
        subtitle: b.description[l].split(".")[0],
        url: `${prefix(l)}/marcas/${b.slug}`,
        illustration: key,
        position: i,
      });
      images.push({ key, svg: () => bannerSvg(sample ? [sample.art] : [CATEGORY_ART.bathtub], i % 2 ? "dark" : "light", b.color, id + 300) });
    });
    // Highlights: main categories, best sellers sold in this store, brands.
    ["trays", "screens", "toilets", "furniture", "bathtubs", "taps"].forEach((k, i) => {
      rows.storeHighlights.push({ id: rows.storeHighlights.length + 1, storeId, kind: "category", targetId: catId.get(k)!, position: i });
    });
    bestSellers
      .filter((p) => l === "es" || inFr.has(p.id!))
      .filter((p) => !productInfo.get(p.id!)!.spec.pool)
      .slice(0, 12)
      .forEach((p, i) => {
        rows.storeHighlights.push({ id: rows.storeHighlights.length + 1, storeId, kind: "product", targetId: p.id!, position: i });
      });
    BRANDS.slice(0, 8).forEach((b, i) => {
      rows.storeHighlights.push({ id: rows.storeHighlights.length + 1, storeId, kind: "supplier", targetId: brandId.get(b.slug)!, position: i });
    });
    for (const page of SEO_PAGES) rows.seoTexts.push({ id: rows.seoTexts.length + 1, storeId, page: page.page, title: page.title[l], body: page.body[l] });
  }
  // Wide pictures of the environments (espacios): their first products in one room.
  for (const env of ENVIRONMENTS) {
    const arts = env.refs.map((r) => specs.find((x) => x.ref === r)?.art).filter((a): a is ProductArt => !!a);
    images.push({ key: env.illustration, svg: () => bannerSvg(arts.slice(0, 3), "light", "#d8cfc2", env.slug.length * 31) });
  }
}

const SEO_PAGES: { page: string; title: T; body: T }[] = [
  {
    page: "home",
    title: { es: "Tu tienda online de baño", fr: "Votre boutique de salle de bain en ligne" },
    body: {
      es: "En BañoDirecto vendemos todo lo necesario para reformar el baño: platos de ducha de resina a medida, mamparas, inodoros, bañeras, muebles, lavabos, grifería y espejos. Trabajamos con fabricantes de España, Portugal, Italia y Francia, enviamos gratis a península y ofrecemos servicio de instalación en las principales provincias.",
      fr: "BañoDirecto vend tout le nécessaire pour rénover la salle de bain : receveurs sur mesure, parois de douche, WC, baignoires, meubles, vasques, robinetterie et miroirs, de fabricants espagnols, portugais, italiens et français.",
    },
  },
  {
    page: "ofertas",
    title: { es: "Ofertas en productos de baño", fr: "Promotions salle de bain" },
    body: {
      es: "Descuentos reales con el precio anterior tachado y fecha de fin visible. Las ofertas se renuevan cada semana y el stock es limitado.",
      fr: "De vraies remises avec le prix précédent barré et une date de fin visible. Renouvelées chaque semaine, stock limité.",
    },
  },
  {
    page: "novedades",
    title: { es: "Novedades", fr: "Nouveautés" },
    body: {
      es: "Los últimos productos que hemos incorporado al catálogo: nuevos colores de platos de ducha, muebles de estilo japandi y grifería en oro cepillado.",
      fr: "Les derniers produits arrivés au catalogue : nouvelles couleurs de receveurs, meubles japandi et robinetterie or brossé.",
    },
  },
  {
    page: "rebajas",
    title: { es: "Rebajas y liquidación", fr: "Soldes et déstockage" },
    body: {
      es: "Últimas unidades y fin de series a precio de liquidación. Mismos tres años de garantía y devolución en 14 días.",
      fr: "Dernières pièces et fins de série à prix de déstockage, avec la même garantie de trois ans.",
    },
  },
  {
    page: "black-friday",
    title: { es: "Black Friday en BañoDirecto", fr: "Black Friday chez BañoDirecto" },
    body: {
      es: "Durante el Black Friday rebajamos platos de ducha, mamparas e inodoros. Los precios se aplican hasta el lunes siguiente a medianoche o hasta agotar existencias.",
      fr: "Pendant le Black Friday, receveurs, parois et WC baissent de prix jusqu'au lundi suivant minuit ou épuisement des stocks.",
    },
  },
  {
    page: "marcas",
    title: { es: "Nuestras marcas", fr: "Nos marques" },
    body: {
      es: "Seleccionamos fabricantes con producción propia y repuestos disponibles durante al menos diez años. Conoce cada marca, su país de origen y sus colecciones.",
      fr: "Nous sélectionnons des fabricants qui produisent eux-mêmes et assurent les pièces détachées au moins dix ans.",
    },
  },
];
