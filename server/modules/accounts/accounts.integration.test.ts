import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCustomer, login, relaxThrottling, uniqueEmail } from "../../test/accounts.ts";
import { linkIn, startSmtp, type TestSmtp } from "../../test/smtp.ts";
import { describeEachDb } from "../../test/test-db.ts";
import { createStaff } from "../../test/staff.ts";
import { createTestShop, type TestShop } from "../../test/test-shop.ts";

const PUBLIC_URL = "https://tienda.example.es";

describeEachDb("accounts API: sign-up, activation, login, recovery, profile", (kind) => {
  let shop: TestShop;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    shop = await createTestShop(kind, { env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "Tienda <no-reply@tienda.example.es>" } });
    relaxThrottling(shop);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  const post = (url: string, payload?: object, headers: Record<string, string> = {}) => shop.app.inject({ method: "POST", url, payload, headers });
  const signupBody = (email: string, extra: object = {}) => ({
    name: "Lucía",
    surnames: "Martín Pérez",
    email,
    password: "secreto-123",
    password_confirmation: "secreto-123",
    privacy: true,
    ...extra,
  });

  describe("sign-up and activation by mail", () => {
    it("creates an inactive account, mails an activation link that activates it once, then login works", async () => {
      const email = uniqueEmail("lucia");
      const res = await post("/api/auth-users/v1/clients/signup/", signupBody(email.toUpperCase()));
      expect(res.statusCode).toBe(201);
      const { user, message } = res.json();
      expect(message).toBe("Te hemos enviado un email para activar tu cuenta. Revisa tu bandeja de entrada.");
      expect(user).toMatchObject({ email, name: "Lucía", surnames: "Martín Pérez", _type: "customer", role: "customer", is_active: false, language: "es" });
      expect(JSON.stringify(res.json())).not.toMatch(/password|argon/i);

      // Before activation: the right password gets 'Usuario inactivo', a wrong one the usual answer.
      const early = await post("/api/auth-users/token/", { email, password: "secreto-123" });
      expect(early.statusCode).toBe(403);
      expect(early.json().error).toEqual({ code: "auth.inactive", message: "Usuario inactivo" });
      const wrong = await post("/api/auth-users/token/", { email, password: "otra-cosa" });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.message).toBe("Credenciales no válidas");

      const mail = await smtp.last(email, /Activa tu cuenta/);
      expect(mail.from).toBe("no-reply@tienda.example.es");
      expect(mail.subject).toBe("Activa tu cuenta en BañoDirecto España");
      expect(mail.text).toContain("Hola Lucía:");
      expect(mail.html).toContain("Activar mi cuenta");
      const link = linkIn(mail, `${PUBLIC_URL}/login?activate=`);
      expect(mail.html).toContain(link.href.replace(/&/g, "&amp;"));

      const token = link.searchParams.get("activate") as string;
      const act = await post(`/api/auth-users/v1/clients/activate_user/?token=${encodeURIComponent(token)}`);
      expect(act.statusCode).toBe(200);
      expect(act.json().message).toBe("Tu cuenta está activada. Ya puedes iniciar sesión.");
      const again = await post(`/api/auth-users/v1/clients/activate_user/?token=${encodeURIComponent(token)}`);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({ code: "accounts.activation_failed", message: "El enlace de activación no es válido o ha caducado" });

      const ok = await post("/api/auth-users/token/", { email: email.toUpperCase(), password: "secreto-123" });
      expect(ok.statusCode).toBe(200);
      const { access, refresh } = ok.json();
      expect(access.split(".")).toHaveLength(3);
      expect(refresh).not.toBe(access);
      const info = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: { authorization: `Bearer ${access}` } });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ email, is_active: true, _type: "customer", newsletter: false });
    });

    it("sends the activation mail again when an inactive account logs in with its password", async () => {
      const email = uniqueEmail("reenvio");
      await post("/api/auth-users/v1/clients/signup/", signupBody(email));
      expect(smtp.to(email)).toHaveLength(1);
      const res = await post("/api/auth-users/token/", { email, password: "secreto-123" });
      expect(res.statusCode).toBe(403);
      const mails = smtp.to(email);
      expect(mails).toHaveLength(2);
      // Both links work until used: the newer one activates.
      const token = linkIn(mails[1], PUBLIC_URL).searchParams.get("activate") as string;
      expect((await post(`/api/auth-users/v1/clients/activate_user/?token=${token}`)).statusCode).toBe(200);
    });

    it("refuses a second account for the same email, whatever its case, with the spec's message", async () => {
      const email = uniqueEmail("dup");
      expect((await post("/api/auth-users/v1/clients/signup/", signupBody(email))).statusCode).toBe(201);
      const res = await post("/api/auth-users/v1/clients/signup/", signupBody(email.replace("dup", "DUP")));
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: "accounts.email_taken", message: "Ya existe un usuario con esas credenciales" });
    });

    it("answers field messages of spec 5 in Spanish and in French", async () => {
      const es = await post("/api/auth-users/v1/clients/signup/", {
        ...signupBody("no-es-email"),
        password: "corto",
        password_confirmation: "otro",
        privacy: false,
      });
      expect(es.statusCode).toBe(400);
      expect(es.json().error.code).toBe("accounts.invalid");
      expect(es.json().error.details.fieldErrors).toEqual({
        email: "Introduce un email válido",
        password: "Mínimo 6 caracteres requeridos",
        password_confirmation: "Las contraseñas no coinciden",
        privacy: "Debes aceptar la política de privacidad",
      });
      expect(es.json().error.message).toBe("Introduce un email válido");
      const mismatch = await post("/api/auth-users/v1/clients/signup/", { ...signupBody(uniqueEmail()), password_confirmation: "secreto-124" });
      expect(mismatch.json().error.message).toBe("Las contraseñas no coinciden");

      const fr = await post("/api/auth-users/v1/clients/signup/?language=fr", { ...signupBody(uniqueEmail()), password: "abc", password_confirmation: "abc" });
      expect(fr.statusCode).toBe(400);
      expect(fr.json().error.message).toBe("6 caractères minimum");
      const frDup = await post("/api/auth-users/token/?language=fr", { email: "personne@example.fr", password: "nimporte" });
      expect(frDup.json().error.message).toBe("Identifiants non valides");
    });

    it("signs up in the French store: French mail with /fr links, account in FRDB", async () => {
      const email = uniqueEmail("jean");
      const res = await post("/api/auth-users/v1/clients/signup/?language=fr", { ...signupBody(email), name: "Jean" });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe("Nous vous avons envoyé un e-mail pour activer votre compte. Consultez votre boîte de réception.");
      const fr = await shop.services.stores.resolve("FRDB");
      expect(res.json().user).toMatchObject({ language: "fr", store: fr.id });
      const mail = await smtp.last(email, /Activez votre compte/);
      expect(mail.subject).toBe("Activez votre compte BañoDirecto France");
      expect(mail.text).toContain("Bonjour Jean,");
      const link = linkIn(mail, `${PUBLIC_URL}/fr/login?activate=`);
      const act = await post(`/api/auth-users/v1/clients/activate_user/?language=fr&token=${link.searchParams.get("activate")}`);
      expect(act.json().message).toBe("Votre compte est activé. Vous pouvez maintenant vous connecter.");
    });

    it("records the professional declaration and the privacy acceptance time", async () => {
      const before = Date.now();
      const res = await post("/api/auth-users/v1/clients/signup/", signupBody(uniqueEmail("pro"), { professional: true }));
      const user = res.json().user;
      expect(user._type).toBe("professional");
      expect(new Date(user.privacy_accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });

    it("refuses a sign-up that tries to set its role, type flag or activation", async () => {
      const res = await post("/api/auth-users/v1/clients/signup/", signupBody(uniqueEmail("malo"), { role: "staff", is_active: true }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details.fieldErrors).toMatchObject({ role: "Este campo no se puede enviar", is_active: "Este campo no se puede enviar" });
    });
  });

  describe("login", () => {
    it("answers 'Credenciales no válidas' alike for an unknown email and a wrong password", async () => {
      const u = await createCustomer(shop, smtp);
      const unknown = await post("/api/auth-users/token/", { email: uniqueEmail("nadie"), password: "secreto-123" });
      const wrong = await post("/api/auth-users/token/", { email: u.email, password: "no-es-esta" });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual(wrong.json());
      expect(unknown.json().error).toEqual({ code: "auth.invalid_credentials", message: "Credenciales no válidas" });
    });

    it("takes as long for an unknown email as for a wrong password (a dummy hash is verified)", async () => {
      const u = await createCustomer(shop, smtp);
      const time = async (email: string) => {
        const t0 = performance.now();
        await post("/api/auth-users/token/", { email, password: "no-es-esta" });
        return performance.now() - t0;
      };
      await time(uniqueEmail());
      const unknown: number[] = [];
      const known: number[] = [];
      for (let i = 0; i < 6; i++) {
        unknown.push(await time(uniqueEmail("nadie")));
        known.push(await time(u.email));
      }
      const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      // Without the dummy hash an unknown email answers in ~1 ms against ~15 ms or more.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
    });
  });

  describe("refresh", () => {
    it("returns a new access token and a new refresh token; the old refresh token is then refused", async () => {
      const u = await createCustomer(shop, smtp);
      const r1 = await post("/api/auth-users/token/refresh/", { refresh: u.refresh });
      expect(r1.statusCode).toBe(200);
      const t1 = r1.json();
      expect(t1.refresh).not.toBe(u.refresh);
      expect(t1.access).not.toBe(u.access);
      const info = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: { authorization: `Bearer ${t1.access}` } });
      expect(info.statusCode).toBe(200);
      const r2 = await post("/api/auth-users/token/refresh/", { refresh: t1.refresh });
      expect(r2.statusCode).toBe(200);
    });
  });

  describe("password recovery", () => {
    it("answers the spec's message for an unknown email", async () => {
      const res = await post("/api/auth-users/v1/clients/reset_password/", { email: uniqueEmail("nadie") });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: "accounts.no_account", message: "No existe ninguna cuenta asociada a ese email" });
      const fr = await post("/api/auth-users/v1/clients/reset_password/?language=fr", { email: uniqueEmail("personne") });
      expect(fr.json().error.message).toBe("Aucun compte n'est associé à cet e-mail");
    });

    it("mails a single-use link; the new password works, the old one and every session end", async () => {
      const u = await createCustomer(shop, smtp);
      const other = await login(shop, u.email, u.password);
      const res = await post("/api/auth-users/v1/clients/reset_password/", { email: u.email.toUpperCase() });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe("Te hemos enviado un email con las instrucciones para restablecer tu contraseña.");
      const mail = await smtp.last(u.email, /Restablece tu contraseña/);
      expect(mail.text).toContain("caduca en 30 minutos");
      const link = linkIn(mail, `${PUBLIC_URL}/restaurar-contrasena?token=`);
      const token = link.searchParams.get("token") as string;

      const mismatch = await post(`/api/auth-users/v1/clients/update_password/?token=${token}`, { password: "nueva-clave", password_confirmation: "otra" });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error.message).toBe("Las contraseñas no coinciden");

      const done = await post(`/api/auth-users/v1/clients/update_password/?token=${token}`, { password: "nueva-clave", password_confirmation: "nueva-clave" });
      expect(done.statusCode).toBe(200);
      expect(done.json().message).toBe("Tu contraseña se ha restablecido. Ya puedes iniciar sesión.");

      const reuse = await post(`/api/auth-users/v1/clients/update_password/?token=${token}`, { password: "tercera-1", password_confirmation: "tercera-1" });
      expect(reuse.statusCode).toBe(400);
      expect(reuse.json().error).toEqual({ code: "accounts.reset_failed", message: "error al restablecer la contraseña" });
      const bogus = await post("/api/auth-users/v1/clients/update_password/?token=inventado", { password: "tercera-1", password_confirmation: "tercera-1" });
      expect(bogus.json().error.message).toBe("error al restablecer la contraseña");

      expect((await post("/api/auth-users/token/", { email: u.email, password: u.password })).statusCode).toBe(401);
      expect((await post("/api/auth-users/token/", { email: u.email, password: "nueva-clave" })).statusCode).toBe(200);
      // Sessions opened before the reset are over: refresh and access alike.
      expect((await post("/api/auth-users/token/refresh/", { refresh: other.refresh })).statusCode).toBe(401);
      const info = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: u.auth });
      expect(info.statusCode).toBe(401);
    });

    it("refuses an expired reset link (30 minutes)", async () => {
      const u = await createCustomer(shop, smtp);
      await post("/api/auth-users/v1/clients/reset_password/", { email: u.email });
      const token = linkIn(await smtp.last(u.email, /Restablece/), PUBLIC_URL).searchParams.get("token") as string;
      // 31 minutes later, as far as the database can tell.
      await shop.database.exec(`update user_tokens set expires_at = now() - interval '1 minute' where purpose = 'reset'`);
      const res = await post(`/api/auth-users/v1/clients/update_password/?token=${token}`, { password: "nueva-clave", password_confirmation: "nueva-clave" });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("error al restablecer la contraseña");
    });

    it("keeps only a hash of mailed tokens in the database", async () => {
      const u = await createCustomer(shop, smtp);
      await post("/api/auth-users/v1/clients/reset_password/", { email: u.email });
      const token = linkIn(await smtp.last(u.email, /Restablece/), PUBLIC_URL).searchParams.get("token") as string;
      const rows = (await shop.database.db.execute(`select token_hash from user_tokens`)) as unknown as { rows: { token_hash: string }[] };
      expect(rows.rows.length).toBeGreaterThan(0);
      expect(rows.rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.rows.every((r) => /^[a-f0-9]{64}$/.test(r.token_hash))).toBe(true);
    });
  });

  describe("profile", () => {
    it("reads and updates the own profile; PUT/PATCH refuse role, type, email and activation fields", async () => {
      const u = await createCustomer(shop, smtp);
      const url = `/api/auth-users/v1/clients/${u.id}/`;
      const get = await shop.app.inject({ method: "GET", url, headers: u.auth });
      expect(get.statusCode).toBe(200);
      const put = await shop.app.inject({ method: "PUT", url, headers: u.auth, payload: { name: "Ana María", surnames: "García", phone: "600 123 456" } });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ name: "Ana María", phone: "600123456" });
      const patch = await shop.app.inject({ method: "PATCH", url, headers: u.auth, payload: { surnames: "García Ruiz" } });
      expect(patch.json()).toMatchObject({ name: "Ana María", surnames: "García Ruiz" });
      const badPhone = await shop.app.inject({ method: "PATCH", url, headers: u.auth, payload: { phone: "123" } });
      expect(badPhone.statusCode).toBe(400);
      expect(badPhone.json().error.message).toBe("Introduce un número de teléfono correcto");
      for (const field of [{ role: "staff" }, { _type: "professional" }, { is_active: false }, { email: "otro@example.es" }, { id: 1 }]) {
        const res = await shop.app.inject({ method: "PATCH", url, headers: u.auth, payload: field });
        expect(res.statusCode, JSON.stringify(field)).toBe(400);
      }
      const after = (await shop.app.inject({ method: "GET", url, headers: u.auth })).json();
      expect(after).toMatchObject({ role: "customer", _type: "customer", is_active: true, email: u.email });
    });

    it("toggles the customer type and professional prices follow (spec 6)", async () => {
      const u = await createCustomer(shop, smtp);
      const res = await shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${u.id}/toggle_type/`, headers: u.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()._type).toBe("professional");
      const back = await shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${u.id}/toggle_type/`, headers: u.auth });
      expect(back.json()._type).toBe("customer");
    });

    it("changes the email after the current password", async () => {
      const u = await createCustomer(shop, smtp);
      const taken = await createCustomer(shop, smtp);
      const url = `/api/auth-users/v1/clients/${u.id}/change_email/`;
      const wrong = await post(url, { email: uniqueEmail("nuevo"), current_password: "no-es" }, u.auth);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().error.message).toBe("La contraseña actual no es correcta");
      const dup = await post(url, { email: taken.email.toUpperCase(), current_password: u.password }, u.auth);
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error.message).toBe("Ya existe un usuario con esas credenciales");
      const email = uniqueEmail("nuevo");
      const ok = await post(url, { email, current_password: u.password }, u.auth);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().email).toBe(email);
      expect((await post("/api/auth-users/token/", { email, password: u.password })).statusCode).toBe(200);
    });

    it("changes the password after the current one: mails a notice and ends the other sessions, not this one", async () => {
      const u = await createCustomer(shop, smtp);
      const elsewhere = await login(shop, u.email, u.password);
      const url = `/api/auth-users/v1/clients/${u.id}/change_password/`;
      const wrong = await post(url, { current_password: "no-es", password: "nueva-123", password_confirmation: "nueva-123" }, u.auth);
      expect(wrong.statusCode).toBe(403);
      const ok = await post(url, { current_password: u.password, password: "nueva-123", password_confirmation: "nueva-123" }, u.auth);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().message).toBe("Tu contraseña se ha cambiado.");
      const mail = await smtp.last(u.email, /se ha cambiado/);
      expect(mail.subject).toBe("Tu contraseña de BañoDirecto España se ha cambiado");
      linkIn(mail, `${PUBLIC_URL}/recuperar-contrasena`);
      expect((await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: u.auth })).statusCode).toBe(200);
      expect((await post("/api/auth-users/token/refresh/", { refresh: u.refresh })).statusCode).toBe(200);
      expect((await post("/api/auth-users/token/refresh/", { refresh: elsewhere.refresh })).statusCode).toBe(401);
      expect(
        (await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: { authorization: `Bearer ${elsewhere.access}` } }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe("addresses", () => {
    const shipping = {
      name: "Ana García",
      phone: "+34 600 123 456",
      address: "Calle Mayor",
      number: "5",
      flat: "2º B",
      postal_code: "28013",
      city: "Madrid",
      province: "Madrid",
      country: "ES",
    };
    const billing = {
      business_name: "Reformas Ana SL",
      tax_type: "cif",
      tax_id: "b-12345674",
      address: "Calle Mayor",
      number: "5",
      postal_code: "28013",
      city: "Madrid",
      province: "Madrid",
      country: "ES",
    };

    it("creates, lists (page=-1: all), reads, edits and deletes shipping addresses with one default", async () => {
      const u = await createCustomer(shop, smtp);
      const base = "/api/auth-users/v1/shipping-addresses/";
      const a = await post(base, { ...shipping, user: u.id }, u.auth);
      expect(a.statusCode).toBe(201);
      expect(a.json()).toMatchObject({ user: u.id, type: "shipping", default: true, phone: "+34600123456", flat: "2º B" });
      const b = await post(base, { ...shipping, address: "Gran Vía", default: true }, u.auth);
      expect(b.json().default).toBe(true);
      const c = await post(base, { ...shipping, address: "Alcalá" }, u.auth);
      expect(c.json().default).toBe(false);

      const all = await shop.app.inject({ method: "GET", url: `${base}?page=-1&user=${u.id}`, headers: u.auth });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toMatchObject({ total: 3, page: 1, pages: 1 });
      expect(all.json().results.map((x: { address: string; default: boolean }) => [x.address, x.default])).toEqual([
        ["Gran Vía", true],
        ["Alcalá", false],
        ["Calle Mayor", false],
      ]);
      const paged = await shop.app.inject({ method: "GET", url: `${base}?page=2&page_size=2`, headers: u.auth });
      expect(paged.json()).toMatchObject({ total: 3, page: 2, page_size: 2, pages: 2 });
      expect(paged.json().results).toHaveLength(1);

      const id = a.json().id;
      const patched = await shop.app.inject({
        method: "PATCH",
        url: `${base}${id}/`,
        headers: u.auth,
        payload: { city: "Alcobendas", postal_code: "28100", default: true },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toMatchObject({ city: "Alcobendas", default: true, address: "Calle Mayor" });
      const defaults = (await shop.app.inject({ method: "GET", url: `${base}?page=-1`, headers: u.auth }))
        .json()
        .results.filter((x: { default: boolean }) => x.default);
      expect(defaults.map((x: { id: number }) => x.id)).toEqual([id]);

      const put = await shop.app.inject({
        method: "PUT",
        url: `${base}${id}/`,
        headers: u.auth,
        payload: { ...shipping, city: "Getafe", postal_code: "28901" },
      });
      // Sent without default, the only default address stays the default: there is always one.
      expect(put.json()).toMatchObject({ city: "Getafe", default: true });

      const del = await shop.app.inject({ method: "DELETE", url: `${base}${b.json().id}/`, headers: u.auth });
      expect(del.statusCode).toBe(204);
      const left = (await shop.app.inject({ method: "GET", url: `${base}?page=-1`, headers: u.auth })).json();
      expect(left.total).toBe(2);
      // The default was deleted: the newest other one takes over, so there is always one.
      expect(left.results.filter((x: { default: boolean }) => x.default)).toHaveLength(1);
      expect((await shop.app.inject({ method: "GET", url: `${base}${b.json().id}/`, headers: u.auth })).statusCode).toBe(404);
    });

    it("validates billing tax ids with control letters and the French formats, in the request's language", async () => {
      const u = await createCustomer(shop, smtp);
      const base = "/api/auth-users/v1/billing-addresses/";
      const ok = await post(base, billing, u.auth);
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ tax_type: "cif", tax_id: "B12345674" });
      const dni = await post(base, { ...billing, tax_type: "dni", tax_id: "12345678A" }, u.auth);
      expect(dni.statusCode).toBe(400);
      expect(dni.json().error).toMatchObject({ code: "accounts.invalid", message: "El formato del DNI no es correcto" });
      const nie = await post(base, { ...billing, tax_type: "nie", tax_id: "X1234567A" }, u.auth);
      expect(nie.json().error.message).toBe("El formato del NIE no es correcto");
      const cif = await post(base, { ...billing, tax_id: "B12345675" }, u.auth);
      expect(cif.json().error.message).toBe("El formato del CIF no es correcto");
      const fr = await post(`${base}?language=fr`, { ...billing, country: "FR", tax_id: "FR1234567890", postal_code: "75001" }, u.auth);
      expect(fr.json().error.message).toBe("Le format du numéro de TVA n'est pas valide");
      const frOk = await post(`${base}?language=fr`, { ...billing, country: "FR", tax_id: "FR12345678901", postal_code: "75001" }, u.auth);
      expect(frOk.statusCode).toBe(201);
      const pc = await post(base, { ...billing, postal_code: "2801" }, u.auth);
      expect(pc.json().error.message).toBe("El código postal debe tener 5 dígitos");
      const phone = await post("/api/auth-users/v1/shipping-addresses/", { ...shipping, phone: "12345" }, u.auth);
      expect(phone.json().error.message).toBe("Introduce un número de teléfono correcto");
    });

    it("keeps one default per user and type even when two are made default at once (database index)", async () => {
      const u = await createCustomer(shop, smtp);
      const base = "/api/auth-users/v1/shipping-addresses/";
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => post(base, { ...shipping, address: `Calle ${i}`, default: true }, u.auth)));
      expect(results.every((r) => r.statusCode === 201)).toBe(true);
      const list = (await shop.app.inject({ method: "GET", url: `${base}?page=-1`, headers: u.auth })).json();
      expect(list.total).toBe(8);
      expect(list.results.filter((x: { default: boolean }) => x.default)).toHaveLength(1);
      await expect(shop.database.exec(`update addresses set is_default = true where user_id = ${u.id} and type = 'shipping'`)).rejects.toThrow(
        /addresses_one_default|duplicate key/,
      );
    });
  });

  describe("favourites", () => {
    it("adds products, pushes the guest's list on login (set-favourites), lists them with their cards, removes by id", async () => {
      const u = await createCustomer(shop, smtp);
      const cards = (await shop.app.inject({ method: "GET", url: "/api/catalog/v1/products/weblist_products/?listing=offers&page_size=4" })).json().results as {
        id: number;
        name: string;
      }[];
      expect(cards.length).toBeGreaterThanOrEqual(3);
      const base = "/api/auth-users/v1/products-wishlist/";
      const one = await post(base, { user: u.id, product: cards[0].id }, u.auth);
      expect(one.statusCode).toBe(201);
      expect(one.json()).toMatchObject({ user: u.id, product_id: cards[0].id, product: { id: cards[0].id, name: cards[0].name } });
      const again = await post(base, { product: cards[0].id }, u.auth);
      expect(again.json().id).toBe(one.json().id);
      const unknown = await post(base, { product: 999_999 }, u.auth);
      expect(unknown.statusCode).toBe(404);

      const set = await post(`${base}set-favourites/`, { user: u.id, product_ids: [cards[1].id, cards[2].id, cards[0].id, 999_999] }, u.auth);
      expect(set.statusCode).toBe(200);
      expect(
        set
          .json()
          .map((x: { product_id: number }) => x.product_id)
          .sort(),
      ).toEqual([cards[0].id, cards[1].id, cards[2].id].sort());
      expect(set.json().every((x: { product: { id: number } | null }) => x.product?.id)).toBe(true);

      const list = await shop.app.inject({ method: "GET", url: `${base}?page=-1`, headers: u.auth });
      expect(list.json().total).toBe(3);
      const fr = await shop.app.inject({ method: "GET", url: `${base}?language=fr&page=-1`, headers: u.auth });
      expect(fr.statusCode).toBe(200);

      const del = await shop.app.inject({ method: "DELETE", url: `${base}${one.json().id}/`, headers: u.auth });
      expect(del.statusCode).toBe(204);
      expect((await shop.app.inject({ method: "GET", url: `${base}?page=-1`, headers: u.auth })).json().total).toBe(2);
    });
  });

  describe("newsletter of the signed-in client", () => {
    it("toggles the subscription in the Spanish store and says so in the profile; the French store has none", async () => {
      const u = await createCustomer(shop, smtp);
      const url = `/api/auth-users/v1/clients/${u.id}/newsletter/`;
      expect((await shop.app.inject({ method: "GET", url, headers: u.auth })).json()).toEqual({ subscribed: false, pending: false, id: null });
      const on = await shop.app.inject({ method: "PUT", url, headers: u.auth });
      // Double opt-in (docs/decisions/047): pending until the confirmation mail's link is followed.
      expect(on.json()).toMatchObject({ subscribed: false, pending: true });
      expect((await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/clients/${u.id}/`, headers: u.auth })).json().newsletter).toBe(false);
      const link = linkIn(await smtp.last(u.email, /^Confirma tu suscripción/), "http");
      const confirmed = await shop.app.inject({
        method: "POST",
        url: "/api/auth-users/v1/newsletters/confirm/",
        payload: { token: link.searchParams.get("token") },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await shop.app.inject({ method: "GET", url, headers: u.auth })).json()).toMatchObject({ subscribed: true, pending: false });
      expect((await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/clients/${u.id}/`, headers: u.auth })).json().newsletter).toBe(true);
      const mine = await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/newsletters/", headers: u.auth });
      expect(mine.json()).toEqual([expect.objectContaining({ email: u.email, source: "profile" })]);
      const off = await shop.app.inject({ method: "DELETE", url, headers: u.auth });
      expect(off.json()).toEqual({ subscribed: false, pending: false, id: null });
      const fr = await shop.app.inject({ method: "PUT", url: `${url}?language=fr`, headers: u.auth });
      expect(fr.statusCode).toBe(404);
    });
  });

  describe("GDPR", () => {
    it("exports everything about the client as a JSON download", async () => {
      const u = await createCustomer(shop, smtp);
      await post(
        "/api/auth-users/v1/shipping-addresses/",
        { name: "Ana", phone: "600123456", address: "Calle Mayor", number: "5", postal_code: "28013", city: "Madrid", province: "Madrid", country: "ES" },
        u.auth,
      );
      await shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${u.id}/newsletter/`, headers: u.auth });
      const res = await shop.app.inject({ method: "GET", url: `/api/auth-users/v1/clients/${u.id}/export/`, headers: u.auth });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/attachment; filename="mis-datos-\d+\.json"/);
      expect(res.headers["cache-control"]).toBe("no-store");
      const data = res.json();
      expect(data.client.email).toBe(u.email);
      expect(data.addresses).toHaveLength(1);
      expect(data.newsletter_subscriptions).toHaveLength(1);
      expect(data.sessions.length).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/argon|password_hash|current_jti/);
    });

    it("deletes the account after the password: data erased, sessions ended, goodbye mail, email free again", async () => {
      const u = await createCustomer(shop, smtp);
      await post(
        "/api/auth-users/v1/billing-addresses/",
        {
          business_name: "X SL",
          tax_type: "dni",
          tax_id: "12345678Z",
          address: "C",
          number: "1",
          postal_code: "28013",
          city: "Madrid",
          province: "Madrid",
          country: "ES",
        },
        u.auth,
      );
      await shop.app.inject({ method: "PUT", url: `/api/auth-users/v1/clients/${u.id}/newsletter/`, headers: u.auth });
      const url = `/api/auth-users/v1/clients/${u.id}/`;
      const wrong = await shop.app.inject({ method: "DELETE", url, headers: u.auth, payload: { password: "no-es" } });
      expect(wrong.statusCode).toBe(403);
      const del = await shop.app.inject({ method: "DELETE", url, headers: u.auth, payload: { password: u.password } });
      expect(del.statusCode).toBe(204);
      const mail = await smtp.last(u.email, /se ha eliminado/);
      expect(mail.text).toContain("Los pedidos y facturas se conservan");

      expect((await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: u.auth })).statusCode).toBe(401);
      expect((await post("/api/auth-users/token/refresh/", { refresh: u.refresh })).statusCode).toBe(401);
      expect((await post("/api/auth-users/token/", { email: u.email, password: u.password })).statusCode).toBe(401);
      const row = (await shop.database.db.execute(
        `select email, name, surnames, phone, password_hash, deleted_at from users where id = ${u.id}`,
      )) as unknown as {
        rows: Record<string, unknown>[];
      };
      expect(row.rows[0]).toMatchObject({ email: `deleted-${u.id}@erased.invalid`, name: "", surnames: "", phone: null, password_hash: "!" });
      expect(row.rows[0].deleted_at).not.toBeNull();
      for (const table of ["addresses", "wishlist_items", "refresh_families", "user_tokens"]) {
        const r = (await shop.database.db.execute(`select count(*)::int as n from ${table} where user_id = ${u.id}`)) as unknown as { rows: { n: number }[] };
        expect(r.rows[0].n, table).toBe(0);
      }
      const subs = (await shop.database.db.execute(`select count(*)::int as n from newsletter_subscriptions where email = '${u.email}'`)) as unknown as {
        rows: { n: number }[];
      };
      expect(subs.rows[0].n).toBe(0);
      // The person may come back with the same email.
      expect((await post("/api/auth-users/v1/clients/signup/", signupBody(u.email))).statusCode).toBe(201);
    });
  });

  it("staff are not customers: no customer account becomes staff, and a staff session opens no customer route", async () => {
    const staff = await createStaff(shop, "owner");
    expect((await shop.app.inject({ method: "GET", url: "/api/auth-users/v1/clients/info/", headers: staff.headers })).statusCode).toBe(401);
    // The staff member's email and password are no customer login.
    expect(
      (await shop.app.inject({ method: "POST", url: "/api/auth-users/token/", payload: { email: staff.email, password: staff.password } })).statusCode,
    ).toBe(401);
  });

  it("documents every accounts route in /api/docs", async () => {
    const doc = (await shop.app.inject({ method: "GET", url: "/api/docs" })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      "/api/auth-users/token/",
      "/api/auth-users/token/refresh/",
      "/api/auth-users/v1/clients/info/",
      "/api/auth-users/v1/clients/signup/",
      "/api/auth-users/v1/clients/update_password/",
      "/api/auth-users/v1/clients/reset_password/",
      "/api/auth-users/v1/clients/activate_user/",
      "/api/auth-users/v1/clients/{id}/",
      "/api/auth-users/v1/clients/{id}/toggle_type/",
      "/api/auth-users/v1/shipping-addresses/",
      "/api/auth-users/v1/billing-addresses/{id}/",
      "/api/auth-users/v1/products-wishlist/set-favourites/",
    ]) {
      expect(paths, p).toContain(p);
    }
    const signup = doc.paths["/api/auth-users/v1/clients/signup/"].post;
    expect(Object.keys(signup.requestBody.content["application/json"].schema.properties)).toEqual(
      expect.arrayContaining(["name", "surnames", "email", "password", "password_confirmation", "privacy", "professional"]),
    );
  });
});
