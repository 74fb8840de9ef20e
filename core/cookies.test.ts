import { describe, expect, it } from "vitest";
import { consentFromCookies, cookieAttributes, cookieValue, hasPersonalCookie, parseCookies, serializeCookie, shopCookie } from "./cookies.ts";

describe("cookie parsing (one parser for the page cache and the render)", () => {
  it("reads cookies by exact name, the first of a name winning", () => {
    expect(cookieValue("a=1; session=xyz; cookie_consent=all", "session")).toBe("xyz");
    expect(cookieValue("my_session=1", "session")).toBeUndefined();
    expect(cookieValue("cookie_consent=; cookie_consent=accepted", "cookie_consent")).toBe("");
    expect(parseCookies('x="quoted"; y=caf%C3%A9; z=%E0%A4%A').get("y")).toBe("café");
    expect(parseCookies('x="quoted"; z=%E0%A4%A').get("x")).toBe("quoted");
    expect(parseCookies("z=%E0%A4%A").get("z")).toBe("%E0%A4%A");
    expect(parseCookies(undefined).size).toBe(0);
  });

  it("reads the consent as accepted, rejected or nothing", () => {
    expect(consentFromCookies("cookie_consent=accepted")).toBe("accepted");
    expect(consentFromCookies("a=b;cookie_consent=rejected")).toBe("rejected");
    expect(consentFromCookies("cookie_consent=; cookie_consent=accepted")).toBeNull();
    expect(consentFromCookies("cookie_consent=all")).toBeNull();
    expect(consentFromCookies("xcookie_consent=accepted")).toBeNull();
    expect(consentFromCookies(null)).toBeNull();
  });

  it("knows which cookies make a request personal", () => {
    expect(hasPersonalCookie("sid=1")).toBe(true);
    expect(hasPersonalCookie("locale=es; __Host-sid=1")).toBe(true);
    expect(hasPersonalCookie("access_token=a")).toBe(true);
    expect(hasPersonalCookie("sid_access=a")).toBe(true);
    expect(hasPersonalCookie("__Host-sid_refresh=a")).toBe(true);
    expect(hasPersonalCookie("bd_cart=t")).toBe(true);
    expect(hasPersonalCookie("locale=es; cookie_consent=accepted; sidebar=1")).toBe(false);
  });
});

describe("cookie attributes", () => {
  it("adds Secure when the shop is served over https, and only then", () => {
    expect(cookieAttributes({ publicUrl: "https://shop.example" }).secure).toBe(true);
    expect(cookieAttributes({ publicUrl: "http://localhost:3000" }).secure).toBe(false);
    expect(shopCookie({ publicUrl: "https://shop.example" }, "locale", "fr", { maxAge: 10 })).toBe("locale=fr; Path=/; Max-Age=10; SameSite=Lax; Secure");
    expect(shopCookie({ publicUrl: "http://localhost:3000" }, "cookie_consent", "accepted", { maxAge: 10, httpOnly: true })).toBe(
      "cookie_consent=accepted; Path=/; Max-Age=10; SameSite=Lax; HttpOnly",
    );
  });

  it("refuses a cookie name that would break the header", () => {
    expect(() => serializeCookie("a;b", "1")).toThrow();
    expect(serializeCookie("x", "a b;c")).toBe("x=a%20b%3Bc; Path=/; SameSite=Lax");
  });
});
