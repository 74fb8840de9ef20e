import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Adyen's HMAC scheme for standard webhooks: HMAC-SHA256, keyed with the hex key decoded to
 * bytes, over the item's fields joined by ":" (a "\" or ":" inside a value is escaped with "\"),
 * base64 in additionalData.hmacSignature. The sandbox signs with it; a real Adyen adapter
 * verifies with the same code and the key from Adyen's Customer Area.
 */
export type NotificationItem = {
  additionalData?: Record<string, string>;
  amount: { value: number; currency: string };
  eventCode: string;
  eventDate: string;
  merchantAccountCode: string;
  merchantReference: string;
  originalReference?: string;
  paymentMethod?: string;
  pspReference: string;
  reason?: string;
  success: "true" | "false";
};

const escapeValue = (v: string) => v.replace(/\\/g, "\\\\").replace(/:/g, "\\:");

export function signingString(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? "",
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ]
    .map((v) => escapeValue(String(v ?? "")))
    .join(":");
}

export function hmacSignature(item: NotificationItem, hexKey: string): string {
  return createHmac("sha256", Buffer.from(hexKey, "hex")).update(signingString(item), "utf8").digest("base64");
}

/** True only when the item carries the signature the key gives it (constant-time comparison). */
export function validSignature(item: NotificationItem, hexKey: string): boolean {
  const given = item.additionalData?.hmacSignature;
  if (typeof given !== "string" || given.length === 0 || given.length > 200) return false;
  const expected = Buffer.from(hmacSignature(item, hexKey));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
