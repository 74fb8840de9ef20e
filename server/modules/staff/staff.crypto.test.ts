import { describe, expect, it } from "vitest";
import { base32, base32Decode, checkSetupProof, newRecoveryCodes, setupProof, totpNow, totpStep } from "./staff.crypto.ts";

describe("staff two-factor and setup-link crypto", () => {
  it("base32 round-trips and matches RFC 4648's vector", () => {
    expect(base32(new TextEncoder().encode("foobar"))).toBe("MZXW6YTBOI");
    expect(new TextDecoder().decode(base32Decode("MZXW6YTBOI"))).toBe("foobar");
  });
  it("gives RFC 6238's SHA-1 test vector (59 s -> 287082, 6 digits)", () => {
    const key = new TextEncoder().encode("12345678901234567890");
    expect(totpNow(key, 59_000)).toBe("287082");
    expect(totpStep(key, "287082", 59_000)).toBe(1);
    // One step of drift either side, no more.
    expect(totpStep(key, "287082", 89_000)).toBe(1);
    expect(totpStep(key, "287082", 125_000)).toBeNull();
    expect(totpStep(key, "28708", 59_000)).toBeNull();
  });
  it("makes ten distinct recovery codes", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  });
  it("accepts the setup proof of the same secret within a minute either side, nothing else", () => {
    const t = 1_800_000_000_000;
    expect(checkSetupProof("s".repeat(40), setupProof("s".repeat(40), t), t + 30_000)).toBe(true);
    expect(checkSetupProof("s".repeat(40), setupProof("s".repeat(40), t), t + 180_000)).toBe(false);
    expect(checkSetupProof("t".repeat(40), setupProof("s".repeat(40), t), t)).toBe(false);
    expect(checkSetupProof("s".repeat(40), "zz", t)).toBe(false);
  });
});
