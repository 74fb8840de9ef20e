import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contextFor } from "../../lib/request-context.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

describeEachDb("marketing API: newsletter and popups", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind);
  });
  afterAll(() => shop?.close());
  const subscribe = (payload: object, query = "") => shop.app.inject({ method: "POST", url: `/api/auth-users/v1/newsletters/${query}`, payload });
  const valid = { store: "ESDB", name: "Lucía", surname: "Martín", email: "lucia.martin@example.es", terms: true };

  describe("newsletter subscription", () => {
    it("subscribes from the footer and promises the 5 € coupon by email", async () => {
      const res = await subscribe(valid);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toMatch(/Te hemos enviado un email para confirmar tu suscripción.*cupón de 5 €/);
      const es = await shop.services.stores.resolve("ESDB");
      // Double opt-in (docs/decisions/047): subscribed once the mail's link is followed.
      expect(await shop.services.marketing.isSubscribed(contextFor(es), "LUCIA.martin@example.es")).toBe(false);
      const token = new URL(shop.services.marketing.confirmUrl(es, res.json().id)).searchParams.get("token");
      const confirmed = await shop.app.inject({ method: "POST", url: "/api/auth-users/v1/newsletters/confirm/", payload: { token } });
      expect(confirmed.json()).toMatchObject({
        state: "confirmed",
        welcome: true,
        message: "Ya estás suscrito a la newsletter. Te acabamos de enviar por email tu cupón de 5 € para tu primera compra.",
      });
      expect(await shop.services.marketing.isSubscribed(contextFor(es), "LUCIA.martin@example.es")).toBe(true);
    });

    it("answers 409 with the spec's message when the email is already subscribed, whatever its case", async () => {
      const res = await subscribe({ ...valid, email: "Lucia.Martin@Example.es", source: "popup" });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: "newsletter.already_subscribed", message: "Ya existe un usuario suscrito con éste email" });
    });

    it("answers 400 with the spec's terms message and one message per field", async () => {
      const res = await subscribe({ store: "ESDB", name: "", email: "no-es-un-email", terms: false });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe("newsletter.invalid");
      expect(error.details.fieldErrors).toEqual({
        name: "El nombre es obligatorio",
        surname: "Los apellidos son obligatorios",
        email: "Introduce un email válido",
        terms: "Debes de aceptar los términos y condiciones",
      });
      const onlyTerms = await subscribe({ ...valid, email: "otra@example.es", terms: undefined });
      expect(onlyTerms.statusCode).toBe(400);
      expect(onlyTerms.json().error.message).toBe("Debes de aceptar los términos y condiciones");
    });

    it("accepts the popup form without a surname", async () => {
      const res = await subscribe({ store: "ESDB", name: "Pablo", email: "pablo@example.com", terms: true, source: "popup" });
      expect(res.statusCode).toBe(201);
      const bad = await subscribe({ ...valid, email: "x@example.com", source: "sidebar" });
      expect(bad.statusCode).toBe(400);
    });

    it("is a 404 in the French store, which has no newsletter", async () => {
      const res = await subscribe({ ...valid, store: "FRDB", email: "jean@example.fr" });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("store.feature_off");
      const byLanguage = await subscribe({ name: "Jean", surname: "Dupont", email: "jean@example.fr", terms: true }, "?language=fr");
      expect(byLanguage.statusCode).toBe(404);
    });
  });

  describe("popups", () => {
    const popup = (q: string) => shop.app.inject({ url: `/api/marketing/v1/popups/web-retrieve/?${q}` });

    it("gives the newsletter form popup (100) on the home page", async () => {
      const res = await popup("url_page=/&store=ESDB&language=es");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ popup_type: 100, title: "5 € de descuento en tu primera compra" });
    });

    it("gives the button popup (200) on /ofertas, with or without a trailing slash", async () => {
      for (const url of ["/ofertas", "/ofertas/", "%2Fofertas%3Futm_source%3Dx"]) {
        const res = await popup(`url_page=${url}&store=ESDB`);
        expect(res.statusCode, url).toBe(200);
        expect(res.json()).toMatchObject({ popup_type: 200, button_url: "/servicio-de-instalacion" });
      }
    });

    it("answers 404 where no popup applies, in the French store, and 400 without url_page", async () => {
      expect((await popup("url_page=/marcas&store=ESDB")).statusCode).toBe(404);
      const fr = await popup("url_page=/fr/&store=FRDB");
      expect(fr.statusCode).toBe(404);
      expect(fr.json().error.code).toBe("marketing.popup_not_found");
      expect((await popup("store=ESDB")).statusCode).toBe(400);
    });

    it("ignores popups outside their active dates", async () => {
      const store = await shop.services.stores.resolve("ESDB");
      const inOneYear = new Date(Date.now() + 365 * 24 * 3600 * 1000);
      expect(await shop.services.marketing.popupFor(contextFor(store), "/", inOneYear)).not.toBeNull();
      const { popups } = await import("./marketing.schema.ts");
      const { eq } = await import("drizzle-orm");
      await shop.database.db
        .update(popups)
        .set({ endsAt: new Date(Date.now() - 1000) })
        .where(eq(popups.urlPattern, "/ofertas"));
      expect((await popup("url_page=/ofertas&store=ESDB")).statusCode).toBe(404);
    });
  });
});
