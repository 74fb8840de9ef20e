import { afterAll, beforeAll, expect, it } from "vitest";
import { getDictionary } from "../core/i18n/dictionaries.ts";
import { describeEachDb } from "./test/test-db.ts";
import { createTestShop, type TestShop } from "./test/test-shop.ts";

/** What a page sends (issue 12): only the messages it shows, cards with only what they show, one image srcset. */
describeEachDb("page weight", (kind) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop(kind, { ssr: true });
  });
  afterAll(() => shop?.close());

  const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ url, headers });
  const messagesOf = (html: string, lang = "es") => {
    const m = new RegExp(`<script id="i18n-${lang}" type="application/json" data-src="([^"]+)">([^<]*)</script>`).exec(html);
    expect(m, "the page's messages element").not.toBeNull();
    return { src: m?.[1] ?? "", messages: JSON.parse(m?.[2] ?? "{}") as Record<string, string> };
  };

  it("embeds only the messages the page shows, and the browser can fetch the whole dictionary", async () => {
    const res = await get("/platos-de-ducha/");
    expect(res.statusCode).toBe(200);
    const { src, messages } = messagesOf(res.body);
    const all = getDictionary("es");
    // What the listing shows is there, with the store's exact wording...
    expect(messages["catalog.load_more"]).toBe(all["catalog.load_more"]);
    expect(messages["nav.skip_to_content"]).toBe(all["nav.skip_to_content"]);
    // ...and what it does not show (checkout, orders, invoices) is not.
    expect(Object.keys(messages).some((k) => k.startsWith("checkout.") || k.startsWith("invoice"))).toBe(false);
    expect(Object.keys(messages).length).toBeLessThan(Object.keys(all).length / 3);
    // The element comes last, after everything the render used.
    expect(res.body.indexOf('<script id="i18n-es"')).toBeGreaterThan(res.body.indexOf("</footer>"));

    const full = await get(src);
    expect(full.statusCode).toBe(200);
    expect(full.headers["cache-control"]).toContain("immutable");
    expect(JSON.parse(full.body)).toEqual(all);
    expect((await get("/i18n/de.json")).statusCode).toBe(404);
  });

  it("embeds the French messages in the French store", async () => {
    const res = await get("/fr/");
    const { messages } = messagesOf(res.body, "fr");
    expect(messages["nav.skip_to_content"]).toBe(getDictionary("fr")["nav.skip_to_content"]);
  });

  it("sends listing cards with what the card shows only, and one srcset per image in the format the browser takes", async () => {
    const html = (await get("/platos-de-ducha/")).body;
    // API-only card fields stay out of the page's data.
    expect(html).not.toContain("short_description");
    expect(html).not.toContain("professional_discount_bp");
    expect(html).not.toMatch(/<source type="image\/(avif|webp)"/);
    const img = /<img src="(\/media\/[^"]+)" srcSet="([^"]+)" sizes="[^"]+"/.exec(html);
    expect(img).not.toBeNull();
    const first = (img?.[2] ?? "").split(",")[0].trim().split(" ")[0];
    const avif = await get(first, { accept: "image/avif,image/webp,image/*,*/*;q=0.8" });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect(avif.headers.vary).toContain("accept");
    const webp = await get(first, { accept: "image/webp,*/*" });
    expect(webp.headers["content-type"]).toBe("image/webp");
    const jpeg = await get(first, { accept: "*/*" });
    expect(jpeg.headers["content-type"]).toBe("image/jpeg");
  });
});
