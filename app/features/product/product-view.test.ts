import { describe, expect, it } from "vitest";
import { unpack } from "~/lib/packed";
import { catalogPart, intern } from "./product-view";

describe("intern (the product page's payload, equal pieces written once)", () => {
  it("makes equal objects and arrays one instance, wherever they sit", () => {
    const price = () => ({ amount: 1999, currency: "EUR" });
    const v = intern({
      variants: [
        { id: 1, price: price(), finishes: [] as string[] },
        { id: 2, price: price(), finishes: [] as string[] },
      ],
      complements: [{ type: { id: 7, name: "Válvula" }, options: [price()] }],
      types: [{ id: 7, name: "Válvula" }],
    });
    expect(v.variants[0].price).toBe(v.variants[1].price);
    expect(v.variants[0].price).toBe(v.complements[0].options[0]);
    expect(v.variants[0].finishes).toBe(v.variants[1].finishes);
    expect(v.complements[0].type).toBe(v.types[0]);
    expect(v.variants[0]).not.toBe(v.variants[1]);
  });

  it("keeps the value as it was, apart from undefined properties", () => {
    const input = {
      a: [1, "1", true, null, 0, "", { b: [[], {}], c: undefined }],
      d: { e: { f: { g: { h: "deep" } } } },
      "with:colon,and comma": 1,
    };
    const out = intern(input);
    expect(out).toEqual({ a: [1, "1", true, null, 0, "", { b: [[], {}] }], d: { e: { f: { g: { h: "deep" } } } }, "with:colon,and comma": 1 });
    expect(JSON.stringify(out)).toBe(JSON.stringify(input));
  });

  it("tells apart values whose text looks alike", () => {
    const v = intern({
      n: { x: 1 },
      s: { x: "1" },
      b: { x: true },
      t: { x: "true" },
      nul: { x: null },
      nulText: { x: "null" },
      // Property names that would read alike if names and values were only joined with ":" and ",".
      p: { "a:1,b": 2 },
      q: { a: 1, b: 2 },
      arr: ["1,2"],
      arr2: ["1", "2"],
      objInArr: [{}],
      arrInArr: [[]],
    });
    expect(new Set([v.n, v.s, v.b, v.t, v.nul, v.nulText]).size).toBe(6);
    expect(v.p).toEqual({ "a:1,b": 2 });
    expect(v.q).toEqual({ a: 1, b: 2 });
    expect(v.arr).toEqual(["1,2"]);
    expect(v.arr2).toEqual(["1", "2"]);
    expect(v.objInArr[0]).toEqual({});
    expect(v.arrInArr[0]).toEqual([]);
  });

  it("does not change its input", () => {
    const shared = { amount: 5 };
    const input = { a: { amount: 5 }, b: shared, c: undefined };
    const before = JSON.stringify(input);
    intern(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(input.b).toBe(shared);
    expect("c" in input).toBe(true);
  });
});

describe("catalogPart (the interned views packed once per cached page and stock levels)", () => {
  type Page = Parameters<typeof catalogPart>[0];
  const page = (attributes: Page["attributes"], stock: number[]): Page =>
    ({
      product: { id: 1, name: "Plato", stock: stock[0], variants: stock.map((s, i) => ({ id: 10 + i, stock: s, prices: { pvp_web: 100 } })) },
      attributes,
      complements: [],
      complementTypes: [],
      technical: [],
    }) as unknown as Page;

  it("gives the same text to every request of a cached page while its stock stays, with equal parts shared", () => {
    const cached: Page["attributes"] = [];
    const first = catalogPart(page(cached, [3, 3]));
    expect(catalogPart(page(cached, [3, 3]))).toBe(first);
    const view = unpack(first);
    expect(view.product.variants.map((v) => v.stock)).toEqual([3, 3]);
    expect(view.product.variants[0].prices).toBe(view.product.variants[1].prices);
  });

  it("packs again when a stock level changed, or for another cached page (a catalog change)", () => {
    const cached: Page["attributes"] = [];
    const first = catalogPart(page(cached, [3, 3]));
    const sold = catalogPart(page(cached, [3, 0]));
    expect(sold).not.toBe(first);
    expect(unpack(sold).product.variants.map((v) => v.stock)).toEqual([3, 0]);
    const reloaded = catalogPart(page([], [3, 0]));
    expect(reloaded).not.toBe(sold);
    expect(reloaded.json).toBe(sold.json);
  });

  it("keeps only the text: the server's render parses its own copy", () => {
    const packed = catalogPart(page([], [1]));
    expect(unpack(packed)).not.toBe(unpack(packed));
    expect(unpack(packed)).toEqual(unpack(packed));
  });
});
