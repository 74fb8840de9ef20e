import { describe, expect, it, vi } from "vitest";
import { type Packed, pack, packCache, packKept, unpack } from "./packed";

/** What the browser gets: the text only, as it comes out of a JSON round trip of the loader data. */
const overTheWire = <T>(p: Packed<T>): Packed<T> => JSON.parse(JSON.stringify(p));

describe("packed loader data", () => {
  it("reads back in the browser exactly what the server packed, quotes, backslashes and line separators included", () => {
    const value = {
      name: `Plato "Ibiza" d'Aragó`,
      html: '<p class="x">a\\b\n\u2028c</p>',
      empty: "",
      nul: "a\0b\u0000c",
      n: [0, -1, 1.5, 17900],
      flags: { a: true, b: false, c: null },
      nested: [[], {}, [{ x: "'" }]],
    };
    const back = unpack(overTheWire(pack(value)));
    expect(back).toStrictEqual(value);
  });

  it("writes characters past Latin-1 as escapes (a text of one byte per character in memory), and reads them back", () => {
    const value = { price: "desde 179 € – envío “gratis” 🚿", plain: "Baño" };
    const packed = pack(value);
    expect([...packed.json].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    expect(packed.json).toContain("Baño");
    expect(unpack(overTheWire(packed))).toStrictEqual(value);
  });

  it("writes no double quote for data without one: the document escapes a double quote twice, a single one not at all", () => {
    const text = pack({ a: "b", c: [1, { d: "e" }] }).json;
    expect(text).not.toContain('"');
    expect(text).toContain("'a'");
  });

  it("writes a part shared by several places once, and the browser gets it back shared (one object, as the server had it)", () => {
    const finish = { id: 65, ref: "CR", value_string: "Cromo", block_options: [] };
    const attribute = { slug: "acabado-grifo", options: [finish] };
    const value = {
      complements: [
        { id: "c-1", attributes: [attribute] },
        { id: "c-2", attributes: [attribute] },
      ],
      also: finish,
    };
    const packed = pack(value);
    expect(packed.json.match(/acabado-grifo/g)).toHaveLength(1);
    expect(packed.json.match(/Cromo/g)).toHaveLength(1);
    const back = unpack(overTheWire(packed));
    expect(back).toStrictEqual(value);
    expect(back.complements[0].attributes[0]).toBe(back.complements[1].attributes[0]);
    expect(back.also).toBe(back.complements[1].attributes[0].options[0]);
  });

  it("hands the server's render the packed object itself, and the browser's renders one object per loader data", () => {
    const value = { a: [1, 2] };
    const packed = pack(value);
    expect(unpack(packed)).toBe(value);
    vi.stubGlobal("document", {});
    try {
      const wire = overTheWire(packed);
      expect(unpack(wire)).toBe(unpack(wire));
      expect(unpack(wire)).not.toBe(value);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("keeps no value with a text packed without it: the server parses its own copy on every call", () => {
    const packed = pack({ a: [1, 2] }, { keepValue: false });
    expect(unpack(packed)).toStrictEqual({ a: [1, 2] });
    expect(unpack(packed)).not.toBe(unpack(packed));
  });

  it("packs a kept object once, however often a loader hands it out", () => {
    const page = { results: [{ id: 1, text: "Muy bien" }], page: 1 };
    expect(packKept(page)).toBe(packKept(page));
    expect(packKept({ ...page })).not.toBe(packKept(page));
    expect(unpack(overTheWire(packKept(page)))).toStrictEqual(page);
  });

  it("refuses data with a key that stands for a reference, instead of reading it back as another value", () => {
    expect(() => pack({ x: { "@": 0 } })).toThrow(/"@"/);
  });

  it("packs equal contents once, whichever requests built them, and a change of any field anew", () => {
    const packCards = packCache(8);
    const brand = { name: "Bañoidea" };
    const cards = (stock: number) => [
      { id: 1, name: "Plato Ibiza", brand, stock },
      { id: 2, name: "Plato Aragó", brand, stock: 3 },
    ];
    const first = packCards(cards(0));
    // Another request's objects, the same content: the same pack, its text made once.
    expect(packCards(cards(0))).toBe(first);
    // One stock level changed: another text, read back as the new cards.
    const other = packCards(cards(5));
    expect(other).not.toBe(first);
    expect(unpack(overTheWire(other))).toStrictEqual(cards(5));
    expect(unpack(overTheWire(first))).toStrictEqual(cards(0));
  });

  it("keeps the most recently used packs only", () => {
    const packList = packCache(2);
    const a = packList(["a"]);
    const b = packList(["b"]);
    expect(packList(["a"])).toBe(a); // a used after b: b is the oldest
    packList(["c"]); // drops b
    expect(packList(["a"])).toBe(a);
    expect(packList(["b"])).not.toBe(b);
    expect(unpack(packList(["b"]))).toStrictEqual(["b"]);
  });
});
