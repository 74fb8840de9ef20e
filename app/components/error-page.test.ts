import { afterEach, describe, expect, it, vi } from "vitest";
import { errorStatus, reloadOnChunkError } from "./error-page";

describe("errorStatus", () => {
  it("takes statusCode, then status, then response.status", () => {
    expect(errorStatus({ statusCode: 404 })).toBe(404);
    expect(errorStatus({ status: 403 })).toBe(403);
    expect(errorStatus({ response: { status: 502 } })).toBe(502);
    expect(errorStatus({ statusCode: 410, status: 400, response: { status: 503 } })).toBe(410);
    expect(errorStatus({ status: 401, response: { status: 503 } })).toBe(401);
  });

  it("reads the status of a route error response and of a thrown Response", () => {
    // What a boundary receives when a loader throws data(null, {status: 404}).
    expect(errorStatus({ status: 404, statusText: "Not Found", internal: false, data: null })).toBe(404);
    expect(errorStatus(new Response(null, { status: 410 }))).toBe(410);
  });

  it("defaults to 500 for anything else", () => {
    expect(errorStatus(new Error("boom"))).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
    expect(errorStatus("text")).toBe(500);
    expect(errorStatus({ status: "404" })).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
    expect(errorStatus({ statusCode: 700 })).toBe(500);
  });
});

describe("reloadOnChunkError", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  function fakeWindow() {
    const store = new Map<string, string>();
    const reload = vi.fn();
    vi.stubGlobal("window", {
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v) },
      location: { reload },
    });
    return reload;
  }

  it("reloads on a failed chunk load at most once per 60 seconds", () => {
    vi.useFakeTimers();
    const reload = fakeWindow();
    const err = new TypeError("Failed to fetch dynamically imported module: /assets/cart-abc.js");
    expect(reloadOnChunkError(err)).toBe(true);
    expect(reloadOnChunkError(err)).toBe(false);
    vi.advanceTimersByTime(59_000);
    expect(reloadOnChunkError(err)).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(reloadOnChunkError(err)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("ignores other errors", () => {
    const reload = fakeWindow();
    expect(reloadOnChunkError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
