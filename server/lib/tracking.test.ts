import { describe, expect, it } from "vitest";
import { stripTrackingParams } from "./tracking.ts";

describe("stripTrackingParams", () => {
  it("removes every tracking parameter and keeps the others in order", () => {
    expect(stripTrackingParams("/ofertas?utm_source=x&page=2&gclid=1&sort=lower_price")).toBe(
      "/ofertas?page=2&sort=lower_price",
    );
  });
  it("drops the question mark when nothing is left", () => {
    expect(stripTrackingParams("/?fbclid=abc&msclkid=1&srsltid=2&utm_medium=m&utm_campaign=c&utm_term=t&utm_content=c"))
      .toBe("/");
  });
  it("leaves clean URLs alone", () => {
    expect(stripTrackingParams("/marcas?page=1")).toBeNull();
    expect(stripTrackingParams("/marcas")).toBeNull();
  });
});
