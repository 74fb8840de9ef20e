import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { relaxThrottling, uniqueEmail } from "../../test/accounts.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { startSmtp } from "../../test/smtp.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { createMailService } from "./mail.service.ts";
import { renderMail } from "./mail.templates.ts";

describeEachDb("mail without SMTP_URL: the outbox and /dev/outbox", (kind) => {
  let shop: TestShop;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "shop-outbox-"));
    shop = await createTestShop(kind, { env: { DATA_DIR: dataDir, NODE_ENV: "development" } });
    relaxThrottling(shop);
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("writes each mail as an .eml file a newcomer can open, and lists it at /dev/outbox with a clickable activation link", async () => {
    const email = uniqueEmail("nueva");
    const res = await shop.app.inject({
      method: "POST",
      url: "/api/auth-users/v1/clients/signup/",
      payload: { name: "<b>Rosa</b>", surnames: "Gil", email, password: "secreto-1", password_confirmation: "secreto-1", privacy: true },
    });
    expect(res.statusCode).toBe(201);
    const files = readdirSync(join(dataDir, "outbox")).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dataDir, "outbox", files[0]), "utf8");
    expect(eml).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, "\\.")}`, "m"));
    expect(eml).toMatch(/^Subject: /m);
    expect(eml).toMatch(/Content-Type: multipart\/alternative/);

    const list = await shop.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(list.statusCode).toBe(200);
    expect(list.headers["content-type"]).toMatch(/text\/html/);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.body).toContain(email);
    expect(list.body).toContain("Activa tu cuenta en BañoDirecto España");
    const href = (list.body.match(/href="(\/dev\/outbox\/[^"]+)"/) as RegExpMatchArray)[1];

    const one = await shop.app.inject({ method: "GET", url: href });
    expect(one.statusCode).toBe(200);
    // The customer's name is shown escaped, never as markup.
    expect(one.body).toContain("Hola &lt;b&gt;Rosa&lt;/b&gt;:");
    expect(one.body).not.toContain("<b>Rosa</b>");
    const link = (one.body.match(/<a href="(http:\/\/localhost:3000\/login\?activate=[^"]+)">/) as RegExpMatchArray)[1];
    const token = new URL(link.replace(/&amp;/g, "&")).searchParams.get("activate");
    const act = await shop.app.inject({ method: "POST", url: `/api/auth-users/v1/clients/activate_user/?token=${token}` });
    expect(act.statusCode).toBe(200);

    const raw = await shop.app.inject({ method: "GET", url: `${href}.raw` });
    expect(raw.headers["content-type"]).toMatch(/message\/rfc822/);
    expect(raw.body).toBe(eml);
  });

  it("refuses paths outside the outbox", async () => {
    for (const bad of ["/dev/outbox/..%2Fsecret.key", "/dev/outbox/x.eml", "/dev/outbox/%2e%2e"]) {
      const res = await shop.app.inject({ method: "GET", url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).not.toContain("secret");
    }
  });
});

describeEachDb("mail in production: no outbox page", (kind) => {
  let shop: TestShop;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "shop-outbox-prod-"));
    shop = await createTestShop(kind, { env: { DATA_DIR: dataDir, NODE_ENV: "production", SECRET: "p".repeat(40) } });
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("does not serve /dev/outbox (its mails hold live links)", async () => {
    const res = await shop.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(res.statusCode).toBe(404);
  });
});

describe("mail through SMTP: the job engine's stable Message-ID", () => {
  it("a mail sent again with the same Message-ID is the same message for the receiver (a retry after an unknown outcome)", async () => {
    const smtp = await startSmtp();
    const mail = createMailService({ smtpUrl: smtp.url, mailFrom: "Tienda <no-reply@tienda.example.es>", dataDir: tmpdir() });
    try {
      const msg = { to: "ana@example.es", subject: "Pedido", text: "Hola", html: "<p>Hola</p>", messageId: "<job-7.abc@tienda.example.es>" };
      const first = await mail.send(msg);
      const second = await mail.send(msg);
      expect([first.messageId, second.messageId]).toEqual([msg.messageId, msg.messageId]);
      expect(smtp.to("ana@example.es").map((m) => m.messageId)).toEqual([msg.messageId, msg.messageId]);
      // Without one, each send is a new message (what a retry must never be).
      await mail.send({ ...msg, messageId: undefined });
      expect(new Set(smtp.to("ana@example.es").map((m) => m.messageId)).size).toBe(2);
    } finally {
      mail.close();
      await smtp.close();
    }
  });
});

describe("mail templates", () => {
  const vars = { shop: "BañoDirecto España", name: "Ana", link: "https://tienda.example.es/login?activate=abc&x=1", home: "https://tienda.example.es/" };
  it.each(["activation", "reset", "password_changed", "account_deleted"] as const)(
    "%s: text and HTML in Spanish and French with the shop's name and links",
    (kind) => {
      for (const lang of ["es", "fr"] as const) {
        const m = renderMail(kind, lang, vars);
        expect(m.subject).toContain("BañoDirecto España");
        expect(m.text).toContain(vars.link);
        expect(m.text).toContain(vars.home);
        expect(m.html).toContain(`href="https://tienda.example.es/login?activate=abc&amp;x=1"`);
        expect(m.html).toContain(`<html lang="${lang}">`);
        expect(m.text).toContain(lang === "es" ? "Hola Ana:" : "Bonjour Ana,");
      }
    },
  );
});
