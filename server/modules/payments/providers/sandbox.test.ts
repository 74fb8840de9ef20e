import { describe, expect, it } from "vitest";
import { hmacSignature, type NotificationItem, signingString, validSignature } from "./adyen-hmac.ts";
import { luhnValid } from "./sandbox.ts";
import { checkCard } from "./sandbox-page.ts";

const KEY = "44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056";
const item: NotificationItem = {
  amount: { value: 1130, currency: "EUR" },
  eventCode: "AUTHORISATION",
  eventDate: "2026-11-25T10:00:00+01:00",
  merchantAccountCode: "TestMerchant",
  merchantReference: "TestPayment-1407325143704",
  pspReference: "7914073381342284",
  success: "true",
};

describe("Adyen's HMAC scheme", () => {
  it("signs the eight fields joined by ':' (an empty originalReference stays in place), escaping ':' and '\\'", () => {
    expect(signingString(item)).toBe("7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true");
    expect(signingString({ ...item, merchantReference: "a:b\\c" })).toBe("7914073381342284::TestMerchant:a\\:b\\\\c:1130:EUR:AUTHORISATION:true");
  });

  it("accepts its own signature and refuses any change, another key, or none", () => {
    const signed = { ...item, additionalData: { hmacSignature: hmacSignature(item, KEY) } };
    expect(signed.additionalData.hmacSignature).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(validSignature(signed, KEY)).toBe(true);
    expect(validSignature({ ...signed, amount: { value: 1131, currency: "EUR" } }, KEY)).toBe(false);
    expect(validSignature({ ...signed, success: "false" }, KEY)).toBe(false);
    expect(validSignature(signed, "00".repeat(32))).toBe(false);
    expect(validSignature(item, KEY)).toBe(false);
    expect(validSignature({ ...item, additionalData: { hmacSignature: "x".repeat(500) } }, KEY)).toBe(false);
  });
});

describe("the sandbox's card form", () => {
  it("checks card numbers with Luhn", () => {
    for (const ok of ["4111111111111111", "4000000000000002", "4000000000003220", "5555555555554444"]) expect(luhnValid(ok)).toBe(true);
    for (const bad of ["4111111111111112", "1234", "", "41111111111111111111", "4111-1111-1111-1111"]) expect(luhnValid(bad)).toBe(false);
  });

  it("wants a future expiry, a 3-4 digit CVC and a holder", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    const ok = checkCard({ number: "4111 1111 1111 1111", expiry: "11/26", cvc: "123", holder: "Ana" }, luhnValid, now);
    expect(ok).toEqual({ errors: {}, number: "4111111111111111" });
    expect(checkCard({ number: "4111111111111111", expiry: "10/26", cvc: "123", holder: "Ana" }, luhnValid, now).errors).toEqual({ expiry: true });
    expect(checkCard({ number: "4111111111111111", expiry: "13/30", cvc: "12345", holder: " " }, luhnValid, now).errors).toEqual({
      expiry: true,
      cvc: true,
      holder: true,
    });
    expect(checkCard({ number: "4111111111111111", expiry: "01/2030", cvc: "1234", holder: "Ana" }, luhnValid, now).errors).toEqual({});
  });
});
