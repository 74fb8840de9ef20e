import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { decode } from "../../test/html.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";

/**
 * The order page's invoice link and withdrawal button (issue 10), server-rendered and posted as
 * a browser without JavaScript does (form, Origin), for a guest following the signed link.
 */
const ORIGIN = "https://tienda.example.es";
const SLUG = "plato-de-ducha-resina-pizarra-blanco";

describeEachDb("order page: invoice and withdrawal (SSR, no JavaScript)", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let attrs: Record<string, AttributeDto>;

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { ssr: true, seed: false, env: { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN } });
    const db = shop.database.db as Db;
    await seedStores(db);
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db, { es: es.id, fr: fr.id });
    await db.update(variants).set({ stock: 1000 });
    await shop.services.catalog.catalogChanged();
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    const p = shop.services.payments as unknown as Record<string, unknown>;
    p.startPayment = async (_c: unknown, i: { reference: string }) => ({ type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
  const text = (html: string) => decode(html.replace(/<[^>]+>/g, " ")).replace(/\s+/g, " ");

  async function paidGuestOrder() {
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const add = await shop.app.inject({ method: "POST", url: "/api/cart/v1/cart-rows/", payload: { product: SLUG, selection } });
    expect(add.statusCode, add.body).toBe(201);
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/checkout/v1/place_order/",
      headers: { "x-cart-token": add.json().cart_token },
      payload: {
        idempotency_key: `web-${kind}-${Date.now().toString(36)}-abcdefghij`,
        name: "Marta",
        surnames: "Gil",
        phone: "612 345 678",
        email: "marta.gil@example.es",
        shipping_address: "Calle Mayor",
        shipping_number: "1",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_business_name: "Marta Gil",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "card",
        expected_total: add.json().cart.prices.pvp_total,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().order;
    await (shop.database.db as Db).transaction((tx) =>
      shop.services.checkout.orderPayments.applyOutcome(
        tx as unknown as Db,
        {
          reference: order.payment_reference,
          amount: order.prices.total,
          pspReference: "psp-web",
          resultCode: "Authorised",
          currency: "EUR",
          method: "card",
          provider: "test",
          source: "webhook",
        } as PaymentOutcome,
      ),
    );
    const link = new URL(res.json().order_url);
    return { order, path: `${link.pathname}?t=${link.searchParams.get("t")}`, t: link.searchParams.get("t")! };
  }

  describe("a paid order's page", () => {
    it("links the invoice PDF and shows the withdrawal button; the two-step form ends with the acknowledgement mail", async () => {
      const { order, path, t } = await paidGuestOrder();
      const page = await shop.app.inject({ url: path });
      expect(page.statusCode).toBe(200);
      const body = page.body;
      const invoiceLink = /<a[^>]*data-testid="invoice-link"[^>]*>([\s\S]*?)<\/a>/.exec(body);
      expect(invoiceLink?.[1] && text(invoiceLink[1])).toMatch(/Descargar factura ESDB-\d{4}-\d{6}/);
      const href = decode(/href="([^"]+)"/.exec(invoiceLink![0])![1]);
      const pdf = await shop.app.inject({ url: href });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(text(body)).toContain("Desistir del contrato aquí");

      const form = await shop.app.inject({ url: `${path}&request=withdraw` });
      expect(text(form.body)).toContain("Confirmar desistimiento");
      expect(form.body).toContain('data-testid="withdrawal-form"');
      // The form asks nothing the shop knows: no name or email fields.
      const section = /data-testid="withdrawal-form"[\s\S]*?<\/section>/.exec(form.body)![0];
      expect(section).not.toMatch(/name="(email|name)"/);
      expect(section).toContain('name="statement"');

      const post = await shop.app.inject({
        method: "POST",
        url: `${path}&request=withdraw`,
        payload: new URLSearchParams({ intent: "withdraw", confirm: "true", statement: "Me he equivocado de medida" }).toString(),
        headers: {
          host: "tienda.example.es",
          "x-forwarded-proto": "https",
          "content-type": "application/x-www-form-urlencoded",
          origin: ORIGIN,
          "sec-fetch-dest": "document",
        },
      });
      expect(post.statusCode, post.body.slice(0, 300)).toBe(302);
      const back = String(post.headers.location);
      expect(back).toContain("done=withdrawn");
      expect(back).toContain(`t=${t}`);
      const mail = await smtp.last("marta.gil@example.es", /desistimiento/);
      expect(mail.text).toContain(order.order_number);
      expect(mail.text).toContain("Me he equivocado de medida");
      const done = await shop.app.inject({ url: back });
      expect(text(done.body)).toContain("Hemos recibido tu desistimiento");
    });

    it("another site's post is refused", async () => {
      const { path } = await paidGuestOrder();
      const post = await shop.app.inject({
        method: "POST",
        url: path,
        payload: "intent=withdraw&confirm=true",
        headers: {
          host: "tienda.example.es",
          "x-forwarded-proto": "https",
          "content-type": "application/x-www-form-urlencoded",
          origin: "https://evil.example",
        },
      });
      expect(post.statusCode).toBe(403);
    });
  });
});
