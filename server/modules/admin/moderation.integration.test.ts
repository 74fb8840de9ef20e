import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relaxThrottling } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { heldReason } from "../reviews/reviews.service.ts";

/**
 * Back office moderation (issue 38): reviews hidden, published and replied to (the reply shows
 * under the review in the public list); questions answered or rejected (moved from the old
 * staff calls of /api/reviews/v1/questions/); installation quote requests replied with a price.
 */
describeEachDb("back office: moderation", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let support: TestStaff;
  let warehouse: TestStaff;
  let product: { id: number; slug: string };
  let esdb: number;
  const q = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const as = (s: TestStaff, method: string, url: string, payload?: unknown) =>
    shop.app.inject({ method: method as "GET", url, headers: s.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const publicReviews = async () => (await shop.app.inject({ url: `/api/reviews/v1/reviews/?product=${product.slug}&page_size=50` })).json();

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    support = await createStaff(shop, "support");
    warehouse = await createStaff(shop, "warehouse");
    esdb = (await q<{ id: number }>(sql`SELECT id FROM stores WHERE source_code = 'ESDB'`))[0].id;
    [product] = await q<{ id: number; slug: string }>(sql`
      SELECT p.id, t.slug FROM products p JOIN product_translations t ON t.product_id = p.id AND t.language = 'es'
      WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id) AND p.ref LIKE 'MA-%' ORDER BY p.id LIMIT 1`);
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("holds reviews with links or contact details, never for their rating", () => {
    expect(heldReason("Muy buen plato de ducha, fácil de montar.")).toBeNull();
    expect(heldReason("Horrible, se rompió a la semana. 1 estrella.")).toBeNull();
    expect(heldReason("Compra más barato en https://otra-tienda.example")).toBe("link");
    expect(heldReason("visita www.ofertas.com")).toBe("link");
    expect(heldReason("Escribidme a pepe@example.es")).toBe("contact");
    expect(heldReason("Llamad al 612 345 678 para instalarlo")).toBe("contact");
    expect(heldReason("Medidas 80x120 cm, 2 piezas")).toBeNull();
  });

  describe("reviews", () => {
    let shown: number;
    let held: number;
    beforeAll(async () => {
      [{ id: shown }] = await q<{ id: number }>(sql`
        INSERT INTO reviews (product_id, store_id, language, author_name, rating, body, verified)
        VALUES (${product.id}, ${esdb}, 'es', 'Marta', 2, 'Llegó con un golpe en la esquina.', true) RETURNING id`);
      [{ id: held }] = await q<{ id: number }>(sql`
        INSERT INTO reviews (product_id, store_id, language, author_name, rating, body, verified, published, held_reason)
        VALUES (${product.id}, ${esdb}, 'es', 'Luis', 5, 'Mirad www.spam.example', true, false, 'link') RETURNING id`);
      await shop.services.catalog.catalogChanged();
    });

    it("lists reviews by status, rating and product", async () => {
      const pending = await as(support, "GET", `/api/admin/v1/moderation/reviews/?status=pending&product=${product.id}`);
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json().results).toEqual([expect.objectContaining({ id: held, status: "pending", held_reason: "link", product_id: product.id })]);
      const twoStars = (await as(support, "GET", `/api/admin/v1/moderation/reviews/?rating=2&product=${product.id}`)).json().results;
      expect(twoStars.map((r: { id: number }) => r.id)).toEqual([shown]);
      expect((await as(support, "GET", "/api/admin/v1/moderation/reviews/?status=gone")).statusCode).toBe(400);
      expect((await publicReviews()).results.map((r: { id: number }) => r.id)).toEqual([shown]);
    });

    it("hides a review (it leaves the public list and the rating), publishes one, and replies publicly", async () => {
      const hide = await as(support, "PUT", `/api/admin/v1/moderation/reviews/${shown}/status/`, { status: "hidden" });
      expect(hide.statusCode, hide.body).toBe(200);
      expect(hide.json()).toEqual({ id: shown, status: "hidden" });
      let page = await publicReviews();
      expect(page.results).toEqual([]);
      expect(page.stats.count).toBe(0);
      const [rating] = await q<{ n: number }>(sql`SELECT rating_count AS n FROM products WHERE id = ${product.id}`).catch(() => [{ n: 0 }]);
      expect(rating.n).toBe(0);
      const [entry] = await auditEntries(shop, { action: "review.hide" });
      expect(entry).toMatchObject({ entityId: String(shown), before: { status: "published" }, after: { status: "hidden" } });

      expect((await as(support, "PUT", `/api/admin/v1/moderation/reviews/${held}/status/`, { status: "published" })).statusCode).toBe(200);
      expect((await as(support, "PUT", `/api/admin/v1/moderation/reviews/${shown}/status/`, { status: "published" })).statusCode).toBe(200);
      const reply = await as(support, "PUT", `/api/admin/v1/moderation/reviews/${shown}/reply/`, {
        reply: "Sentimos el golpe: te hemos enviado una pieza nueva.",
      });
      expect(reply.statusCode, reply.body).toBe(200);
      page = await publicReviews();
      expect(page.results.map((r: { id: number }) => r.id).sort()).toEqual([shown, held].sort());
      expect(page.results.find((r: { id: number }) => r.id === shown)).toMatchObject({ reply: "Sentimos el golpe: te hemos enviado una pieza nueva." });
      expect((await auditEntries(shop, { action: "review.reply" }))[0]).toMatchObject({ entityId: String(shown), before: { reply: null } });

      // Removing the reply; unknown review; bad input.
      expect((await as(support, "PUT", `/api/admin/v1/moderation/reviews/${shown}/reply/`, { reply: null })).statusCode).toBe(200);
      expect((await publicReviews()).results.find((r: { id: number }) => r.id === shown).reply).toBeNull();
      expect((await as(support, "PUT", "/api/admin/v1/moderation/reviews/99999999/status/", { status: "hidden" })).statusCode).toBe(404);
      expect((await as(support, "PUT", `/api/admin/v1/moderation/reviews/${shown}/reply/`, { reply: "" })).statusCode).toBe(400);
      expect((await as(support, "PUT", `/api/admin/v1/moderation/reviews/${shown}/status/`, { status: "hidden", extra: 1 })).statusCode).toBe(400);
    });
  });

  describe("questions", () => {
    const ask = async (question: string, email: string) => {
      const res = await shop.app.inject({
        method: "POST",
        url: "/api/reviews/v1/questions/?store=ESDB",
        payload: { product: product.slug, name: "Lucía Fernández", email, question, privacy: true },
        remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const webList = async () =>
      (await shop.app.inject({ url: `/api/reviews/v1/questions/web-list/?product=${product.slug}` })).json().results.map((x: { id: number }) => x.id);

    it("answers a question (published, mailed) and rejects another (never published); the old staff paths are gone", async () => {
      const good = await ask("¿Qué medidas tiene el mueble con lavabo?", "lucia.m@example.es");
      const spam = await ask("Compra seguidores baratos en nuestra web", "spam@example.es");
      const pending = await as(support, "GET", "/api/admin/v1/moderation/questions/?status=pending&limit=200");
      expect(pending.statusCode, pending.body).toBe(200);
      expect(pending.json().results.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([good, spam]));

      const answer = await as(support, "POST", `/api/admin/v1/moderation/questions/${good}/answer/`, { answer: "Mide 80 cm de ancho y 46 de fondo." });
      expect(answer.statusCode, answer.body).toBe(200);
      expect((await smtp.last("lucia.m@example.es", /Respuesta a tu pregunta/)).text).toContain("Mide 80 cm de ancho");
      expect(await webList()).toContain(good);

      const reject = await as(support, "POST", `/api/admin/v1/moderation/questions/${spam}/reject/`, {});
      expect(reject.statusCode, reject.body).toBe(200);
      expect(await webList()).not.toContain(spam);
      const rejected = (await as(support, "GET", "/api/admin/v1/moderation/questions/?status=rejected&limit=200")).json().results;
      expect(rejected.map((x: { id: number }) => x.id)).toContain(spam);
      expect(
        (await as(support, "GET", "/api/admin/v1/moderation/questions/?status=pending&limit=200")).json().results.map((x: { id: number }) => x.id),
      ).not.toContain(spam);
      // An answered question rejected later leaves the product page.
      expect((await as(support, "POST", `/api/admin/v1/moderation/questions/${good}/reject/`, {})).statusCode).toBe(200);
      expect(await webList()).not.toContain(good);
      expect((await auditEntries(shop, { action: "question.reject" }))[0]).toMatchObject({ entityId: String(good), before: { answered: true } });
      expect((await auditEntries(shop, { action: "question.answer" }))[0]).toMatchObject({ entityId: String(good) });

      expect((await as(support, "POST", "/api/admin/v1/moderation/questions/99999999/answer/", { answer: "Hola" })).statusCode).toBe(404);
      expect((await as(support, "POST", `/api/admin/v1/moderation/questions/${good}/answer/`, { answer: "" })).statusCode).toBe(400);
      // The staff calls left /api/reviews/v1/questions/ (the public form and list stay).
      expect((await shop.app.inject({ url: "/api/reviews/v1/questions/", headers: support.headers })).statusCode).toBe(404);
      expect((await shop.app.inject({ method: "POST", url: `/api/reviews/v1/questions/${good}/answer/`, payload: { answer: "x" } })).statusCode).toBe(404);
    });
  });

  describe("installation quote requests", () => {
    it("lists requests and replies with a price by mail", async () => {
      const [city] = await q<{ id: number }>(sql`SELECT id FROM facility_options WHERE budget AND store_id = ${esdb} LIMIT 1`);
      const [{ id }] = await q<{ id: number }>(sql`
        INSERT INTO installation_quote_requests (store_id, language, facility_option_id, name, email, phone, town, message)
        VALUES (${esdb}, 'es', ${city?.id ?? null}, 'Jordi Puig', 'jordi@example.es', '612000111', 'Figueres', 'Cambiar bañera por plato') RETURNING id`);
      const list = await as(support, "GET", "/api/admin/v1/moderation/quote-requests/?status=open&limit=200");
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results.find((r: { id: number }) => r.id === id)).toMatchObject({ reference: `IQ-${id}`, town: "Figueres", status: "open" });

      const reply = await as(support, "POST", `/api/admin/v1/moderation/quote-requests/${id}/reply/`, {
        price_cents: 123450,
        message: "Incluye la retirada de la bañera.",
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expect(reply.json()).toEqual({ id, status: "answered", mailed: true });
      const mail = await smtp.last("jordi@example.es", new RegExp(`IQ-${id}`));
      expect(mail.text).toMatch(/1\.?234,50\s€/);
      expect(mail.text).toContain("Incluye la retirada de la bañera.");
      expect((await auditEntries(shop, { action: "installation_quote.reply" }))[0]).toMatchObject({
        entityId: String(id),
        before: { status: "open" },
        after: { status: "answered", quoted_cents: 123450 },
      });
      expect((await as(support, "POST", `/api/admin/v1/moderation/quote-requests/${id}/reply/`, { price_cents: -1 })).statusCode).toBe(400);
      expect((await as(support, "POST", "/api/admin/v1/moderation/quote-requests/99999999/reply/", { price_cents: 100 })).statusCode).toBe(404);
    });
  });

  it("refuses every moderation route to a role without moderation.write (warehouse)", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/v1/moderation/reviews/"],
      ["PUT", "/api/admin/v1/moderation/reviews/1/status/", { status: "hidden" }],
      ["PUT", "/api/admin/v1/moderation/reviews/1/reply/", { reply: "x" }],
      ["GET", "/api/admin/v1/moderation/questions/"],
      ["POST", "/api/admin/v1/moderation/questions/1/answer/", { answer: "hola" }],
      ["POST", "/api/admin/v1/moderation/questions/1/reject/", {}],
      ["GET", "/api/admin/v1/moderation/quote-requests/"],
      ["POST", "/api/admin/v1/moderation/quote-requests/1/reply/", { price_cents: 100 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await as(warehouse, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    const coordinator = await createStaff(shop, "installer_coordinator");
    expect((await as(coordinator, "GET", "/api/admin/v1/moderation/quote-requests/")).statusCode).toBe(200);
  });
});
