import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { AttributeDto } from "../../../core/catalog.types.ts";
import { t } from "../../../core/i18n/index.ts";
import { seedStores } from "../../../seed/stores.ts";
import type { Db } from "../../db/client.ts";
import { contextFor } from "../../lib/request-context.ts";
import { buildCatalogFixture } from "../../test/catalog-fixture.ts";
import { createStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { variants } from "../catalog/catalog.schema.ts";
import { subOrders } from "../orders/orders.schema.ts";
import type { PaymentOutcome } from "../payments/payments.types.ts";
import { PHOTO_MAX_SIDE } from "./aftersale.service.ts";

const SLUG = "plato-de-ducha-resina-pizarra-blanco";
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script><iframe src="//evil.example"></iframe></body></html>');
type Headers = Record<string, string>;

/**
 * Issue 36, "uploads": a return's or an incident's photos were checked by their first bytes only,
 * so a PNG header followed by HTML was stored and served. Now each photo is decoded by sharp and
 * only the image encoded again is stored (docs/decisions/048).
 */
describeEachDb("request photos are decoded and stored encoded again", (kind) => {
  let shop: TestShop;
  let attrs: Record<string, AttributeDto>;
  let crew: Headers;
  let headers: Headers;
  let url: string;
  let requestId: number;
  let orderId: number;
  let link: string;
  let png: Buffer;
  const db = () => shop.database.db as Db;
  const api = (method: "GET" | "POST", path: string, opts: { headers?: Headers; payload?: unknown } = {}) =>
    shop.app.inject({ method, url: `/api${path}`, headers: opts.headers, payload: opts.payload as never });
  const opt = (attr: string, slug: string) => attrs[attr].options.find((o) => o.slug === slug)!.id;
  const upload = (body: Buffer, type = "image/png") => api("POST", url, { headers: { ...headers, "content-type": type }, payload: body });
  /** The stored photos of the request, as staff download them. */
  async function stored() {
    const queue = (await api("GET", "/admin/v1/aftersale/", { headers: crew })).json().results;
    const photos = queue.find((x: { kind: string; id: number }) => x.kind === "request" && x.id === requestId)?.photos ?? [];
    return Promise.all(photos.map((p: { url: string }) => api("GET", p.url.replace(/^\/api/, ""), { headers: crew })));
  }

  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true, seed: false, env: { PUBLIC_URL: "https://tienda.example.es" } });
    await seedStores(db());
    await shop.services.stores.reload();
    const es = await shop.services.stores.byLanguage("es");
    const fr = await shop.services.stores.byLanguage("fr");
    await buildCatalogFixture(db(), { es: es.id, fr: fr.id });
    await db().update(variants).set({ stock: 100_000 });
    attrs = Object.fromEntries(((await shop.services.catalog.productAttributes(contextFor(es), SLUG)) ?? []).map((a) => [a.slug, a]));
    const p = shop.services.payments as unknown as Record<string, unknown>;
    p.startPayment = async (_c: unknown, i: { reference: string }) => ({ type: "redirect", url: `/sandbox-pay/${i.reference}`, sessionId: "s" });
    crew = (await createStaff(shop, "support")).headers;
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .png()
      .toBuffer();

    // A guest's order, paid and shipped, with an incident request.
    const selection = {
      quantity: 1,
      options: { [attrs.color.id]: opt("color", "blanco"), [attrs.acabado.id]: opt("acabado", "mate") },
      ranges: { [attrs.ancho.id]: 75 },
      texts: {},
      complements: {},
    };
    const add = await api("POST", "/cart/v1/cart-rows/", { payload: { product: SLUG, selection } });
    expect(add.statusCode, add.body).toBe(201);
    headers = { "x-cart-token": add.json().cart_token };
    const placed = await api("POST", "/checkout/v1/place_order/", {
      headers,
      payload: {
        idempotency_key: `photos-${kind}-${Date.now().toString(36)}-abcdefgh`,
        name: "Lucía",
        surnames: "Martín",
        email: "lucia.fotos@example.es",
        phone: "612 345 678",
        shipping_address: "Calle Mayor",
        shipping_number: "1",
        shipping_postal_code: "28013",
        shipping_city: "Madrid",
        shipping_province: "Madrid",
        shipping_country: "ES",
        billing_business_name: "Lucía Martín",
        billing_tax_id_type: "dni",
        billing_tax_id: "12345678Z",
        payment_method: "card",
        expected_total: add.json().cart.prices.pvp_total,
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().order;
    orderId = order.id;
    link = new URL(placed.json().order_url).searchParams.get("t")!;
    const outcome = {
      reference: order.payment_reference,
      amount: order.prices.total,
      pspReference: `psp-${order.payment_reference.slice(-12)}`,
      resultCode: "Authorised",
      currency: "EUR",
      method: "card",
      provider: "test",
      source: "webhook",
    } as PaymentOutcome;
    await db().transaction((tx) => shop.services.checkout.orderPayments.applyOutcome(tx as unknown as Db, outcome));
    const ctx = await shop.services.checkout.staffContext(es.id);
    for (const s of await db().select().from(subOrders).where(eq(subOrders.orderId, orderId))) {
      expect((await shop.services.checkout.moveSubOrder(ctx, s.id, { status: 600, agency: "SEUR", shipment_number: "S1" })).ok).toBe(true);
    }
    const req = await api("POST", `/orders/v1/orders/${orderId}/requests/`, { headers, payload: { kind: "incident", reason: "Llegó roto" } });
    expect(req.statusCode, req.body).toBe(201);
    requestId = req.json().requests[0].id;
    url = `/orders/v1/orders/${orderId}/requests/${requestId}/photos/`;
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
  });

  it("refuses a PNG header followed by HTML with 422 and the message in the shopper's language", async () => {
    const polyglot = Buffer.concat([png.subarray(0, 16), HTML]);
    const res = await upload(polyglot);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: "aftersale.photo_unreadable", message: t("es", "errors.aftersale.photo_unreadable") });
    expect(t("es", "errors.aftersale.photo_unreadable")).toMatch(/foto/);
    expect(t("fr", "errors.aftersale.photo_unreadable")).toMatch(/photo/);
    expect(await stored()).toHaveLength(0);
  });

  it("stores a real PNG with HTML after its end encoded again, without the HTML, served as an image with nosniff", async () => {
    const res = await upload(Buffer.concat([png, HTML]));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().content_type).toBe("image/png");
    const [img] = await stored();
    expect(img.headers["content-type"]).toBe("image/png");
    expect(img.headers["x-content-type-options"]).toBe("nosniff");
    expect(img.rawPayload.includes(Buffer.from("<script"))).toBe(false);
    expect(img.rawPayload.includes(Buffer.from("<html"))).toBe(false);
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: "png", width: 40, height: 30 });
  });

  it("keeps no metadata and bounds the size; a JPEG sent as PNG is stored as the JPEG it is", async () => {
    const big = await sharp({ create: { width: PHOTO_MAX_SIDE + 400, height: 100, channels: 3, background: "#3366cc" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "GPS-secreto-41.38N-2.17E" } })
      .toBuffer();
    expect(big.includes(Buffer.from("GPS-secreto"))).toBe(true);
    const res = await upload(big, "image/jpeg");
    expect(res.statusCode, res.body).toBe(201);
    const imgs = await stored();
    const last = imgs[imgs.length - 1];
    expect(last.headers["content-type"]).toBe("image/jpeg");
    expect(last.rawPayload.includes(Buffer.from("GPS-secreto"))).toBe(false);
    expect(await sharp(last.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: PHOTO_MAX_SIDE });
    // The declared type must still be an image type whose first bytes match.
    expect((await upload(big, "image/png")).statusCode).toBe(415);
    expect((await upload(HTML, "text/html")).statusCode).toBe(415);
  });

  it("refuses the polyglot on the order page's form too, before the request is made", async () => {
    const form = new FormData();
    form.set("intent", "incident");
    form.set("reason", "Otra vez roto");
    form.append("photos", new Blob([Buffer.concat([png.subarray(0, 16), HTML])], { type: "image/png" }), "foto.png");
    const r = new Response(form);
    const res = await shop.app.inject({
      method: "POST",
      url: `/order/${orderId}?t=${link}&request=incident`,
      payload: Buffer.from(await r.arrayBuffer()),
      headers: {
        host: "tienda.example.es",
        "x-forwarded-proto": "https",
        origin: "https://tienda.example.es",
        "content-type": r.headers.get("content-type")!,
      },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.body).toContain(t("es", "errors.aftersale.photo_unreadable"));
  });
});
