import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, relaxThrottling, type TestUser, uniqueEmail } from "../../test/accounts.ts";
import { startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { auditEntries, createStaff, type TestStaff } from "../../test/staff.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";
import { addresses } from "../accounts/accounts.schema.ts";
import { newsletterSubscriptions } from "../marketing/marketing.schema.ts";

/**
 * Back office, people part (issue 38): customer search and record, the professionals' review
 * (spec 6's toggle called by staff changes the prices the customer gets), GDPR export and
 * erasure, newsletter subscribers; every write audited, every route refused to a role without
 * its permission.
 */
describeEachDb("back office: customers, professionals, GDPR, newsletter", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  let support: TestStaff;
  let warehouse: TestStaff;
  let ana: TestUser;
  let bea: TestUser;
  let esdb: number;
  const q = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await shop.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const as = (s: TestStaff | { authorization: string }, method: string, url: string, payload?: unknown) =>
    shop.app.inject({
      method: method as "GET",
      url,
      headers: "headers" in s ? s.headers : s,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((r) => r.id);

  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url } });
    relaxThrottling(shop);
    support = await createStaff(shop, "support");
    warehouse = await createStaff(shop, "warehouse");
    ana = await createCustomer(shop, smtp, { name: "Zacarías", email: uniqueEmail("zeta") });
    bea = await createCustomer(shop, smtp, { name: "Begoña", professional: true, email: uniqueEmail("obra") });
    const patch = await shop.app.inject({
      method: "PATCH",
      url: `/api/auth-users/v1/clients/${ana.id}/`,
      headers: ana.auth,
      payload: { phone: "612 345 678" },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    esdb = (await q<{ id: number }>(sql`SELECT id FROM stores WHERE source_code = 'ESDB'`))[0].id;
    await shop.database.db.insert(addresses).values({
      userId: bea.id,
      type: "billing",
      name: "Begoña",
      businessName: "Reformas Begoña SL",
      taxType: "cif",
      taxId: "B76543217",
      address: "Calle Mayor",
      number: "1",
      postalCode: "28001",
      city: "Madrid",
      province: "Madrid",
      country: "ES",
      isDefault: true,
    });
  }, 180_000);
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  describe("customers", () => {
    const search = (query: string) => as(support, "GET", `/api/admin/v1/customers/?${query}`);

    it("finds a customer by each field, and not by the others", async () => {
      const byName = await search("q=Zacar&field=name");
      expect(byName.statusCode, byName.body).toBe(200);
      expect(ids(byName)).toEqual([ana.id]);
      expect(ids(await search(`q=${encodeURIComponent(ana.email.slice(0, 12))}&field=email`))).toEqual([ana.id]);
      expect(ids(await search("q=612-345&field=phone"))).toEqual([ana.id]);
      expect(ids(await search("q=b7654&field=tax_id"))).toEqual([bea.id]);
      // The name is not searched as an email, the tax id not as a phone, and so on.
      expect(ids(await search("q=Zacar&field=email"))).toEqual([]);
      expect(ids(await search("q=76543217&field=phone"))).toEqual([]);
      expect(ids(await search("q=Reformas&field=name"))).toEqual([]);
      // Any field by default.
      expect(ids(await search("q=B76543217"))).toEqual([bea.id]);
      expect(ids(await search("q=612345678"))).toEqual([ana.id]);
      // Type and store filters.
      const pros = ids(await search("type=professional&limit=200"));
      expect(pros).toContain(bea.id);
      expect(pros).not.toContain(ana.id);
      expect(ids(await search(`store=${esdb}&q=Zacar`))).toEqual([ana.id]);
      expect(ids(await search(`store=${esdb + 1000}&q=Zacar`))).toEqual([]);
      // Wildcards are text, bad input is a 400.
      expect(ids(await search("q=%25"))).toEqual([]);
      expect((await search("limit=500")).statusCode).toBe(400);
      expect((await search(`q=${encodeURIComponent("a\u0000b")}`)).statusCode).toBe(400);
    });

    it("pages with a keyset cursor and no total count", async () => {
      const first = (await search("limit=1")).json();
      expect(first.results).toHaveLength(1);
      expect(first.next).toBe(first.results[0].id);
      expect(first).not.toHaveProperty("total");
      const second = (await search(`limit=1&before=${first.next}`)).json();
      expect(second.results[0].id).toBeLessThan(first.results[0].id);
    });

    it("shows one customer's record and only theirs; ends their sessions", async () => {
      const res = await as(support, "GET", `/api/admin/v1/customers/${bea.id}/`);
      expect(res.statusCode, res.body).toBe(200);
      const r = res.json();
      expect(r.profile).toMatchObject({ id: bea.id, email: bea.email, type: "professional", store: esdb });
      expect(r.addresses.map((a: { tax_id: string }) => a.tax_id)).toEqual(["B76543217"]);
      expect(r.consents.privacy_accepted_at).toBeTruthy();
      expect(r.orders).toEqual([]);
      expect(r.quotations).toEqual([]);
      const anaRecord = (await as(support, "GET", `/api/admin/v1/customers/${ana.id}/`)).json();
      expect(anaRecord.addresses).toEqual([]);
      expect(anaRecord.profile.phone).toBe("612345678");
      expect(anaRecord.sessions.filter((s: { open: boolean }) => s.open).length).toBeGreaterThan(0);
      expect((await as(support, "GET", "/api/admin/v1/customers/99999999/")).statusCode).toBe(404);

      const ses = await shop.app.inject({ method: "POST", url: `/api/admin/v1/customers/${ana.id}/sessions/end/`, headers: support.headers, payload: {} });
      expect(ses.statusCode, ses.body).toBe(200);
      expect(ses.json().ended).toBeGreaterThan(0);
      expect((await shop.app.inject({ url: "/api/auth-users/v1/clients/info/", headers: ana.auth })).statusCode).toBe(401);
      const [entry] = await auditEntries(shop, { action: "customer.sessions_end" });
      expect(entry).toMatchObject({ entityId: String(ana.id), staffEmail: support.email });
    });
  });

  describe("professionals (spec 6)", () => {
    it("queues new professionals with what they declared; asking for the CIF mails them and is recorded", async () => {
      const queue = await as(support, "GET", "/api/admin/v1/professionals/?limit=200");
      expect(queue.statusCode, queue.body).toBe(200);
      const row = queue.json().results.find((r: { id: number }) => r.id === bea.id);
      expect(row).toMatchObject({ business_name: "Reformas Begoña SL", tax_id: "B76543217", status: "pending", cif_requests: 0 });
      expect(ids(queue)).not.toContain(ana.id);

      const ask = await as(support, "POST", `/api/admin/v1/professionals/${bea.id}/request-cif/`, { note: "Necesitamos el CIF de la empresa" });
      expect(ask.statusCode, ask.body).toBe(200);
      expect(ask.json()).toEqual({ mailed: true, cif_requests: 1 });
      const mail = await smtp.last(bea.email, /datos de tu empresa/);
      expect(mail.text).toContain("CIF");
      expect(mail.text).toContain("Necesitamos el CIF de la empresa");
      const [entry] = await auditEntries(shop, { action: "professional.cif_requested" });
      expect(entry).toMatchObject({ entityId: String(bea.id), after: { status: "info_requested", cif_requests: 1 } });
      // Only professionals are asked.
      expect((await as(support, "POST", `/api/admin/v1/professionals/${ana.id}/request-cif/`, {})).statusCode).toBe(409);

      const review = await as(support, "POST", `/api/admin/v1/professionals/${bea.id}/review/`, { note: "CIF comprobado" });
      expect(review.statusCode, review.body).toBe(200);
      expect(ids(await as(support, "GET", "/api/admin/v1/professionals/?limit=200"))).not.toContain(bea.id);
      expect(ids(await as(support, "GET", "/api/admin/v1/professionals/?status=reviewed&limit=200"))).toContain(bea.id);
    });

    it("staff revoke and restore the type with the spec's toggle call: the customer's prices follow, and it is audited", async () => {
      const pro = await createCustomer(shop, smtp, { professional: true });
      const [product] = await q<{ id: number }>(sql`
        SELECT p.id FROM products p JOIN product_stores ps ON ps.product_id = p.id
        WHERE p.professional_discount_bp > 0 AND p.active AND ps.store_id = ${esdb} ORDER BY p.id LIMIT 1`).catch(() =>
        q<{ id: number }>(sql`SELECT id FROM products WHERE professional_discount_bp > 0 AND active ORDER BY id LIMIT 1`),
      );
      const add = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/products-wishlist/",
        headers: pro.auth,
        payload: { user: pro.id, product: product.id },
      });
      expect(add.statusCode, add.body).toBeLessThan(300);
      const proPrice = async () => {
        const list = await shop.app.inject({ url: "/api/auth-users/v1/products-wishlist/?store=ESDB", headers: pro.auth });
        expect(list.statusCode, list.body).toBe(200);
        return list.json().results[0].product?.prices.pvp_professional;
      };
      expect(await proPrice()).toBeGreaterThan(0);

      const toggle = (headers: { authorization: string }) =>
        shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${pro.id}/toggle_type/`, headers });
      const revoked = await toggle(support.headers);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect(revoked.json()._type).toBe("customer");
      // The same token, the new type: no professional price any more.
      expect(await proPrice()).toBeUndefined();
      const [entry] = await auditEntries(shop, { action: "customer.professional_type" });
      expect(entry).toMatchObject({ entityId: String(pro.id), before: { type: "professional" }, after: { type: "customer" }, staffEmail: support.email });
      // Revoked by staff: the customer cannot tick it again from the profile.
      expect((await toggle(pro.auth)).statusCode).toBe(404);
      // A role without professionals.review cannot call it.
      expect((await toggle(warehouse.headers)).statusCode).toBe(403);

      const restored = await toggle(support.headers);
      expect(restored.json()._type).toBe("professional");
      expect(await proPrice()).toBeGreaterThan(0);
      // The customer's own switch still works (and only on their own account).
      expect((await toggle(pro.auth)).json()._type).toBe("customer");
      expect((await toggle(pro.auth)).json()._type).toBe("professional");
      expect((await shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${bea.id}/toggle_type/`, headers: pro.auth })).statusCode).toBe(404);
    });
  });

  describe("GDPR", () => {
    it("exports a customer's data and audits that it happened, without the data", async () => {
      const res = await as(support, "GET", `/api/admin/v1/customers/${bea.id}/gdpr-export/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().client.email).toBe(bea.email);
      expect(res.json().addresses[0].tax_id).toBe("B76543217");
      const [entry] = await auditEntries(shop, { action: "customer.gdpr_export" });
      expect(entry.entityId).toBe(String(bea.id));
      expect(JSON.stringify(entry)).not.toContain(bea.email);
      expect(JSON.stringify(entry)).not.toContain("B76543217");
    });

    it("erases on request after the typed confirmation: pseudonymised, no more logins, audited with the reason", async () => {
      const gone = await createCustomer(shop, smtp, { name: "Olvido" });
      const url = `/api/admin/v1/customers/${gone.id}/erase/`;
      const wrong = await as(support, "POST", url, { confirm: "otra@example.es", reason: "Petición por email del cliente" });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.message).toMatch(/email del cliente/);
      expect((await as(support, "POST", url, { confirm: gone.email })).statusCode).toBe(400);
      const ok = await as(support, "POST", url, { confirm: gone.email.toUpperCase(), reason: "Petición por email del cliente" });
      expect(ok.statusCode, ok.body).toBe(200);
      const [row] = await q<{ email: string; name: string; deleted_at: Date | null }>(sql`SELECT email, name, deleted_at FROM users WHERE id = ${gone.id}`);
      expect(row.email).toBe(`deleted-${gone.id}@erased.invalid`);
      expect(row.name).toBe("");
      expect(row.deleted_at).not.toBeNull();
      const login = await shop.app.inject({ method: "POST", url: "/api/auth-users/token/", payload: { email: gone.email, password: gone.password } });
      expect(login.statusCode).toBe(401);
      expect((await shop.app.inject({ url: "/api/auth-users/v1/clients/info/", headers: gone.auth })).statusCode).toBe(401);
      const [entry] = await auditEntries(shop, { action: "customer.gdpr_erase" });
      expect(entry).toMatchObject({ entityId: String(gone.id), after: { erased: true, reason: "Petición por email del cliente" } });
      expect(JSON.stringify(entry)).not.toContain(gone.email);
      // Erased: not found any more.
      expect((await as(support, "POST", url, { confirm: gone.email, reason: "otra vez" })).statusCode).toBe(404);
      expect(ids(await as(support, "GET", `/api/admin/v1/customers/?q=${encodeURIComponent(gone.email)}`))).toEqual([]);
    });
  });

  describe("newsletter", () => {
    it("lists and searches subscribers, exports a CSV safe for spreadsheets, unsubscribes (audited)", async () => {
      const email = uniqueEmail("boletin");
      const [sub] = await shop.database.db
        .insert(newsletterSubscriptions)
        .values({ storeId: esdb, email, name: "=1+2", surname: "@SUM(A1)", source: "footer", consentAt: new Date(), confirmedAt: new Date() })
        .returning();
      const list = await as(support, "GET", `/api/admin/v1/newsletter/subscribers/?q=${encodeURIComponent(email)}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().results).toEqual([expect.objectContaining({ id: sub.id, email, store: esdb, status: "subscribed" })]);
      // Double opt-in (decision 047): an address that has not followed its confirmation link is not a subscriber yet.
      const pendingEmail = uniqueEmail("boletin-sin-confirmar");
      await shop.database.db
        .insert(newsletterSubscriptions)
        .values({ storeId: esdb, email: pendingEmail, name: "Pendiente", source: "footer", consentAt: new Date() });
      const pending = await as(support, "GET", `/api/admin/v1/newsletter/subscribers/?q=${encodeURIComponent(pendingEmail)}`);
      expect(pending.json().results).toEqual([expect.objectContaining({ email: pendingEmail, status: "unconfirmed" })]);

      const csv = await as(support, "GET", `/api/admin/v1/newsletter/subscribers/export.csv?q=${encodeURIComponent(email)}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toMatch(/text\/csv/);
      expect(csv.body).toContain(`"'=1+2"`);
      expect(csv.body).toContain(`"'@SUM(A1)"`);
      expect(csv.body).not.toMatch(/;"=1\+2"/);

      const del = await as(support, "DELETE", `/api/admin/v1/newsletter/subscribers/${sub.id}/`);
      expect(del.statusCode, del.body).toBe(204);
      expect((await as(support, "GET", `/api/admin/v1/newsletter/subscribers/?q=${encodeURIComponent(email)}`)).json().results).toEqual([]);
      const [entry] = await auditEntries(shop, { action: "newsletter.unsubscribe" });
      expect(entry).toMatchObject({ entityId: String(sub.id), before: { email } });
      expect((await as(support, "DELETE", `/api/admin/v1/newsletter/subscribers/${sub.id}/`)).statusCode).toBe(404);
    });
  });

  it("refuses every route of this part to a role without its permission (warehouse), and to no session", async () => {
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/v1/customers/"],
      ["GET", `/api/admin/v1/customers/${bea.id}/`],
      ["POST", `/api/admin/v1/customers/${bea.id}/sessions/end/`, {}],
      ["GET", `/api/admin/v1/customers/${bea.id}/gdpr-export/`],
      ["POST", `/api/admin/v1/customers/${bea.id}/erase/`, { confirm: bea.email, reason: "prueba" }],
      ["GET", "/api/admin/v1/professionals/"],
      ["POST", `/api/admin/v1/professionals/${bea.id}/request-cif/`, {}],
      ["POST", `/api/admin/v1/professionals/${bea.id}/review/`, {}],
      ["PUT", `/api/auth-users/v1/clients/${bea.id}/toggle_type/`],
      ["GET", "/api/admin/v1/newsletter/subscribers/"],
      ["GET", "/api/admin/v1/newsletter/subscribers/export.csv"],
      ["DELETE", "/api/admin/v1/newsletter/subscribers/1/"],
    ];
    for (const [method, url, payload] of routes) {
      expect((await as(warehouse, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      if (url.startsWith("/api/admin/")) expect((await shop.app.inject({ method: method as "GET", url })).statusCode, `${method} ${url}`).toBe(401);
    }
    // The accountant reads customers and subscribers but changes nothing.
    const accountant = await createStaff(shop, "accountant");
    expect((await as(accountant, "GET", "/api/admin/v1/customers/")).statusCode).toBe(200);
    expect((await as(accountant, "GET", "/api/admin/v1/newsletter/subscribers/")).statusCode).toBe(200);
    expect((await as(accountant, "POST", `/api/admin/v1/customers/${bea.id}/erase/`, { confirm: bea.email, reason: "prueba" })).statusCode).toBe(403);
    expect((await as(accountant, "DELETE", "/api/admin/v1/newsletter/subscribers/1/")).statusCode).toBe(403);
  });
});
