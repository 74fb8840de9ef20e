import { mkdirSync } from "node:fs";
import { inflateSync } from "node:zlib";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { expect, it } from "vitest";
import { buyer, CheckoutFlow, SandboxPay } from "./support/checkout-page.ts";
import { axeViolations, blocking, describeBrowser, describeViolations, type ShopPage } from "./support/index.ts";
import { outboxMail } from "./support/outbox.ts";

/**
 * Issue 10 in a real browser: a paid order shows "Descargar factura"; the PDF it downloads
 * carries the VERI*FACTU QR code (its image drawn to a PNG here and decoded) pointing to the tax
 * agency's ValidarQR with this invoice's number; the withdrawal button's two steps end with the
 * acknowledgement mail in the shop's outbox. INVOICE_SHOTS=/tmp/shots saves screenshots.
 */
const SHOTS = process.env.INVOICE_SHOTS;
// Taps, as checkout.spec.ts: the valves' stock is cart.spec.ts's.
const READY = "/grifos/";

async function shot(shop: ShopPage, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await shop.page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The QR code image of a PDF (pdfkit keeps its RGB pixels deflated) as a PNG, and what it decodes to. */
function qrOfPdf(pdf: Buffer): { png: Buffer; text: string | null } {
  const s = pdf.toString("latin1");
  const m = /<<([^>]*?\/Subtype \/Image[^>]*?\/ColorSpace \/DeviceRGB[^>]*?)>>\s*stream\r?\n/.exec(s);
  if (!m) throw new Error("no RGB image in the PDF");
  const num = (k: string) => Number(new RegExp(`/${k} (\\d+)`).exec(m[1])![1]);
  const [w, h, len] = [num("Width"), num("Height"), num("Length")];
  const start = m.index + m[0].length;
  const rgb = inflateSync(pdf.subarray(start, start + len));
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2], 255], i * 4);
  const file = PNG.sync.write(png);
  const back = PNG.sync.read(file);
  return { png: file, text: jsQR(new Uint8ClampedArray(back.data), back.width, back.height)?.data ?? null };
}

/** The newest mail in the shop's outbox to `email` whose subject matches. */
const mailTo = (email: string, subject: RegExp) => outboxMail(email, (m) => subject.test(m.subject ?? ""), `mail matching ${subject}`);

describeBrowser("invoices and withdrawal", (browser) => {
  it("a paid order shows 'Descargar factura' (a PDF with the QR code), and the withdrawal ends with the acknowledgement mail", async () => {
    const shop = await browser.open();
    const { page } = shop;
    const flow = new CheckoutFlow(shop, "es");
    await shop.goto(flow.path("/"));
    await shop.cookieButton("reject", "es").click();
    await shop.cookieBanner().waitFor({ state: "hidden" });
    await flow.addReadyProduct(READY);
    await flow.open();
    const email = `factura.${Date.now()}@example.es`;
    await flow.fill(buyer("es", { email }));
    await flow.method("card").check();
    await flow.placeOrder();
    const sandbox = new SandboxPay(page);
    await sandbox.waitFor();
    await sandbox.payByCard("authorised");
    expect(await flow.result()).toBe("authorised");
    await page.getByTestId("result-order-link").click();
    await page.getByTestId("order-detail").waitFor();

    const link = page.getByTestId("invoice-link");
    await link.waitFor();
    const label = (await link.textContent())!;
    expect(label).toMatch(/^Descargar factura ESDB-\d{4}-\d{6}$/);
    const number = label.replace("Descargar factura ", "");
    const href = (await link.getAttribute("href"))!;
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const pdf = Buffer.from(await res.body());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const qr = qrOfPdf(pdf);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await import("node:fs/promises").then((fs) => fs.writeFile(`${SHOTS}/invoice-qr.png`, qr.png));
    }
    const url = new URL(qr.text!);
    expect(url.origin + url.pathname).toBe("https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR");
    expect(url.searchParams.get("numserie")).toBe(number);
    expect(url.searchParams.get("nif")).toBe("B12345674");
    await shot(shop, "order-with-invoice");

    // The withdrawal button, its form (nothing the shop knows is asked), the second button.
    await page.getByTestId("open-withdrawal").click();
    const form = page.getByTestId("withdrawal-form");
    await form.waitFor();
    expect(await form.locator('input[name="email"], input[name="name"]').count()).toBe(0);
    expect(describeViolations("/order withdrawal form", blocking(await axeViolations(page)))).toEqual([]);
    await shot(shop, "withdrawal-form");
    await form.getByLabel("Comentario").fill("Prefiero otro modelo");
    await page.getByTestId("confirm-withdrawal").click();
    await page.getByTestId("order-done").waitFor();
    expect(await page.getByTestId("order-done").textContent()).toContain("Hemos recibido tu desistimiento");
    const mail = await mailTo(email, /desistimiento/);
    expect(mail.text).toContain("Prefiero otro modelo");
    expect(mail.text).toMatch(/\d{1,2}:\d{2}:\d{2}/);
  });
});
