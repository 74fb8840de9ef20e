import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, relaxThrottling, type TestUser } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { holdCalls } from "../../test/held-call.ts";
import { createStaff } from "../../test/staff.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { productPageData } from "../../../app/features/product/product-data.ts";
import { loadProductPage } from "../../../app/features/product/product.server.ts";

type Review = { id: number; author: string; rating: number; body: string; verified: boolean; language: string; created_at: string };

/**
 * Reviews and questions of the product page (issue 11, spec 3, 5, 7): the reviews a page at a
 * time with the real rating; questions asked (spam defences included), published once staff
 * answer them and mailed to the asker; reviews written by customers whose order was delivered.
 */
describeEachDb("reviews and questions (/api/reviews/v1)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let staff: { authorization: string };
  let alice: TestUser;
  let best: { id: number; slug: string; slugFr: string | null };
  let other: { id: number; slug: string };
  const q = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const get = (url: string, headers?: Record<string, string>) => shop.app.inject({ url, headers });

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url }, ssr: true });
    relaxThrottling(shop);
    staff = (await createStaff(shop, "support")).headers;
    alice = await createCustomer(shop, smtp, { name: "Alicia María" });
    [best] = await q<{ id: number; slug: string; slugFr: string | null }>(sql`
      SELECT p.id, es.slug, fr.slug AS "slugFr" FROM products p
      JOIN product_translations es ON es.product_id = p.id AND es.language = 'es'
      LEFT JOIN product_translations fr ON fr.product_id = p.id AND fr.language = 'fr'
      WHERE p.ref = 'PD-RE-001'`);
    // A product without reviews yet, sold in Spain.
    [other] = await q<{ id: number; slug: string }>(sql`
      SELECT p.id, t.slug FROM products p JOIN product_translations t ON t.product_id = p.id AND t.language = 'es'
      WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id) AND p.ref LIKE 'MA-%' ORDER BY p.id LIMIT 1`);
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  describe("reviews (GET reviews/)", () => {
    it("gives a page of reviews with the average and the count per star, and the card shows the same count", async () => {
      const res = await get(`/api/reviews/v1/reviews/?product=${best.slug}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.page_size).toBe(5);
      expect(page.results).toHaveLength(5);
      expect(page.total).toBeGreaterThanOrEqual(14);
      expect(page.pages).toBe(Math.ceil(page.total / 5));
      const { stats } = page;
      expect(stats.count).toBe(page.total);
      expect(Object.values(stats.distribution).reduce((s: number, n) => s + (n as number), 0)).toBe(stats.count);
      const sum = Object.entries(stats.distribution).reduce((s, [star, n]) => s + Number(star) * (n as number), 0);
      expect(stats.average).toBe(Math.round((sum / stats.count) * 10) / 10);
      // A critical one among them; reviews in Spanish and in French in the catalog.
      const langs = await q<{ language: string; n: number }>(sql`SELECT language, count(*)::int n FROM reviews GROUP BY 1 ORDER BY 1`);
      expect(langs.map((l) => l.language)).toEqual(["es", "fr"]);
      expect(langs.every((l) => l.n > 50)).toBe(true);
      expect(stats.distribution["1"] + stats.distribution["2"]).toBeGreaterThan(0);
      // The catalog's card and product carry the same, real, count.
      const card = (await get(`/api/catalog/v1/products/${best.slug}/retrieve_by_slug/`)).json();
      expect(card.rating.count).toBe(stats.count);
      expect(Math.round(card.rating.average * 10) / 10).toBe(stats.average);
    });

    it("paginates and sorts newest first or by rating", async () => {
      const all = await allReviews(best.slug);
      expect(all.length).toBeGreaterThan(10);
      expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
      const dates = all.map((r) => r.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const byRating = (await get(`/api/reviews/v1/reviews/?product=${best.id}&sort=rating_desc&page_size=50`)).json().results as Review[];
      expect(byRating.map((r) => r.rating)).toEqual([...byRating.map((r) => r.rating)].sort((a, b) => b - a));
      const worst = (await get(`/api/reviews/v1/reviews/?product=${best.id}&sort=rating_asc&page_size=50`)).json().results as Review[];
      expect(worst[0].rating).toBeLessThanOrEqual(2);
      const first = (await get(`/api/reviews/v1/reviews/?product=${best.id}`)).json();
      const beyond = (await get(`/api/reviews/v1/reviews/?product=${best.id}&page=99`)).json();
      expect(beyond.results).toEqual([]);
      // Past the end the count and the stars are still the product's (they came with the rows).
      expect(beyond.total).toBe(first.total);
      expect(beyond.stats).toEqual(first.stats);
      const [stored] = await q<{ n: number; five: number }>(
        sql`SELECT count(*)::int n, (count(*) FILTER (WHERE rating = 5))::int five FROM reviews WHERE product_id = ${best.id} AND published`,
      );
      expect([first.total, first.stats.distribution["5"]]).toEqual([stored.n, stored.five]);
      // Only first names are shown.
      for (const r of all) expect(r.author).not.toMatch(/\s/);
    });

    it("puts the reviews written in the store's language first, newest first within each language", async () => {
      // A product sold in both stores with reviews in both languages.
      const [both] = await q<{ id: number; fr: number }>(sql`
        SELECT product_id AS id, count(*) FILTER (WHERE language = 'fr')::int AS fr FROM reviews
        GROUP BY product_id HAVING count(*) FILTER (WHERE language = 'fr') > 0 AND count(*) FILTER (WHERE language = 'es') > 0
        ORDER BY count(*) DESC LIMIT 1`);
      for (const [store, first] of [
        ["ESDB", "es"],
        ["FRDB", "fr"],
      ] as const) {
        const list = (await get(`/api/reviews/v1/reviews/?store=${store}&product=${both.id}&page_size=50`)).json().results as Review[];
        const languages = list.map((r) => r.language);
        const firstOther = languages.findIndex((l) => l !== first);
        expect(firstOther, store).toBeGreaterThan(0);
        expect(
          languages.slice(firstOther).every((l) => l !== first),
          store,
        ).toBe(true);
        for (const lang of ["es", "fr"]) {
          const dates = list.filter((r) => r.language === lang).map((r) => r.created_at);
          expect([...dates].sort().reverse()).toEqual(dates);
        }
      }
    });

    it("every product's rating on the cards is the real count and average of its stored reviews", async () => {
      const wrong = await q(sql`
        SELECT p.ref FROM products p
        LEFT JOIN (SELECT product_id, count(*)::int n, round(avg(rating) * 100)::int a FROM reviews WHERE published GROUP BY product_id) r ON r.product_id = p.id
        WHERE p.rating_count <> COALESCE(r.n, 0) OR p.rating_avg <> COALESCE(r.a, 0)`);
      expect(wrong).toEqual([]);
      const listed = await q(sql`
        SELECT l.product_id FROM catalog_listing l JOIN products p ON p.id = l.product_id
        WHERE (l.rating_avg, l.rating_count) IS DISTINCT FROM (p.rating_avg, p.rating_count)`);
      expect(listed).toEqual([]);
      const [{ without }] = await q<{ without: number }>(sql`SELECT count(*)::int AS without FROM products WHERE rating_count = 0`);
      expect(without).toBeGreaterThan(0);
    });

    it("refuses bad input (400) and unknown products (404)", async () => {
      expect((await get(`/api/reviews/v1/reviews/?product=${best.slug}&sort=best`)).statusCode).toBe(400);
      expect((await get(`/api/reviews/v1/reviews/?product=${best.slug}&page=0`)).statusCode).toBe(400);
      expect((await get("/api/reviews/v1/reviews/?product=../x")).statusCode).toBe(400);
      expect((await get("/api/reviews/v1/reviews/?product=no-such-product")).statusCode).toBe(404);
      expect((await get("/api/reviews/v1/reviews/?product=999999")).statusCode).toBe(404);
      expect((await get("/api/reviews/v1/reviews/")).statusCode).toBe(400);
    });

    it("keeps a product's reviews and questions between publications; a publication on another copy (plain SQL) shows within seconds", async () => {
      // A product of its own (no reviews, no answered questions), not the one the later tests review.
      const [p] = await q<{ id: number; slug: string }>(sql`
        SELECT p.id, t.slug FROM products p JOIN product_translations t ON t.product_id = p.id AND t.language = 'es'
        WHERE NOT EXISTS (SELECT 1 FROM reviews r WHERE r.product_id = p.id) AND p.ref LIKE 'MA-%' AND p.id <> ${other.id}
        ORDER BY p.id DESC LIMIT 1`);
      const reviewsOf = async () => (await get(`/api/reviews/v1/reviews/?product=${p.slug}`)).json();
      const questionsOf = async () => (await get(`/api/reviews/v1/questions/web-list/?product=${p.slug}`)).json();
      expect((await reviewsOf()).total).toBe(0);
      expect((await questionsOf()).total).toBe(0);
      // Another copy of the shop (or plain SQL) publishes a review and answers a question: the
      // database's own triggers (migration 0027) tell every copy at commit, no signal by hand.
      await shop.database.db.execute(sql`
        INSERT INTO reviews (product_id, store_id, language, author_name, rating, body, verified)
        SELECT ${p.id}, id, 'es', 'Marta', 5, 'Llegó bien embalada y es muy fácil de limpiar.', true FROM stores WHERE source_code = 'ESDB'`);
      await shop.database.db.execute(sql`
        INSERT INTO product_questions (product_id, store_id, language, name, email, question, answer, answered_at, privacy_accepted_at)
        SELECT ${p.id}, id, 'es', 'Pedro', 'pedro@example.es', '¿Lleva el perfil de aluminio?', 'Sí, de serie.', now(), now() FROM stores WHERE source_code = 'ESDB'`);
      const end = Date.now() + 5_000;
      while (((await reviewsOf()).total === 0 || (await questionsOf()).total === 0) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect((await reviewsOf()).results.map((r: Review) => [r.author, r.rating])).toEqual([["Marta", 5]]);
      expect((await questionsOf()).results.map((x: { name: string; answer: string }) => [x.name, x.answer])).toEqual([["Pedro", "Sí, de serie."]]);
      const pageHtml = (await get(`/${p.slug}.html`)).body;
      expect(pageHtml).toContain("Llegó bien embalada");
      expect(pageHtml).toContain("Sí, de serie.");
    });
  });

  describe("questions", () => {
    const ask = (payload: Record<string, unknown>, ip = "10.0.0.1", query = "store=ESDB") =>
      shop.app.inject({ method: "POST", url: `/api/reviews/v1/questions/?${query}`, payload, remoteAddress: ip });
    const question = (extra: Record<string, unknown> = {}) => ({
      product: other.slug,
      name: "Lucía Fernández",
      email: "lucia.fernandez@example.es",
      phone: "612 345 678",
      question: "¿El cristal lleva tratamiento antical de serie? <b>Gracias</b>",
      privacy: true,
      ...extra,
    });

    it("stores a question unpublished; staff answer it, it is published and the asker gets the answer by email", async () => {
      const res = await ask(question());
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toMatch(/Publicaremos tu pregunta/);
      const id = res.json().id;
      const list = () => get(`/api/reviews/v1/questions/web-list/?product=${other.slug}`);
      expect((await list()).json().results.map((x: { id: number }) => x.id)).not.toContain(id);

      // Only staff answer (in the back office).
      const answer = { answer: "Es opcional: puedes añadir el tratamiento antical en el configurador." };
      const answerUrl = `/api/admin/v1/moderation/questions/${id}/answer/`;
      expect((await shop.app.inject({ method: "POST", url: answerUrl, payload: answer })).statusCode).toBe(401);
      expect((await shop.app.inject({ method: "POST", url: answerUrl, payload: answer, headers: alice.auth })).statusCode).toBe(401);
      const pending = await get("/api/admin/v1/moderation/questions/?status=pending", staff);
      expect(pending.json().results.map((x: { id: number }) => x.id)).toContain(id);
      const answered = await shop.app.inject({ method: "POST", url: answerUrl, payload: answer, headers: staff });
      expect(answered.statusCode, answered.body).toBe(200);

      const published = (await list()).json().results.find((x: { id: number }) => x.id === id);
      // The count comes with the page; past the end it is still the count of the product's answered questions.
      const [answeredCount] = await q<{ n: number }>(sql`
        SELECT count(*)::int n FROM product_questions q JOIN stores s ON s.id = q.store_id
        WHERE q.product_id = ${other.id} AND s.source_code = 'ESDB' AND q.answer IS NOT NULL`);
      expect((await list()).json().total).toBe(answeredCount.n);
      const past = (await get(`/api/reviews/v1/questions/web-list/?product=${other.slug}&page=9`)).json();
      expect([past.results, past.total]).toEqual([[], answeredCount.n]);
      // Stored and answered as text: the markup is the asker's words, not HTML; the asker's first name only.
      expect(published).toMatchObject({ name: "Lucía", question: question().question, answer: answer.answer });
      const mail = await smtp.last("lucia.fernandez@example.es", /Respuesta a tu pregunta/);
      expect(mail.text).toContain(answer.answer);
      expect(mail.html).toContain("&lt;b&gt;Gracias&lt;/b&gt;");
      expect(mail.html).not.toContain("<b>Gracias</b>");

      // The product page shows it, escaped.
      const page = await get(`/${other.slug}.html`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("&lt;b&gt;Gracias&lt;/b&gt;");
      expect(page.body).not.toContain("<b>Gracias</b>");

      // Questions belong to the store they were asked in.
      const fr = await q<{ slug: string }>(sql`SELECT slug FROM product_translations WHERE product_id = ${other.id} AND language = 'fr'`);
      const frList = fr[0] ? await get(`/api/reviews/v1/questions/web-list/?store=FRDB&product=${fr[0].slug}`) : null;
      if (frList?.statusCode === 200) expect(frList.json().results.map((x: { id: number }) => x.id)).not.toContain(id);
      expect(
        (await shop.app.inject({ method: "POST", url: "/api/admin/v1/moderation/questions/999999/answer/", payload: answer, headers: staff })).statusCode,
      ).toBe(404);
    });

    it("requires the privacy acceptance and checks every field, with messages in the request's language", async () => {
      const noPrivacy = await ask(question({ privacy: undefined }));
      expect(noPrivacy.statusCode).toBe(400);
      expect(noPrivacy.json().error.message).toBe("Debes aceptar la política de privacidad");
      const fields = (await ask(question({ name: "", email: "lucia@", phone: "123", question: "¿Sí?" }))).json().error.details.fieldErrors;
      expect(fields).toEqual({
        name: "El nombre es obligatorio",
        email: "Introduce un email válido",
        phone: "Introduce un número de teléfono correcto",
        question: "Escribe al menos 10 caracteres",
      });
      expect((await ask(question({ question: "x".repeat(1001) }))).json().error.details.fieldErrors.question).toBe("Máximo 1000 caracteres");
      expect((await ask(question({ name: "Ana\u0000" }))).statusCode).toBe(400);
      // The phone is optional.
      expect((await ask(question({ phone: undefined }), "10.0.0.2")).statusCode).toBe(201);
      const fr = await ask(question({ privacy: false, phone: "06 12 34 56 78" }), "10.0.0.3", "store=FRDB");
      expect(fr.statusCode).toBe(400);
      expect(fr.json().error.message).toBe("Vous devez accepter la politique de confidentialité");
      expect((await ask(question({ product: "no-such-product" }), "10.0.0.4")).statusCode).toBe(404);
    });

    it("answers a filled honeypot like a success and stores nothing; throttles per address", async () => {
      const count = async () => (await q<{ n: number }>(sql`SELECT count(*)::int n FROM product_questions`))[0].n;
      const before = await count();
      const bot = await ask(question({ website: "https://casino.example" }), "10.0.0.9");
      expect(bot.statusCode).toBe(201);
      expect(await count()).toBe(before);

      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const r = await ask(question(), "10.0.0.77");
        statuses.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(Number(r.headers["retry-after"])).toBeGreaterThan(0);
          expect(r.json().error.message).toBe("Has enviado varias preguntas seguidas. Espera un rato e inténtalo de nuevo");
        }
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
      // Another address is not affected.
      expect((await ask(question(), "10.0.0.78")).statusCode).toBe(201);
    });
  });

  describe("writing a review (customers with a delivered order)", () => {
    const write = (payload: Record<string, unknown>, headers: Record<string, string> = alice.auth) =>
      shop.app.inject({ method: "POST", url: "/api/reviews/v1/reviews/?store=ESDB", payload, headers });

    it("refuses anyone without a delivered order of the product, then publishes a verified review once", async () => {
      const payload = { product: other.slug, rating: 4, body: "Buena mampara, el montaje nos llevó una tarde." };
      expect((await shop.app.inject({ method: "POST", url: "/api/reviews/v1/reviews/", payload })).statusCode).toBe(401);
      // Read (and kept) before the review: the publication must show on the next read.
      expect((await get(`/api/reviews/v1/reviews/?product=${other.slug}`)).json().stats.count).toBe(0);
      const refused = await write(payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe("Solo pueden opinar los clientes que han recibido este producto");

      // An order of hers with the product, shipped: not yet.
      const [order] = await q<{ id: number }>(
        sql`INSERT INTO orders (store_id, status, order_number, user_id) SELECT id, 650, 'ESTEST1', ${alice.id} FROM stores WHERE source_code = 'ESDB' RETURNING id`,
      );
      const [pkg] = await q<{ id: number }>(sql`INSERT INTO sub_orders (order_id, package, status) VALUES (${order.id}, 1, 600) RETURNING id`);
      await shop.database.db.execute(sql`
        INSERT INTO order_rows (order_id, product_id, selection, lines, summary, quantity, name, ref, product_slug, product_ref, product_type, unit_pvp, shipping_amount, sub_order_id)
        VALUES (${order.id}, ${other.id}, '{}', '[]', '[]', 1, 'x', 'x', ${other.slug}, 'x', 'shower_screen_frontal', 10000, 0, ${pkg.id})`);
      expect((await write(payload)).statusCode).toBe(403);

      // Delivered (package status 700): she may; another customer may not (the order is hers).
      await shop.database.db.execute(sql`UPDATE sub_orders SET status = 700 WHERE id = ${pkg.id}`);
      const bob = await createCustomer(shop, smtp, { name: "Roberto" });
      const bobs = await write(payload, bob.auth);
      expect(bobs.statusCode).toBe(403);
      expect(bobs.json().error.message).toBe("Solo pueden opinar los clientes que han recibido este producto");
      const ok = await write(payload);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json().review).toMatchObject({ author: "Alicia", rating: 4, verified: true, language: "es", body: payload.body });
      const again = await write({ ...payload, rating: 1 });
      expect(again.statusCode).toBe(409);

      // The product's rating follows at once, on the API and on the cards.
      const reviews = (await get(`/api/reviews/v1/reviews/?product=${other.slug}`)).json();
      expect(reviews.stats).toMatchObject({ count: 1, average: 4 });
      const card = (await get(`/api/catalog/v1/products/${other.slug}/retrieve_by_slug/`)).json();
      expect(card.rating).toEqual({ average: 4, count: 1 });
    });

    it("checks the rating and the text", async () => {
      const bad = await write({ product: other.slug, rating: 6, body: "Demasiado bueno para ser verdad." });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe("Elige una valoración de 1 a 5 estrellas");
      expect((await write({ product: other.slug, rating: 5, body: "Bien" })).json().error.details.fieldErrors.body).toBe("Escribe al menos 10 caracteres");
      expect((await write({ product: "no-such-product", rating: 5, body: "Muy buen producto, recomendable." })).statusCode).toBe(404);
    });
  });

  describe("the product page", () => {
    it("shows the average, the stars, the reviews with 'Compra verificada', and JSON-LD from the stored reviews", async () => {
      const res = await get(`/${best.slug}.html`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      const page = (await get(`/api/reviews/v1/reviews/?product=${best.slug}`)).json();
      expect(html).toContain("Opiniones de clientes");
      expect(html).toContain("Compra verificada");
      expect(html).toContain(`${page.stats.count} opiniones`);
      for (const r of page.results as Review[]) expect(html).toContain(r.author);
      const ld = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      const product = ld.find((j) => j["@type"] === "Product");
      expect(product.aggregateRating).toMatchObject({ "@type": "AggregateRating", reviewCount: page.stats.count, bestRating: 5 });
      expect(product.review).toHaveLength(5);
      expect(product.review[0]).toMatchObject({ "@type": "Review", reviewBody: page.results[0].body, reviewRating: { ratingValue: page.results[0].rating } });
      // Pages and orders without JavaScript: plain links.
      expect(html).toContain("?opiniones=2#opiniones");
      const second = await get(`/${best.slug}.html?opiniones=2&orden=rating_asc`);
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain("Página 2 de");
    });

    it("lets a customer with a delivered order review from the page; another customer gets the reason, not the form", async () => {
      const carla = await createCustomer(shop, smtp, { name: "Carla Ruiz" });
      const dani = await createCustomer(shop, smtp, { name: "Daniel" });
      const [order] = await q<{ id: number }>(
        sql`INSERT INTO orders (store_id, status, order_number, user_id) SELECT id, 650, 'ESTEST2', ${carla.id} FROM stores WHERE source_code = 'ESDB' RETURNING id`,
      );
      const [pkg] = await q<{ id: number }>(sql`INSERT INTO sub_orders (order_id, package, status) VALUES (${order.id}, 1, 700) RETURNING id`);
      await shop.database.db.execute(sql`
        INSERT INTO order_rows (order_id, product_id, selection, lines, summary, quantity, name, ref, product_slug, product_ref, product_type, unit_pvp, shipping_amount, sub_order_id)
        VALUES (${order.id}, ${best.id}, '{}', '[]', '[]', 1, 'x', 'x', ${best.slug}, 'x', 'shower_tray', 10000, 0, ${pkg.id})`);
      const as = (u: TestUser) => ({ cookie: `sid_access=${u.access}` });
      const page = (u?: TestUser) => get(`/${best.slug}.html`, u ? as(u) : undefined);

      // A visitor is invited to sign in; a customer without the order reads who may review; the buyer gets the form.
      expect((await page()).body).toContain("Entra en tu cuenta para opinar");
      const danis = (await page(dani)).body;
      expect(danis).toContain("Pueden opinar los clientes que han recibido este producto.");
      expect(danis).not.toContain('data-testid="review-form"');
      expect((await page(carla)).body).toContain('data-testid="review-form"');

      const post = (u: TestUser, form: Record<string, string>) =>
        shop.app.inject({
          method: "POST",
          url: `/${best.slug}.html`,
          payload: new URLSearchParams({ intent: "review", ...form }).toString(),
          headers: { ...as(u), "content-type": "application/x-www-form-urlencoded" },
        });
      const refused = await post(dani, { rating: "5", body: "Un plato estupendo, lo recomiendo." });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain("Solo pueden opinar los clientes que han recibido este producto");
      const short = await post(carla, { rating: "4", body: "Bien" });
      expect(short.statusCode).toBe(400);
      expect(short.body).toContain("Escribe al menos 10 caracteres");
      const ok = await post(carla, { rating: "4", body: "Buen plato, <script>alert(1)</script> llegó a tiempo." });
      expect(ok.statusCode, ok.body.slice(0, 500)).toBe(200);
      expect(ok.body).toContain("Gracias por tu opinión");
      const mine = (await get(`/api/reviews/v1/reviews/?product=${best.id}`)).json().results[0] as Review;
      expect(mine).toMatchObject({ author: "Carla", rating: 4, verified: true });
      // Shown as text, never as HTML.
      const after = (await page()).body;
      expect(after).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      expect(after).not.toContain("<script>alert(1)</script>");
      expect((await page(carla)).body).toContain("Ya has opinado sobre este producto");
    });

    it("hands the page its answered questions in place when they come in with the rest; a slow query does not hold the page, they follow it", async () => {
      const listed = (await get(`/api/reviews/v1/questions/web-list/?product=${best.slug}&page_size=20`)).json();
      expect(listed.results.length).toBeGreaterThan(0);
      // The page's data as the page reads it (its parts leave the loader packed: lib/packed.ts).
      const load = async () =>
        productPageData(
          await loadProductPage(
            {
              request: new Request(`http://localhost/${best.slug}.html`),
              context: { services: shop.services, nonce: "n", requestId: "r", clientIp: "127.0.0.1" },
              params: {},
            } as never,
            best.slug,
          ),
        );
      const { reviews } = shop.services;
      const questions = reviews.questions;
      const list = reviews.list;
      try {
        // The questions' query answers before the rest of the page's data (the reviews wait for
        // it here, whatever the machine's speed): the page gets them as data, rendered in place.
        let asked: Promise<unknown> = Promise.resolve();
        reviews.questions = (...args) => {
          asked = questions.apply(reviews, args);
          return asked as ReturnType<typeof questions>;
        };
        reviews.list = async (...args) => {
          await asked;
          return list.apply(reviews, args);
        };
        const fast = await load();
        expect(fast.questions).not.toBeInstanceOf(Promise);
        expect(fast.questions).toEqual(listed);
        reviews.list = list;
        // In place in the document: in their section before the form, not written apart at the
        // end with a loading line in their place and a script that moves them in.
        const inPlace = (await get(`/${best.slug}.html`, { "accept-encoding": "identity" })).body;
        expect(inPlace.indexOf('data-testid="questions-list"')).toBeGreaterThan(inPlace.indexOf('id="questions-title"'));
        expect(inPlace.indexOf('data-testid="questions-list"')).toBeLessThan(inPlace.indexOf('data-testid="question-form"'));
        expect(inPlace).not.toContain('<p class="text-sm text-muted">Cargando preguntas…</p>');
        expect(inPlace).not.toContain("$RC(");

        // A slow questions' query (held until the page has been seen): the loader answers without
        // it once the grace is over and the page streams it after the rest.
        const held = holdCalls(reviews, "questions");
        const slow = await load();
        expect(slow.questions).toBeInstanceOf(Promise);
        if (!shop.app.server.listening) await shop.app.listen({ port: 0, host: "127.0.0.1" });
        const { port } = shop.app.server.address() as { port: number };
        const res = await fetch(`http://127.0.0.1:${port}/${best.slug}.html`, {
          // A browser's (a crawler gets the whole document at once).
          headers: {
            "accept-encoding": "identity",
            "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
          },
        });
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        const decoder = new TextDecoder();
        let html = "";
        const received = async (text: string) => {
          while (!html.includes(text)) {
            const { done, value } = await reader.read();
            if (done) throw new Error(`the page ended without ${text}`);
            html += decoder.decode(value, { stream: true });
          }
        };
        // Sent without them: the reviews are there, a loading line where the questions go.
        await received('<p class="text-sm text-muted">Cargando preguntas…</p>');
        expect(html).toContain("Opiniones de clientes");
        expect(html).not.toContain('data-testid="questions-list"');
        held.open();
        await received("</html>");
        expect(html).toContain('data-testid="questions-list"');
        expect(html).toContain(listed.results[0].name);
        expect(html).toContain("</html>");
        await expect(slow.questions).resolves.toEqual(listed);
      } finally {
        reviews.questions = questions;
        reviews.list = list;
      }
    });

    it("takes a question without JavaScript (a plain form post) and answers in place", async () => {
      const form = new URLSearchParams({
        intent: "question",
        name: "Pepe",
        email: "pepe@example.es",
        question: "¿Sirve para suelo radiante?",
        privacy: "on",
        website: "",
      });
      const res = await shop.app.inject({
        method: "POST",
        url: `/${other.slug}.html`,
        payload: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-dest": "document" },
        remoteAddress: "10.5.5.5",
      });
      expect(res.statusCode, res.body.slice(0, 3000)).toBe(200);
      expect(res.body).toContain("Publicaremos tu pregunta");
      const bad = await shop.app.inject({
        method: "POST",
        url: `/${other.slug}.html`,
        payload: new URLSearchParams({ intent: "question", name: "Pepe", email: "pepe@example.es", question: "¿Sirve para suelo radiante?" }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        remoteAddress: "10.5.5.5",
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain("Debes aceptar la política de privacidad");
      // Another site's post is refused.
      const cross = await shop.app.inject({
        method: "POST",
        url: `/${other.slug}.html`,
        payload: form.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      });
      expect(cross.statusCode).toBe(403);
    });
  });

  async function allReviews(slug: string): Promise<Review[]> {
    const out: Review[] = [];
    for (let p = 1; ; p++) {
      const page = (await get(`/api/reviews/v1/reviews/?product=${slug}&page=${p}`)).json();
      out.push(...page.results);
      if (p >= page.pages) return out;
    }
  }
});
