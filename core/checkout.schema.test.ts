import { describe, expect, it } from "vitest";
import { parseForm } from "./accounts.forms.ts";
import { checkoutSchema } from "./checkout.schema.ts";

const valid = {
  idempotency_key: "abcdefghijklmnop1234",
  expected_total: "23409",
  name: "Lucía",
  surnames: "Martín",
  phone: "+34 612-345-678",
  email: "Lucia@Example.es",
  shipping_address: "Calle Mayor",
  shipping_number: "12, 3º B",
  shipping_postal_code: "28013",
  shipping_city: "Madrid",
  shipping_province: "Madrid",
  shipping_country: "ES",
  billing_business_name: "Reformas Martín SL",
  billing_tax_id_type: "cif",
  billing_tax_id: "b-1234567-4",
  payment_method: "card",
};

describe("checkout form (spec 5)", () => {
  it("accepts a complete form: billing address = shipping address by default, ids normalised", () => {
    const r = parseForm(checkoutSchema("es"), valid, "es");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data).toMatchObject({
      expected_total: 23409,
      phone: "+34612345678",
      email: "lucia@example.es",
      same_billing_data: true,
      billing_address: "Calle Mayor",
      billing_postal_code: "28013",
      billing_country: "ES",
      billing_tax_id: "B12345674",
      quotation: false,
      password: "",
    });
  });

  it("gives every error of a bad form at once, in the spec's words", () => {
    const r = parseForm(
      checkoutSchema("es"),
      { ...valid, phone: "1234", payment_method: "", shipping_postal_code: "280", shipping_country: "FR", billing_tax_id: "B1234567X", email: "no" },
      "es",
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors).toMatchObject({
      phone: "Introduce un número de teléfono correcto",
      payment_method: "Selecciona un método de pago",
      shipping_postal_code: "El código postal debe tener 5 dígitos",
      shipping_country: "Selecciona un país",
    });
    expect(r.fieldErrors.email).toBeTruthy();
  });

  it.each([
    ["dni", "12345678A", "El formato del DNI no es correcto"],
    ["nie", "X1234567A", "El formato del NIE no es correcto"],
    ["cif", "B12345670", "El formato del CIF no es correcto"],
  ])("checks the %s control character", (type, id, message) => {
    const r = parseForm(checkoutSchema("es"), { ...valid, billing_tax_id_type: type, billing_tax_id: id }, "es");
    expect(r.ok ? null : r.fieldErrors.billing_tax_id).toBe(message);
  });

  it("refuses delivery to the Canary Islands, and to Corsica and overseas in France", () => {
    const es = parseForm(checkoutSchema("es"), { ...valid, shipping_postal_code: "38001" }, "es");
    expect(es.ok ? null : es.fieldErrors.shipping_postal_code).toBe("Lo sentimos, no realizamos envíos a este código postal");
    const fr = parseForm(
      checkoutSchema("fr"),
      { ...valid, phone: "06 12 34 56 78", shipping_country: "FR", shipping_postal_code: "20000", billing_tax_id_type: "cif", billing_tax_id: "FR12345678901" },
      "fr",
    );
    expect(fr.ok ? null : fr.fieldErrors.shipping_postal_code).toBe("Désolés, nous ne livrons pas ce code postal");
  });

  it("asks for the billing address only when it differs from the shipping one", () => {
    const r = parseForm(checkoutSchema("es"), { ...valid, same_billing_data: "false" }, "es");
    expect(r.ok ? null : Object.keys(r.fieldErrors).sort()).toEqual([
      "billing_address",
      "billing_city",
      "billing_country",
      "billing_number",
      "billing_postal_code",
      "billing_province",
    ]);
    // A wrong tax id does not hide the billing address's errors (all shown at once), nor the reverse.
    const both = parseForm(checkoutSchema("es"), { ...valid, same_billing_data: "false", billing_tax_id: "12345678A" }, "es");
    expect(both.ok ? null : Object.keys(both.fieldErrors)).toEqual(expect.arrayContaining(["billing_tax_id", "billing_address", "billing_postal_code"]));
    if (!both.ok) expect(both.fieldErrors.billing_tax_id).toMatch(/^El formato del (DNI|NIE|CIF) no es correcto$/);
  });

  it("refuses fields the form does not have (no mass assignment) and short passwords", () => {
    const r = parseForm(checkoutSchema("es"), { ...valid, status: 400, user_id: 1, password: "abc" }, "es");
    expect(r.ok ? null : r.fieldErrors).toMatchObject({
      status: "Este campo no se puede enviar",
      user_id: "Este campo no se puede enviar",
      password: "Mínimo 6 caracteres requeridos",
    });
  });
});
