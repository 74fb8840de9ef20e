import { describe, expect, it } from "vitest";
import { isValidEmail, parseNewsletter } from "./validation.ts";

describe("email rule (local part, @, domain with a TLD of 2+ letters)", () => {
  it.each(["ana@example.es", "ana.garcia+obra@mail.example.com", "A@B.CO"])("accepts %s", (e) => {
    expect(isValidEmail(e)).toBe(true);
  });
  it.each(["ana", "ana@", "@example.es", "ana@example", "ana@example.e", "ana@example.c0m", "ana garcia@example.es", "ana@@example.es", "ana@.es"])(
    "rejects %s",
    (e) => {
      expect(isValidEmail(e)).toBe(false);
    },
  );
});

describe("newsletter forms", () => {
  const ok = { name: "Ana", surname: "García", email: " Ana@Example.ES ", terms: "on" };

  it("accepts the footer form and normalises the email", () => {
    const r = parseNewsletter("es", "footer", ok);
    expect(r).toEqual({ ok: true, data: { name: "Ana", surname: "García", email: "ana@example.es", terms: true } });
  });

  it("asks for the terms with the spec's message when the box is not ticked", () => {
    const r = parseNewsletter("es", "footer", { ...ok, terms: undefined });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fieldErrors.terms).toBe("Debes de aceptar los términos y condiciones");
  });

  it("gives one Spanish message per missing or wrong field", () => {
    const r = parseNewsletter("es", "footer", { name: "  ", email: "ana@example" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors).toEqual({
        name: "El nombre es obligatorio",
        surname: "Los apellidos son obligatorios",
        email: "Introduce un email válido",
        terms: "Debes de aceptar los términos y condiciones",
      });
    }
  });

  it("answers in French for the French store", () => {
    const r = parseNewsletter("fr", "footer", { ...ok, email: "x", terms: false });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors.email).toBe("Saisissez un e-mail valide");
      expect(r.fieldErrors.terms).toBe("Vous devez accepter les conditions générales");
    }
  });

  it("does not require a surname in the popup form", () => {
    const r = parseNewsletter("es", "popup", { name: "Ana", email: "ana@example.es", terms: true });
    expect(r.ok).toBe(true);
  });
});

describe("control characters in one-line fields", () => {
  const ok = { name: "Ana", surname: "García", email: "ana@example.es", terms: "on" };

  it.each([
    ["name", "Ana\u0000"],
    ["surname", "Garc\u0000ía"],
    ["name", "Ana\r\nBcc: x@evil.example"],
    ["surname", "\u001b[31mGarcía"],
    ["name", "Ana\u0085"],
  ])("refuses %s %j with a message, in Spanish and French", (field, value) => {
    const es = parseNewsletter("es", "footer", { ...ok, [field]: value });
    expect(es.ok).toBe(false);
    if (!es.ok) expect(es.fieldErrors[field]).toBe("Contiene caracteres no permitidos");
    const fr = parseNewsletter("fr", "footer", { ...ok, [field]: value });
    if (!fr.ok) expect(fr.fieldErrors[field]).toBe("Contient des caractères non autorisés");
    expect(fr.ok).toBe(false);
  });

  it("refuses an email with a NUL byte or a line break", () => {
    expect(isValidEmail("ana\u0000@example.es")).toBe(false);
    expect(isValidEmail("ana@example.es\u0000")).toBe(false);
    expect(parseNewsletter("es", "footer", { ...ok, email: "ana@exa\u0000mple.es" }).ok).toBe(false);
    expect(parseNewsletter("es", "popup", { name: "Ana", surname: "x\u0000", email: "ana@example.es", terms: true }).ok).toBe(false);
  });

  it("keeps accents, apostrophes and other letters", () => {
    const r = parseNewsletter("fr", "footer", { ...ok, name: "Zoé-Anaïs", surname: "D'Aubigné Ñúñez" });
    expect(r.ok).toBe(true);
  });
});
