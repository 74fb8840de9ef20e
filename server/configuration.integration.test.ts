import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedStores } from "../seed/stores.ts";
import { contextFor } from "./lib/request-context.ts";
import { buildCatalogFixture, type CatalogFixture } from "./test/catalog-fixture.ts";
import { variants } from "./modules/catalog/catalog.schema.ts";
import type { AttributeDto, ComplementDto } from "../core/catalog.types.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const SLUG_FR = "receveur-de-douche-resine-ardoise-blanc";

/** The add-to-cart resource route: the server re-checks and re-prices what the configurator sends. */
describeEachDb("POST /configuration", (kind) => {
  let shop: TestShop;
  let fx: CatalogFixture;
  let attrs: Record<string, AttributeDto>;
  let complements: ComplementDto[];
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;

  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, seed: false });
    const db = shop.database.db;
    await seedStores(db);
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    fx = await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 5 }).where(eq(variants.ref, "PD-RES-BL-70"));
    await shop.services.catalog.catalogChanged();
    const list = (await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? [];
    attrs = Object.fromEntries(list.map((a) => [a.slug, a]));
    complements = (await shop.services.catalog.complements(contextFor(es), SLUG)) ?? [];
  });
  afterAll(() => shop?.close());

  const post = (selection: unknown, opts: { slug?: string; path?: string; document?: boolean } = {}) =>
    shop.app.inject({
      method: "POST",
      url: opts.path ?? "/configuration",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(opts.document ? { "sec-fetch-dest": "document" } : {}) },
      payload: new URLSearchParams({ slug: opts.slug ?? SLUG, selection: typeof selection === "string" ? selection : JSON.stringify(selection) }).toString(),
    });

  const complete = () => ({
    quantity: 2,
    options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
    ranges: { [attrs.ancho.id]: 75 },
    texts: {},
    complements: {},
  });

  it("adds a complete configuration to a new cart: the variant's reference, the cart cookie, the counter", async () => {
    const res = await post(complete());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ ok: true, message: "Producto añadido al carrito", cart: { size: 1 }, row: { ref: "PD-RES-BL-70", quantity: 2 } });
    expect(String(res.headers["set-cookie"])).toMatch(/bd_cart=[^;]+; .*HttpOnly/);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
  });

  it("without JavaScript (a document post) lands on the cart with the added row", async () => {
    const res = await post(complete(), { document: true });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/cart\?added=\d+$/);
    expect(String(res.headers["set-cookie"])).toContain("bd_cart=");
  });

  it("refuses an incomplete configuration with the spec's message", async () => {
    const sel = complete();
    sel.ranges = {};
    const res = await post(sel);
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Configuración del producto incompleta");
  });

  it("refuses a measure outside the product's limits", async () => {
    const res = await post({ ...complete(), ranges: { [attrs.ancho.id]: 130 } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ ok: false, code: "cart.config_invalid" });
    expect(res.body).toContain("La medida debe ser un número entero entre 70 y 100 cm");
  });

  it("refuses a complement whose own options are missing", async () => {
    const valve = complements.find((c) => c.id === "fx-valve-1")!;
    expect(valve.attributes.length).toBeGreaterThan(0);
    const res = await post({ ...complete(), complements: { [valve.id]: { quantity: 1, options: {}, ranges: {} } } });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain("Existen complementos con configuración incompleta");
  });

  it("refuses the installation service in the French store", async () => {
    const sel = { ...complete(), complements: { "installation-complement": { quantity: 2, options: {}, ranges: {} } } };
    expect((await post(sel)).statusCode).toBe(200);
    const fr = await post(sel, { path: "/fr/configuration", slug: SLUG_FR });
    expect(fr.statusCode).toBe(422);
  });

  it("refuses malformed input and quantities outside 1..99 with a 400, never a 500", async () => {
    expect((await post("{not json")).statusCode).toBe(400);
    expect((await post({ ...complete(), quantity: 100 })).statusCode).toBe(400);
    expect((await post(complete(), { slug: "../etc" })).statusCode).toBe(400);
    expect((await post(complete(), { slug: "no-such-product" })).statusCode).toBe(404);
  });

  it("refuses a variant without stock", async () => {
    const res = await post({ ...complete(), options: { ...complete().options, [attrs.acabado.id]: opt("acabado", "mate") }, ranges: { [attrs.ancho.id]: 90 } });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain("Articulo fuera de stock.");
    void fx;
  });
});
