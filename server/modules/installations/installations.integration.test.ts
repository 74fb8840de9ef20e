import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { contextFor } from "../../lib/request-context.ts";
import { installationQuoteRequests } from "./installations.schema.ts";

const MSG = {
  postal: "No se encontraron servicios para ese código postal",
  city: "Actualmente, nuestro servicio no está disponible en esta ciudad.",
  incomplete: "Existen complementos con configuración incompleta",
};

type Option = {
  id: number;
  attribute: string;
  value_string: string;
  province_code: string | null;
  price: number | null;
  prices: Record<string, number> | null;
  budget: boolean;
};

/**
 * The installation service (issue 11, spec 3, 4, 7, 8, 9): the facility options in the
 * database, where the customer lives (postal code or town, offline), the wizard's price re-made
 * by the cart on the server, the quotation requests of quote-only cities, and the installation
 * page's table from the same data.
 */
describeEachDb("installation service (/api/installations/v1)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let options: Option[];
  let tray: { slug: string; selection: Record<string, unknown> };
  const city = (name: string) => options.find((o) => o.attribute === "city" && o.value_string === name)!;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url }, ssr: true });
    const res = await shop.app.inject({ url: "/api/installations/v1/prices/web_list/?store=ESDB" });
    expect(res.statusCode, res.body).toBe(200);
    options = res.json().results;
    // The best-selling resin tray, in a variant that is in stock.
    const es = await shop.services.stores.byLanguage("es");
    const ctx = contextFor(es);
    const [{ slug }] = (
      (await shop.database.db.execute(
        sql`SELECT t.slug FROM products p JOIN product_translations t ON t.product_id = p.id AND t.language = 'es' WHERE p.ref = 'PD-RE-001'`,
      )) as unknown as { rows: { slug: string }[] }
    ).rows;
    const product = (await shop.services.catalog.productBySlug(ctx, slug))!;
    const attrs = (await shop.services.catalog.productAttributes(ctx, slug))!;
    const variant = product.variants.find((v) => v.stock >= 5)!;
    const opts: Record<string, number> = {};
    for (const a of attrs) {
      const o = a.options.find((x) => variant.options.includes(x.id));
      if (o) opts[a.id] = o.id;
    }
    tray = { slug, selection: { quantity: 1, options: opts, ranges: {}, texts: {}, complements: {} } };
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const get = (url: string) => shop.app.inject({ url });

  describe("facility options (prices/web_list)", () => {
    it("lists about 40 provinces with their prices by distance, disassembly and pre-measurement (spec 9)", async () => {
      const cities = options.filter((o) => o.attribute === "city");
      expect(cities.length).toBeGreaterThanOrEqual(38);
      expect(cities.length).toBeLessThanOrEqual(45);
      for (const [name, near, far] of [
        ["Madrid", 8000, 10500],
        ["Córdoba", 8000, 10500],
        ["Granada", 8000, 10500],
        ["A Coruña", 8000, 10500],
        ["Baleares", 16000, 20000],
        ["Zaragoza", 11500, 15000],
        ["Valladolid", 12100, 15125],
      ] as const) {
        expect(city(name).prices, name).toEqual({ "500": near, "520": far });
      }
      // Most others: 9000/11500 or 10000/12500.
      const common = cities.filter((c) => ["9000/11500", "10000/12500"].includes(`${c.prices?.["500"]}/${c.prices?.["520"]}`));
      expect(common.length).toBeGreaterThan(cities.length / 2);
      expect(city("Girona")).toMatchObject({ budget: true, prices: null, province_code: "17" });
      expect(options.find((o) => o.attribute === "disassembly")?.price).toBe(5000);
      expect(options.find((o) => o.attribute === "premeasure")?.prices).toEqual({ "500": 2500, "520": 4500 });
    });

    it("has none in the French store (no installation service there)", async () => {
      const res = await get("/api/installations/v1/prices/web_list/?store=FRDB");
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([]);
    });
  });

  describe("where the customer lives (places/search)", () => {
    it("a postal code gives its province; the distance is asked", async () => {
      const res = await get("/api/installations/v1/places/search/?q=28013");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().results).toEqual([
        {
          name: null,
          postal_code: "28013",
          province: "Madrid",
          province_code: "28",
          km: null,
          distance: null,
          city: { id: city("Madrid").id, name: "Madrid", budget: false },
        },
      ]);
    });

    it("a known town gives its distance band from the provincial capital", async () => {
      const near = (await get("/api/installations/v1/places/search/?q=Alcobendas")).json().results[0];
      expect(near).toMatchObject({ name: "Alcobendas", province_code: "28", distance: 500 });
      expect(near.km).toBeGreaterThan(10);
      expect(near.km).toBeLessThanOrEqual(30);
      const far = (await get(`/api/installations/v1/places/search/?q=${encodeURIComponent("aranjuez")}`)).json().results[0];
      expect(far).toMatchObject({ name: "Aranjuez", postal_code: "28300", distance: 520, city: { name: "Madrid" } });
      expect(far.km).toBeGreaterThan(30);
      expect(far.km).toBeLessThanOrEqual(50);
      // A postal code of a town in the list is that town.
      expect((await get("/api/installations/v1/places/search/?q=28300")).json().results[0]).toMatchObject({ name: "Aranjuez", distance: 520 });
      // Accents and case do not matter; a quote-only province is found, flagged budget.
      expect((await get("/api/installations/v1/places/search/?q=FIGUERES")).json().results[0]).toMatchObject({ city: { name: "Girona", budget: true } });
    });

    it("answers the spec's messages where there is no service", async () => {
      for (const q of ["35001", "38001", "51001", "99999"]) {
        const res = await get(`/api/installations/v1/places/search/?q=${q}`);
        expect(res.statusCode, q).toBe(404);
        expect(res.json().error, q).toEqual({ code: "installation.postal_code_no_service", message: MSG.postal });
      }
      for (const q of ["Telde", "Buitrago del Lozoya", "Soria"]) {
        const res = await get(`/api/installations/v1/places/search/?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, q).toBe(404);
        expect(res.json().error, q).toEqual({ code: "installation.city_no_service", message: MSG.city });
      }
      const unknown = await get("/api/installations/v1/places/search/?q=Villarriba%20del%20Ebro");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe("installation.place_not_found");
    });

    it("refuses bad input with a 400 in the request's language, and the French store with a 404", async () => {
      for (const q of ["1", "2800", "x", "a1b2"]) {
        const res = await get(`/api/installations/v1/places/search/?q=${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error.message).toBe("Escribe un código postal de 5 dígitos o el nombre de tu población");
      }
      expect((await get(`/api/installations/v1/places/search/?q=${"a".repeat(101)}`)).statusCode).toBe(400);
      expect((await get("/api/installations/v1/places/search/?store=FRDB&q=28001")).statusCode).toBe(404);
    });
  });

  describe("the wizard's price in the cart (re-made on the server)", () => {
    const withService = (facility: Record<string, unknown> | null, q = 1, pair = true) => ({
      ...tray.selection,
      quantity: q,
      complements: {
        ...(pair ? { "installation-complement": { quantity: q, options: {}, ranges: {} } } : {}),
        ...(facility ? { facility: { quantity: q, options: {}, ranges: {}, facility } } : {}),
      },
    });
    const add = (selection: unknown) =>
      shop.app.inject({ method: "POST", url: "/api/cart/v1/cart-rows/?store=ESDB", payload: { product: tray.slug, selection } });

    it("Madrid at 30-50 km with disassembly and pre-measurement: (2000 + 10500 + 5000 + 4500) x 1.21, each part rounded", async () => {
      const res = await add(withService({ disassembly: true, premeasure: true, city_id: city("Madrid").id, distance: 520 }));
      expect(res.statusCode, res.body).toBe(201);
      const row = res.json().row;
      const services = row.lines.filter((l: { kind: string }) => l.kind === "service");
      expect(services.map((l: { id: string; unit: number; quantity: number }) => [l.id, l.unit, l.quantity])).toEqual([
        ["installation-complement", 2420, 1],
        ["facility", 12_705 + 6050 + 5445, 1],
      ]);
      expect(services.reduce((s: number, l: { total: number }) => s + l.total, 0)).toBe(26_620);
      expect(26_620).toBe(Math.round(2000 * 1.21) + Math.round(10_500 * 1.21) + Math.round(5000 * 1.21) + Math.round(4500 * 1.21));
      expect(services[1].name).toBe("Instalación en Madrid (De 30 a 50 km de la capital de provincia)");
      // Its parts go with the line.
      const summary = row.summary.map((x: { label: string; value: string }) => ({ ...x, value: x.value.replace(/\s/g, " ") }));
      expect(summary).toEqual(
        expect.arrayContaining([
          { label: "Instalación", value: "127,05 €" },
          { label: "Desmontaje", value: "60,50 €" },
          { label: "Medición previa", value: "54,45 €" },
        ]),
      );
    });

    it("follows the product quantity and prices without the options not chosen", async () => {
      const res = await add(withService({ disassembly: false, premeasure: false, city_id: city("Baleares").id, distance: 500 }, 2));
      expect(res.statusCode, res.body).toBe(201);
      const facility = res.json().row.lines.find((l: { id: string }) => l.id === "facility");
      expect([facility.unit, facility.quantity, facility.total]).toEqual([19_360, 2, 38_720]);
    });

    it("refuses a quote-only city, an unknown city, a distance without price and half a service", async () => {
      const budget = await add(withService({ disassembly: false, premeasure: false, city_id: city("Girona").id, distance: 500 }));
      expect(budget.statusCode).toBe(422);
      expect(budget.json().error.details.messages.join(" ")).toMatch(/solo bajo presupuesto/);
      const unknown = await add(withService({ disassembly: false, premeasure: false, city_id: 999_999, distance: 500 }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error.details.messages).toContain(MSG.city);
      const bare = await add(withService(null));
      expect(bare.statusCode).toBe(422);
      expect(bare.json().error.message).toBe(MSG.incomplete);
      const alone = await add(withService({ disassembly: false, premeasure: false, city_id: city("Madrid").id, distance: 500 }, 1, false));
      expect(alone.statusCode).toBe(422);
      expect(alone.json().error.message).toBe(MSG.incomplete);
      const noAnswers = await add({
        ...withService(null),
        complements: { "installation-complement": { quantity: 1, options: {}, ranges: {} }, facility: { quantity: 1, options: {}, ranges: {} } },
      });
      expect(noAnswers.statusCode).toBe(422);
      // A distance outside the two bands is bad input.
      expect((await add(withService({ disassembly: false, premeasure: false, city_id: city("Madrid").id, distance: 510 }))).statusCode).toBe(400);
    });
  });

  describe("quotation requests (quote-only cities)", () => {
    const body = (extra: Record<string, unknown> = {}) => ({
      name: "Jordi Puig",
      email: "jordi.puig@example.es",
      phone: "+34 600 123 456",
      city_id: city("Girona").id,
      postal_code: "17600",
      town: "Figueres",
      message: "Cambio de bañera por plato en un segundo piso sin ascensor.",
      disassembly: true,
      premeasure: false,
      product: tray.slug,
      privacy: true,
      ...extra,
    });
    const post = (payload: unknown) =>
      shop.app.inject({ method: "POST", url: "/api/installations/v1/quotations/?store=ESDB", payload: payload as never, remoteAddress: "10.1.2.3" });

    it("stores the request and confirms it by email", async () => {
      const res = await post(body());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toContain("jordi.puig@example.es");
      const [row] = await shop.database.db.select().from(installationQuoteRequests).where(eq(installationQuoteRequests.id, res.json().id));
      expect(row).toMatchObject({ name: "Jordi Puig", postalCode: "17600", town: "Figueres", disassembly: true, status: "open", language: "es" });
      expect(row.productId).not.toBeNull();
      const mail = await smtp.last("jordi.puig@example.es", /presupuesto de instalación/);
      expect(mail.text).toContain("Girona");
      expect(mail.text).toContain(`IQ-${row.id}`);
    });

    it("refuses a city with a fixed price (409), missing privacy or bad fields (400), and throttles per address (429)", async () => {
      const fixed = await post(body({ city_id: city("Madrid").id }));
      expect(fixed.statusCode).toBe(409);
      const noPrivacy = await post(body({ privacy: undefined }));
      expect(noPrivacy.statusCode).toBe(400);
      expect(noPrivacy.json().error.message).toBe("Debes aceptar la política de privacidad");
      const badEmail = await post(body({ email: "no-es-un-email" }));
      expect(badEmail.json().error.details.fieldErrors.email).toBe("Introduce un email válido");
      const badPhone = await post(body({ phone: "12" }));
      expect(badPhone.json().error.details.fieldErrors.phone).toBe("Introduce un número de teléfono correcto");
      expect((await post(body({ postal_code: "1760" }))).statusCode).toBe(400);
      expect((await post(body({ message: "x".repeat(1001) }))).statusCode).toBe(400);
      const broken = await shop.app.inject({
        method: "POST",
        url: "/api/installations/v1/quotations/?store=ESDB",
        payload: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(broken.statusCode).toBe(400);

      shop.services.formThrottle.setLimits({ "quote:ip": { limit: 2, windowS: 3600 } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          const r = await shop.app.inject({ method: "POST", url: "/api/installations/v1/quotations/?store=ESDB", payload: body(), remoteAddress: "10.9.9.9" });
          statuses.push(r.statusCode);
          if (r.statusCode === 429) expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
        }
        expect(statuses).toEqual([201, 201, 429]);
      } finally {
        shop.services.formThrottle.reset();
      }
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const before = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(installationQuoteRequests);
      const res = await post(body({ website: "http://spam.example" }));
      expect(res.statusCode).toBe(201);
      const after = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(installationQuoteRequests);
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe("the installation page", () => {
    it("shows the price table from the database; the French store has no such page", async () => {
      const res = await get("/servicio-de-instalacion");
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const cities = options.filter((o) => o.attribute === "city");
      // The table's rows, as the page shows them (cells without their classes, spaces normalised).
      const cells = [...html.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1].replace(/\s/g, " "));
      for (const c of cities) expect(cells, c.value_string).toContain(c.value_string);
      const row = (name: string) => cells.slice(cells.indexOf(name), cells.indexOf(name) + 3);
      // VAT included, as the wizard shows it: 12100 and 15125 cents x 1.21.
      expect(row("Valladolid")).toEqual(["Valladolid", "146,41 €", "183,01 €"]);
      expect(row("Madrid")).toEqual(["Madrid", "96,80 €", "127,05 €"]);
      expect(row("Girona")).toEqual(["Girona", "Solo bajo presupuesto", "Solo bajo presupuesto"]);
      // The fees come from the same rows: a price changed in the database shows at once (after the options' cache).
      const fee = (name: string) => cells.slice(cells.indexOf(name), cells.indexOf(name) + 2);
      expect(fee("Desmontaje y retirada del producto antiguo")).toEqual(["Desmontaje y retirada del producto antiguo", "50,00 € + IVA (60,50 €)"]);
      await shop.database.db.execute(sql`UPDATE facility_options SET price = 5500 WHERE attribute = 'disassembly'`);
      shop.services.installations.clear();
      try {
        const again = (await get("/servicio-de-instalacion")).body;
        expect(again.replace(/\s/g, " ")).toContain("55,00 € + IVA (66,55 €)");
      } finally {
        await shop.database.db.execute(sql`UPDATE facility_options SET price = 5000 WHERE attribute = 'disassembly'`);
        shop.services.installations.clear();
      }
      expect((await get("/fr/servicio-de-instalacion")).statusCode).toBe(404);
    });
  });
});
