import { describe, expect, it } from "vitest";
import type { AddressDto } from "../../../core/accounts.types.ts";
import { checkoutSchema } from "../../../core/checkout.schema.ts";
import { parseForm } from "../../../core/accounts.forms.ts";
import {
  commissionFor,
  firstInvalid,
  newIdempotencyKey,
  placeOrderForm,
  EMPTY_CART,
  prefill,
  ratePercent,
  STORE_METHODS,
  totalWithoutCommission,
  valuesFromForm,
} from "./checkout-values";

const address = (over: Partial<AddressDto>): AddressDto => ({
  id: 1,
  user: 9,
  type: "shipping",
  name: "Ana García",
  business_name: "",
  tax_type: null,
  tax_id: "",
  phone: "612345678",
  address: "Calle Alcalá",
  flat: "2º izq.",
  number: "10",
  postal_code: "28009",
  city: "Madrid",
  province: "Madrid",
  country: "ES",
  default: true,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  ...over,
});

const user = { name: "Ana", surnames: "García", email: "ana@example.es", phone: null };
const base = { lang: "es" as const, user: null, shipping: null, shippingPicked: false, billing: null, billingPicked: false };

describe("checkout form values", () => {
  it("a guest's empty cart: the store's country, tax id type on the first option (spec 5), same billing data", () => {
    const v = prefill({ ...base, cart: EMPTY_CART });
    expect(v.shipping_country).toBe("ES");
    expect(v.billing_country).toBe("ES");
    expect(v.billing_tax_id_type).toBe("dni");
    expect(v.same_billing_data).toBe("on");
    expect(v.payment_method).toBe("");
    expect(v.billing_business_name).toBe("");
    expect(prefill({ ...base, lang: "fr", cart: EMPTY_CART }).shipping_country).toBe("FR");
  });

  it("a customer: their data and their default address (number and flat in one field), the business name from their name", () => {
    const v = prefill({ ...base, cart: EMPTY_CART, user, shipping: address({}) });
    expect(v).toMatchObject({
      name: "Ana",
      surnames: "García",
      email: "ana@example.es",
      phone: "612345678",
      shipping_address: "Calle Alcalá",
      shipping_number: "10, 2º izq.",
      shipping_postal_code: "28009",
      billing_business_name: "Ana García",
    });
  });

  it("what the shopper typed on this cart before wins over a default address; an address picked now wins over the cart", () => {
    const cart = {
      ...EMPTY_CART,
      shipping_address: "Gran Vía",
      shipping_number: "1",
      shipping_postal_code: "28013",
      payment_method_selected: "paypal" as const,
    };
    expect(prefill({ ...base, cart, user, shipping: address({}) })).toMatchObject({
      shipping_address: "Gran Vía",
      shipping_postal_code: "28013",
      payment_method: "paypal",
    });
    expect(prefill({ ...base, cart, user, shipping: address({}), shippingPicked: true })).toMatchObject({
      shipping_address: "Calle Alcalá",
      shipping_postal_code: "28009",
    });
  });

  it("a saved billing address elsewhere unticks 'same billing data' and fills the tax data", () => {
    const bill = address({
      id: 2,
      type: "billing",
      business_name: "Reformas Ana SL",
      tax_type: "cif",
      tax_id: "B12345674",
      address: "Polígono Sur",
      number: "3",
      flat: "",
    });
    const v = prefill({ ...base, cart: EMPTY_CART, user, shipping: address({}), billing: bill });
    expect(v).toMatchObject({
      same_billing_data: "",
      billing_business_name: "Reformas Ana SL",
      billing_tax_id_type: "cif",
      billing_tax_id: "B12345674",
      billing_address: "Polígono Sur",
      billing_number: "3",
    });
  });

  it("keeps a refused form's values (never the password) and the box's state from the hidden 'false' + checkbox pair", () => {
    const fallback = prefill({ ...base, cart: EMPTY_CART });
    expect(valuesFromForm({ name: "Lu", same_billing_data: "false", password: "secreto" }, fallback)).toMatchObject({ name: "Lu", same_billing_data: "" });
    expect(valuesFromForm({ same_billing_data: "on" }, fallback).same_billing_data).toBe("on");
    expect("password" in valuesFromForm({ password: "x" }, fallback)).toBe(false);
  });

  it("sends the schema only what it knows, and the unticked box as false", () => {
    const form = placeOrderForm({ intent: "place", name: "Lu", same_billing_data: "false", quotation: "on", evil: "1" });
    expect(form).toEqual({ name: "Lu", same_billing_data: "false", quotation: "on" });
    const tax = { billing_business_name: "Lu", billing_tax_id_type: "dni", billing_tax_id: "12345678Z" };
    const r = parseForm(checkoutSchema("es"), { ...form, ...tax, idempotency_key: newIdempotencyKey(), expected_total: "100" }, "es");
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors.billing_address).toBe("Este campo es obligatorio");
      expect(r.fieldErrors.evil).toBeUndefined();
    }
  });

  it("focuses the first field with an error in the order the page shows them", () => {
    expect(firstInvalid({ payment_method: "x", phone: "y", billing_tax_id: "z" })).toBe("phone");
    expect(firstInvalid({})).toBeNull();
    expect(firstInvalid(undefined)).toBeNull();
  });

  it("idempotency keys: 32 url-safe characters, accepted by the schema, never twice the same", () => {
    const keys = new Set(Array.from({ length: 200 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("the total before PayPal's commission, and what PayPal adds (2 %, rounded)", () => {
    const withPaypal = { prices: { pvp: 0, pvp_shipping: 0, pvp_saved: 0, paypal_commission: 770, pvp_total: 39290 } };
    expect(totalWithoutCommission(withPaypal)).toBe(38520);
    expect(commissionFor(withPaypal, 0.02)).toBe(770);
    expect(ratePercent(0.02, "es-ES")).toBe("2 %");
    expect(ratePercent(0.025, "fr-FR")).toBe("2,5 %");
  });

  it("offers Bizum in Spain only; eight methods in Spain", () => {
    expect(STORE_METHODS.es).toHaveLength(8);
    expect(STORE_METHODS.fr).not.toContain("bizum");
  });
});
