import { describe, expect, it } from "vitest";
import { stripTrackingParams } from "./tracking.ts";

describe("stripTrackingParams", () => {
  it("removes every tracking parameter and keeps the others in order", () => {
    expect(stripTrackingParams("/ofertas?utm_source=x&page=2&gclid=1&sort=lower_price")).toBe("/ofertas?page=2&sort=lower_price");
  });
  it("drops the question mark when nothing is left", () => {
    expect(stripTrackingParams("/?fbclid=abc&msclkid=1&srsltid=2&utm_medium=m&utm_campaign=c&utm_term=t&utm_content=c")).toBe("/");
  });
  it("leaves clean URLs alone", () => {
    expect(stripTrackingParams("/marcas?page=1")).toBeNull();
    expect(stripTrackingParams("/marcas")).toBeNull();
  });
  it("never redirects to another site, however the request line is written", () => {
    for (const url of [
      "//evil.example/?utm_source=x",
      "/\\evil.example/?gclid=1",
      "/\t/evil.example/?gclid=1",
      "/.//evil.example/?utm_campaign=1",
      "http://evil.example/?utm_source=1",
      "https://evil.example/x?fbclid=2",
    ]) {
      expect(stripTrackingParams(url), JSON.stringify(url)).toBeNull();
    }
  });
});
