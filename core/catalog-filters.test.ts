import { describe, expect, it } from "vitest";
import { EMPTY_SELECTION, parseListingState, parsePage, savedKeysToClear, selectFilter, serialiseListingState, withSelection } from "./catalog-filters.ts";

const parse = (q: string) => parseListingState(new URLSearchParams(q));
const KEYS = { page: "db_product_category_page", position: "product_position" };

describe("listing state in the URL", () => {
  it("reads page, sort, options and ranges, and writes them back unchanged", () => {
    const q = "sort=lower_price&f=12,15&r_3=70-120&page=3";
    const s = parse(q);
    expect(s).toEqual({ page: { from: 3, to: 3 }, sort: "lower_price", selected: { options: [12, 15], ranges: { 3: [70, 120] } } });
    expect(serialiseListingState(s)).toBe(q);
  });

  it("leaves defaults out so the first page of a plain category has a clean URL", () => {
    expect(serialiseListingState(parse("page=1&sort=best_seller"))).toBe("");
  });

  it("accepts what a GET form sends with JavaScript off", () => {
    const s = parse("f=15&f=12&r_3_min=120&r_3_max=70&r_9_min=5");
    expect(s.selected).toEqual({ options: [12, 15], ranges: { 3: [70, 120] } });
    expect(serialiseListingState(s)).toBe("f=12,15&r_3=70-120");
  });

  it("ignores junk instead of failing", () => {
    const s = parse("page=abc&sort=cheapest&f=1,x,-2&r_4=a-b");
    expect(s).toEqual({ page: { from: 1, to: 1 }, sort: "best_seller", selected: { options: [1], ranges: {} } });
  });

  it("keeps a loaded page range (load more / load previous) and caps its length", () => {
    expect(parsePage("2-4")).toEqual({ from: 2, to: 4 });
    expect(parsePage("4-2")).toEqual({ from: 2, to: 2 });
    expect(parsePage("1-50")).toEqual({ from: 45, to: 50 });
    expect(serialiseListingState({ page: { from: 2, to: 4 } })).toBe("page=2-4");
  });

  it("a range starting at 0 survives the round trip", () => {
    expect(parse(serialiseListingState({ selected: { options: [], ranges: { 7: [0, 40] } } })).selected.ranges).toEqual({ 7: [0, 40] });
  });
});

describe("selecting filters (spec toggle rule)", () => {
  it("selecting an option adds it, selecting it again removes it", () => {
    const once = selectFilter(EMPTY_SELECTION, { kind: "option", id: 12 });
    expect(once.options).toEqual([12]);
    expect(selectFilter(once, { kind: "option", id: 12 }).options).toEqual([]);
  });

  it("re-selecting with a value removes the old entry and re-adds it", () => {
    const sel = { options: [12, 15], ranges: {} };
    expect(selectFilter(sel, { kind: "option", id: 12, value: 12 }).options).toEqual([12, 15]);
    expect(selectFilter(sel, { kind: "option", id: 12, value: null }).options).toEqual([15]);
  });

  it("0 counts as a value", () => {
    expect(selectFilter(EMPTY_SELECTION, { kind: "option", id: 0 }).options).toEqual([0]);
    const withRange = selectFilter(EMPTY_SELECTION, { kind: "range", filterId: 3, value: [0, 0] });
    expect(withRange.ranges).toEqual({ 3: [0, 0] });
  });

  it("a range replaces the previous one, and no value removes it", () => {
    const a = selectFilter(EMPTY_SELECTION, { kind: "range", filterId: 3, value: [70, 120] });
    const b = selectFilter(a, { kind: "range", filterId: 3, value: [80, 90] });
    expect(b.ranges).toEqual({ 3: [80, 90] });
    expect(selectFilter(b, { kind: "range", filterId: 3 }).ranges).toEqual({});
    expect(selectFilter(b, { kind: "range", filterId: 3, value: null }).ranges).toEqual({});
  });

  it("changing filters goes back to page 1 and keeps the sort", () => {
    const s = parse("sort=news&page=3-5");
    const next = withSelection(s, { options: [1], ranges: {} });
    expect(serialiseListingState(next)).toBe("sort=news&f=1");
  });
});

describe("saved category page on filter change", () => {
  it("clears the saved page and position when they belong to this category", () => {
    const saved = { id: 8, products: [1, 2], paginator: { less: false, more: true, from: 1, to: 2 } };
    expect(savedKeysToClear(saved, 8, KEYS)).toEqual(["db_product_category_page", "product_position"]);
  });

  it("keeps another category's saved place, and does nothing when nothing is saved", () => {
    const saved = { id: 9, products: [], paginator: { less: false, more: false, from: 1, to: 1 } };
    expect(savedKeysToClear(saved, 8, KEYS)).toEqual([]);
    expect(savedKeysToClear(null, 8, KEYS)).toEqual([]);
  });
});
