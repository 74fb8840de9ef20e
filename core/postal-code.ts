/**
 * Postal codes (spec 5 and 9): five digits. Some areas are not delivered to at all (Canary
 * Islands; French overseas departments and Corsica) and the Balearic Islands have no free
 * shipping. Browser-safe: the address forms, the cart and checkout read these same rules.
 */
export type PostalCountry = "ES" | "FR";

export const POSTAL_CODE_PATTERN = /^\d{5}$/;

/** Prefixes without delivery: 35 and 38 (Canary Islands); 97, 98 and 20 (French islands, Corsica). */
export const DELIVERY_EXCLUDED_PREFIXES: Record<PostalCountry, readonly string[]> = {
  ES: ["35", "38"],
  FR: ["97", "98", "20"],
};

/** Prefixes that are delivered but never ship free: 07 (Balearic Islands). */
export const NO_FREE_SHIPPING_PREFIXES: Record<PostalCountry, readonly string[]> = {
  ES: ["07"],
  FR: [],
};

export function isValidPostalCode(value: string): boolean {
  return POSTAL_CODE_PATTERN.test(value.trim());
}

export function deliveryExcluded(country: PostalCountry, postalCode: string): boolean {
  const pc = postalCode.trim();
  return DELIVERY_EXCLUDED_PREFIXES[country].some((p) => pc.startsWith(p));
}

export function freeShippingExcluded(country: PostalCountry, postalCode: string): boolean {
  const pc = postalCode.trim();
  return NO_FREE_SHIPPING_PREFIXES[country].some((p) => pc.startsWith(p));
}
