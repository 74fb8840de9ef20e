import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, SUB_ORDER_STATUSES } from "../../../core/orders.ts";
import { hasKey } from "../../../core/i18n/index.ts";
import { addressLines, deliveryRange, formatDate, formatDay, orderPath, orderStatusTone, subOrderStatusTone } from "./order-format";

describe("order formatting", () => {
  it("every order and package status has a label in Spanish and French", () => {
    for (const s of ORDER_STATUSES) for (const l of ["es", "fr"] as const) expect(hasKey(l, `orders.status.${s}`), `${l} ${s}`).toBe(true);
    for (const s of SUB_ORDER_STATUSES) for (const l of ["es", "fr"] as const) expect(hasKey(l, `orders.sub_status.${s}`), `${l} ${s}`).toBe(true);
  });

  it("colours statuses by what the customer should feel", () => {
    expect(orderStatusTone(400)).toBe("ok");
    expect(orderStatusTone(300)).toBe("warn");
    expect(orderStatusTone(700)).toBe("bad");
    expect(subOrderStatusTone(700)).toBe("ok");
    expect(subOrderStatusTone(900)).toBe("warn");
  });

  it("an address as label lines, skipping what is empty", () => {
    expect(addressLines({ address: "Calle Mayor", number: "12, 3º B", postal_code: "28013", city: "Madrid", province: "Madrid", country: "ES" })).toEqual([
      "Calle Mayor, 12, 3º B",
      "28013 Madrid",
      "Madrid",
    ]);
    expect(addressLines({ address: null, number: null, postal_code: "28013", city: null, province: null, country: null })).toEqual(["28013"]);
  });

  it("delivery days are calendar dates (no time-zone shift), order dates are Madrid's", () => {
    expect(formatDay("2026-12-03", "es-ES")).toBe("3 de diciembre");
    expect(formatDay("2026-12-03", "fr-FR", true)).toBe("3 décembre 2026");
    expect(deliveryRange("2026-12-03", "2026-12-07", "es-ES")).toEqual({ from: "3 de diciembre", to: "7 de diciembre" });
    expect(deliveryRange(null, "2026-12-07", "es-ES")).toBeNull();
    // 23:30 UTC on 31 December is already 1 January in Madrid.
    expect(formatDate("2026-12-31T23:30:00Z", "es-ES")).toBe("1 de enero de 2027");
  });

  it("a signed-in owner reads the order in the profile; anyone else through the signed link", () => {
    const o = { id: 41, customer: 9, kind: "order" as const };
    expect(orderPath("es", o, { userId: 9, linkToken: null })).toBe("/profile/9/order/41");
    expect(orderPath("fr", { ...o, kind: "quotation" }, { userId: 9, linkToken: null })).toBe("/fr/profile/9/quotation/41");
    expect(orderPath("es", o, { userId: null, linkToken: "a b" })).toBe("/order/41?t=a%20b");
    expect(orderPath("es", o, { userId: 3, linkToken: "tok" })).toBe("/order/41?t=tok");
  });
});
