import { describe, expect, it } from "vitest";
import { addressSchema, changePasswordSchema, loginSchema, newPasswordSchema, parseForm, profileSchema, signupSchema, tokenSchema } from "./accounts.forms.ts";

const signup = { name: "Ana", surnames: "García López", email: " Ana@Example.ES ", password: "secreto1", password_confirmation: "secreto1", privacy: "on" };

describe("sign-up form", () => {
  it("accepts a complete form, lower-cases the email, professional off by default", () => {
    const r = parseForm(signupSchema("es"), signup);
    expect(r).toEqual({
      ok: true,
      data: {
        name: "Ana",
        surnames: "García López",
        email: "ana@example.es",
        password: "secreto1",
        password_confirmation: "secreto1",
        privacy: true,
        professional: false,
      },
    });
    const pro = parseForm(signupSchema("es"), { ...signup, professional: "on" });
    expect(pro.ok && pro.data.professional).toBe(true);
  });

  it("gives the spec's Spanish messages", () => {
    const r = parseForm(signupSchema("es"), { ...signup, password: "corta", password_confirmation: "otra" });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors.password).toBe("Mínimo 6 caracteres requeridos");
    }
    const mismatch = parseForm(signupSchema("es"), { ...signup, password_confirmation: "secreto2" });
    expect(!mismatch.ok && mismatch.fieldErrors.password_confirmation).toBe("Las contraseñas no coinciden");
    const empty = parseForm(signupSchema("es"), {});
    expect(!empty.ok && empty.fieldErrors).toMatchObject({
      name: "El nombre es obligatorio",
      surnames: "Los apellidos son obligatorios",
      email: "Introduce tu email",
      password: "Introduce tu contraseña",
      privacy: "Debes aceptar la política de privacidad",
    });
  });

  it("speaks French in /fr", () => {
    const r = parseForm(signupSchema("fr"), { ...signup, password: "abc", password_confirmation: "abc" });
    expect(!r.ok && r.fieldErrors.password).toBe("6 caractères minimum");
  });

  it("refuses fields the form does not have (no mass assignment)", () => {
    const r = parseForm(signupSchema("es"), { ...signup, role: "staff", is_active: true });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fieldErrors).toMatchObject({ role: "Este campo no se puede enviar", is_active: "Este campo no se puede enviar" });
  });
});

describe("login form", () => {
  it("needs email, password and the terms ('Debes de aceptar los términos y condiciones')", () => {
    const r = parseForm(loginSchema("es"), { email: "ana@example.es", password: "x" });
    expect(!r.ok && r.fieldErrors.terms).toBe("Debes de aceptar los términos y condiciones");
    expect(parseForm(loginSchema("es"), { email: "ana@example.es", password: "x", terms: "on" }).ok).toBe(true);
    // The API's token call has no terms box.
    expect(parseForm(tokenSchema("es"), { email: "ana@example.es", password: "x" }).ok).toBe(true);
  });
});

describe("passwords", () => {
  it("new password: 6+ characters and a matching confirmation", () => {
    expect(parseForm(newPasswordSchema("es"), { password: "secreto1", password_confirmation: "secreto1" }).ok).toBe(true);
    const r = parseForm(newPasswordSchema("es"), { password: "secreto1", password_confirmation: "x" });
    expect(!r.ok && r.fieldErrors.password_confirmation).toBe("Las contraseñas no coinciden");
  });
  it("change password asks for the current one", () => {
    const r = parseForm(changePasswordSchema("es"), { password: "secreto1", password_confirmation: "secreto1" });
    expect(!r.ok && r.fieldErrors.current_password).toBe("Introduce tu contraseña");
  });
});

describe("profile form", () => {
  it("validates the phone with the store's rule and refuses role or type", () => {
    expect(parseForm(profileSchema("es"), { name: "Ana", surnames: "G", phone: "600 123 456" })).toEqual({
      ok: true,
      data: { name: "Ana", surnames: "G", phone: "600123456" },
    });
    const bad = parseForm(profileSchema("es"), { name: "Ana", surnames: "G", phone: "12" });
    expect(!bad.ok && bad.fieldErrors.phone).toBe("Introduce un número de teléfono correcto");
    expect(parseForm(profileSchema("es").partial(), { _type: "professional" }).ok).toBe(false);
  });
});

describe("address forms (spec 3 and 5)", () => {
  const shipping = {
    name: "Ana García",
    phone: "600123456",
    address: "Calle Mayor",
    number: "5",
    postal_code: "28013",
    city: "Madrid",
    province: "Madrid",
    country: "ES",
  };
  const billing = {
    business_name: "Reformas Ana SL",
    tax_type: "cif",
    tax_id: "B12345674",
    address: "Calle Mayor",
    number: "5",
    postal_code: "28013",
    city: "Madrid",
    province: "Madrid",
    country: "ES",
  };

  it("accepts a shipping address without tax id and a billing address with a valid CIF", () => {
    const s = parseForm(addressSchema("es", "shipping"), shipping);
    expect(s.ok).toBe(true);
    if (s.ok) expect(s.data).toMatchObject({ tax_type: null, tax_id: "", flat: "", default: false });
    expect(parseForm(addressSchema("es", "billing"), billing).ok).toBe(true);
  });

  it("refuses a DNI with a wrong control letter with 'El formato del DNI no es correcto'", () => {
    const r = parseForm(addressSchema("es", "billing"), { ...billing, tax_type: "dni", tax_id: "12345678A" });
    expect(!r.ok && r.fieldErrors.tax_id).toBe("El formato del DNI no es correcto");
    const nie = parseForm(addressSchema("es", "billing"), { ...billing, tax_type: "nie", tax_id: "X1234567A" });
    expect(!nie.ok && nie.fieldErrors.tax_id).toBe("El formato del NIE no es correcto");
    const cif = parseForm(addressSchema("es", "billing"), { ...billing, tax_id: "B12345675" });
    expect(!cif.ok && cif.fieldErrors.tax_id).toBe("El formato del CIF no es correcto");
  });

  it("shows the DNI and phone errors together with an empty street, at the first submit", () => {
    const r = parseForm(addressSchema("es", "billing"), { ...billing, address: "", tax_type: "dni", tax_id: "12345678A" });
    expect(!r.ok && r.fieldErrors.tax_id).toBe("El formato del DNI no es correcto");
    expect(!r.ok && r.fieldErrors.address).toBeTruthy();
    const s = parseForm(addressSchema("es", "shipping"), { ...shipping, city: "", phone: "12345" });
    expect(!s.ok && s.fieldErrors.phone).toBe("Introduce un número de teléfono correcto");
  });

  it("checks phone and postal code with the spec's rules, per country", () => {
    const r = parseForm(addressSchema("es", "shipping"), { ...shipping, phone: "12345", postal_code: "2801" });
    expect(!r.ok && r.fieldErrors).toMatchObject({ phone: "Introduce un número de teléfono correcto", postal_code: "El código postal debe tener 5 dígitos" });
    const fr = parseForm(addressSchema("fr", "shipping"), { ...shipping, country: "FR", phone: "06 12 34 56 78", postal_code: "75001" });
    expect(fr.ok).toBe(true);
    const frBad = parseForm(addressSchema("fr", "shipping"), { ...shipping, country: "FR", phone: "600123456" });
    expect(!frBad.ok && frBad.fieldErrors.phone).toBe("Saisissez un numéro de téléphone valide");
  });

  it("requires the billing fields and the shipping recipient", () => {
    const b = parseForm(addressSchema("es", "billing"), { ...billing, business_name: "", tax_type: undefined, tax_id: "" });
    expect(!b.ok && b.fieldErrors).toMatchObject({ business_name: "Este campo es obligatorio", tax_type: "Selecciona el tipo de documento" });
    const s = parseForm(addressSchema("es", "shipping"), { ...shipping, name: "", country: "" });
    expect(!s.ok && s.fieldErrors).toMatchObject({ name: "Este campo es obligatorio", country: "Selecciona un país" });
  });

  it("refuses id, type or created_at in the payload; accepts user (the server checks it is the caller)", () => {
    expect(parseForm(addressSchema("es", "shipping"), { ...shipping, user: 7 }).ok).toBe(true);
    const r = parseForm(addressSchema("es", "shipping"), { ...shipping, id: 3, type: "billing" });
    expect(!r.ok && Object.keys(r.fieldErrors)).toEqual(expect.arrayContaining(["id", "type"]));
  });
});
