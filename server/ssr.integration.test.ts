import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createShop, type Shop } from "./app.ts";
import { loadConfig } from "./config.ts";
import type { Db } from "./db/client.ts";
import { anchors, h1s, htmlLang, linkTags, metaContent, title } from "./test/html.ts";
import { createTestDatabase, describeEachDb } from "./test/test-db.ts";

const ORIGIN = "https://shop.test";
const NOT_FOUND = {
  es: { h1: "Parece que se rompió alguna tubería en el baño...", back: "Volver a la tienda", home: "/" },
  fr: { h1: "On dirait qu'une canalisation a cédé dans la salle de bains...", back: "Retour à la boutique", home: "/fr" },
};

/** A slug that exists in the demo data (the catalog and content are filled by their own issues), else a fallback. */
async function realSlug(db: Db, query: ReturnType<typeof sql>, fallback: string): Promise<string> {
  try {
    const res = (await db.execute(query)) as unknown as { rows: { slug: string }[] };
    return res.rows[0]?.slug ?? fallback;
  } catch {
    return fallback;
  }
}

/** Every store-relative path of spec section 2 that answers a page in the given store. */
async function pagesOf(db: Db, code: "ESDB" | "FRDB", lang: "es" | "fr"): Promise<string[]> {
  const brand = await realSlug(db, sql`select slug from brands order by id limit 1`, "demo-brand");
  const cms = await realSlug(
    db,
    sql`select p.slug from cms_pages p join stores s on s.id = p.store_id where s.source_code = ${code} and p.slug = 'aviso-legal'`,
    "aviso-legal",
  );
  const category = await realSlug(
    db,
    sql`select t.slug from category_translations t join category_stores cs on cs.category_id = t.category_id
        join stores s on s.id = cs.store_id where t.language = ${lang} and s.source_code = ${code} order by t.category_id limit 1`,
    "muebles-de-bano",
  );
  const product = await realSlug(
    db,
    sql`select t.slug from product_translations t join product_stores ps on ps.product_id = t.product_id
        join stores s on s.id = ps.store_id where t.language = ${lang} and s.source_code = ${code} order by t.product_id limit 1`,
    "demo-product",
  );
  const pages = [
    "/",
    "/cart",
    "/checkout",
    "/login",
    "/signup",
    "/recuperar-contrasena",
    "/restaurar-contrasena",
    "/marcas",
    `/marcas/${brand}`,
    "/novedades",
    "/ofertas",
    "/rebajas",
    "/black-friday",
    "/black-friday-inodoros-18",
    "/espacios",
    "/espacios/bano-pequeno",
    "/espacios/industrial",
    "/espacios/japandi",
    "/espacios/nordico",
    `/cms/${cms}`,
    "/quienes-somos",
    "/como-elegir-baneras-de-hidromasaje-16",
    "/como-elegir-tu-plato-de-ducha-15",
    "/como-medir-una-mampara",
    "/como-medir-una-mampara-frontal",
    "/como-medir-una-mampara-angular",
    "/como-medir-una-mampara-semicircular",
    `/${category}/`,
    `/${product}.html`,
  ];
  if (code === "ESDB") {
    const post = await realSlug(
      db,
      sql`select p.slug from posts p join stores s on s.id = p.store_id where s.source_code = 'ESDB' order by p.id limit 1`,
      "demo-post",
    );
    const postCategory = await realSlug(
      db,
      sql`select c.slug from post_categories c join stores s on s.id = c.store_id where s.source_code = 'ESDB' order by c.id limit 1`,
      "demo-category",
    );
    pages.push("/inspiracion", `/inspiracion/cat/${postCategory}`, `/inspiracion/${post}`, "/reformistas-profesionales", "/servicio-de-instalacion", "/popup");
  }
  return pages;
}

const PROFILE = [
  "/profile",
  "/profile/12",
  "/profile/12/access-data",
  "/profile/access-data",
  "/profile/12/address",
  "/profile/12/address/form-billing",
  "/profile/12/address/form-billing/3",
  "/profile/address/form-shipping/4",
  "/profile/12/favourites",
  "/profile/12/newsletter",
  "/profile/12/order",
  "/profile/12/order/99",
  "/profile/12/quotation",
  "/profile/quotation/7",
];

const prefixed = (lang: "es" | "fr", path: string) => (lang === "es" ? path : path === "/" ? "/fr" : `/fr${path}`);

describeEachDb("storefront routes (SSR)", (kind) => {
  let shop: Shop;
  let paths: { es: string[]; fr: string[] };
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: "/tmp/shop-test-data",
      PAGE_CACHE: "off",
      PUBLIC_URL: ORIGIN,
      BUILD_DIR: inject("buildDir"),
    });
    const opened = await createShop(config, { database });
    shop = {
      ...opened,
      async close() {
        await opened.close();
        await database.close();
      },
    };
    paths = { es: await pagesOf(database.db, "ESDB", "es"), fr: await pagesOf(database.db, "FRDB", "fr") };
  });
  afterAll(() => shop?.close());

  for (const lang of ["es", "fr"] as const) {
    describe(`${lang === "es" ? "Spanish store (no prefix)" : "French store (/fr)"}`, () => {
      it("serves every page of spec section 2 server-rendered, with title, h1, layout and SEO tags", async () => {
        const failures: string[] = [];
        for (const path of paths[lang]) {
          const url = prefixed(lang, path);
          const res = await shop.app.inject({ url });
          const html = res.body;
          const problems: string[] = [];
          if (res.statusCode !== 200) problems.push(`status ${res.statusCode}`);
          if (htmlLang(html) !== lang) problems.push(`html lang ${htmlLang(html)}`);
          if (!title(html)) problems.push("no <title>");
          if (h1s(html).filter(Boolean).length !== 1) problems.push(`h1: ${JSON.stringify(h1s(html))}`);
          if (!/<header\b/.test(html) || !/<main id="content"/.test(html)) problems.push("no layout");
          if (h1s(html).includes(NOT_FOUND[lang].h1)) problems.push("shows the 404 message");
          if (!metaContent(html, "description")) problems.push("no meta description");
          const canonical = linkTags(html, "canonical");
          if (canonical.length !== 1 || !canonical[0].href.startsWith(`${ORIGIN}${prefixed(lang, "/")}`)) {
            problems.push(`canonical ${JSON.stringify(canonical)}`);
          }
          const alternates = linkTags(html, "alternate").map((a) => a.hreflang?.slice(0, 2));
          // Pages of the shell exist in both stores; a catalog or content record may exist in one only.
          const dataDriven = /\.html$|\/$|^\/(cms|marcas|inspiracion)\/./.test(path) && path !== "/";
          const spanishOnly = ["/popup", "/inspiracion", "/reformistas-profesionales", "/servicio-de-instalacion"].some((p) => path.startsWith(p));
          const expected = dataDriven ? [lang] : spanishOnly ? ["es"] : ["es", "fr"];
          if (!expected.every((l) => alternates.includes(l))) problems.push(`hreflang ${JSON.stringify(alternates)}`);
          // The stylesheet, the one request that holds the first paint, is asked for before the
          // scripts' preloads and the structured data (on a slow line they would share its start).
          const head = html.slice(0, html.indexOf("</head>"));
          const css = head.search(/<link[^>]*rel="stylesheet"/);
          const firstScriptOrData = head.search(/<link[^>]*rel="modulepreload"|<script/);
          if (css < 0 || (firstScriptOrData >= 0 && firstScriptOrData < css)) problems.push("the stylesheet comes after scripts in the head");
          // The outline has no gap going down (h1 then h3 with no h2 between): screen reader users
          // move by headings.
          const levels = [...html.matchAll(/<h([1-6])\b/g)].map((m) => Number(m[1]));
          const gap = levels.findIndex((l, i) => i > 0 && l > levels[i - 1] + 1);
          if (gap > 0) problems.push(`heading h${levels[gap]} after ${levels.slice(0, gap).join(",")}`);
          if (problems.length) failures.push(`${url}: ${problems.join("; ")}`);
        }
        expect(failures).toEqual([]);
        expect(paths[lang].length).toBeGreaterThan(25);
      });

      it("redirects anonymous visitors of every /profile route to the login with a return address", async () => {
        for (const path of PROFILE) {
          const url = prefixed(lang, path);
          const res = await shop.app.inject({ url: `${url}?tab=2` });
          expect(res.statusCode, url).toBeGreaterThanOrEqual(301);
          expect(res.statusCode, url).toBeLessThanOrEqual(303);
          expect(res.headers.location, url).toBe(`${prefixed(lang, "/login")}?next=${encodeURIComponent(`${url}?tab=2`)}`);
        }
      });

      it("answers anything else with the 404 page and a link back to the shop", async () => {
        // An order or a payment result nobody may see is a 404 like any unknown page (no existence leak).
        const privatePages = ["/checkout/result", "/checkout/result/ESDB-1700000000000-0f8fad5b-d9cb-469f-a165-70867728950e", "/order", "/order/1"];
        for (const path of ["/no-such-page", "/marcas/a/b/c", "/platos-de-ducha", "/algo.htm", "/checkout/result/a/b", ...privatePages]) {
          const url = prefixed(lang, path);
          const res = await shop.app.inject({ url });
          expect(res.statusCode, url).toBe(404);
          expect(res.headers["content-type"], url).toMatch(/^text\/html/);
          expect(htmlLang(res.body), url).toBe(lang);
          expect(title(res.body), url).toBeTruthy();
          expect(h1s(res.body), url).toEqual([NOT_FOUND[lang].h1]);
          expect(anchors(res.body), url).toContainEqual({ text: NOT_FOUND[lang].back, href: NOT_FOUND[lang].home });
          expect(res.body, url).toMatch(/<header\b/);
        }
      });

      it("sets the language cookie for 365 days, once", async () => {
        const first = await shop.app.inject({ url: prefixed(lang, "/marcas") });
        const cookie = [first.headers["set-cookie"]].flat().find((c) => c?.startsWith("locale="));
        expect(cookie).toMatch(new RegExp(`^locale=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`));
        const again = await shop.app.inject({ url: prefixed(lang, "/marcas"), headers: { cookie: `locale=${lang}` } });
        expect([again.headers["set-cookie"]].flat().filter((c) => c?.startsWith("locale="))).toEqual([]);
      });
    });
  }

  it("keeps the French language cookie when the browser discovers routes or loads data", async () => {
    // Route discovery (/__manifest) has no /fr prefix: it must not switch a French visitor back to es
    // (the pages no longer ask since decision 032; one opened before a deploy still may).
    const manifest = await shop.app.inject({ url: "/__manifest?paths=%2Ffr%2Fmarcas&version=x", headers: { cookie: "locale=fr" } });
    expect([manifest.headers["set-cookie"]].flat().filter((c) => c?.startsWith("locale="))).toEqual([]);
    const data = await shop.app.inject({ url: "/marcas.data", headers: { cookie: "locale=fr" } });
    expect([data.headers["set-cookie"]].flat().filter((c) => c?.startsWith("locale="))).toEqual([]);
    const page = await shop.app.inject({ url: "/marcas", headers: { cookie: "locale=fr" } });
    expect([page.headers["set-cookie"]].flat().find((c) => c?.startsWith("locale="))).toMatch(/^locale=es;/);
  });

  it("answers a page's data (a client-side navigation) from the page's own store", async () => {
    // A product's address goes through its own route table (productRoutes in ssr.ts).
    const product = /href="(\/[^"/]+\.html)"/.exec((await shop.app.inject({ url: "/platos-de-ducha/" })).body)![1];
    const frProduct = /href="(\/fr\/[^"/]+\.html)"/.exec((await shop.app.inject({ url: "/fr/receveurs-de-douche/" })).body)![1];
    for (const [url, route, lang] of [
      ["/_.data", "home", "es"],
      ["/fr.data", "home", "fr"],
      ["/fr/_.data", "home", "fr"],
      ["/cart.data", "routes/pages/cart", "es"],
      ["/fr/cart.data", "routes/pages/cart", "fr"],
      [`${product}.data`, "routes/pages/catalog-path", "es"],
      [`${frProduct}.data`, "routes/pages/catalog-path", "fr"],
    ]) {
      const res = await shop.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`"${route}",{`);
      expect(res.body, url).toContain(`"lang","${lang}"`);
    }
  });

  it("answers the French pages of features the French store does not have with the French 404", async () => {
    for (const path of [
      "/fr/inspiracion",
      "/fr/inspiracion/cat/banos",
      "/fr/inspiracion/un-articulo",
      "/fr/reformistas-profesionales",
      "/fr/servicio-de-instalacion",
      "/fr/popup",
    ]) {
      const res = await shop.app.inject({ url: path });
      expect(res.statusCode, path).toBe(404);
      expect(h1s(res.body), path).toEqual([NOT_FOUND.fr.h1]);
      expect(anchors(res.body), path).toContainEqual({ text: NOT_FOUND.fr.back, href: "/fr" });
    }
  });

  it("serves the home page with the store's main menu and the language switch", async () => {
    const es = await shop.app.inject({ url: "/" });
    const fr = await shop.app.inject({ url: "/fr" });
    const esLinks = anchors(es.body);
    expect(esLinks.some((a) => a.href === "/fr" && /fran/i.test(a.text))).toBe(true);
    expect(anchors(fr.body).some((a) => a.href === "/" && /espa/i.test(a.text))).toBe(true);
    expect(esLinks.some((a) => a.href.startsWith("/fr/receveurs"))).toBe(false);
    expect(anchors(fr.body).some((a) => a.href.startsWith("/fr/receveurs-de-douche/"))).toBe(true);
  });
});
