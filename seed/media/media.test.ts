import { describe, expect, it } from "vitest";
import { PRODUCT_KINDS, productSvg } from "./illustrations.ts";
import { buildPdf } from "./pdf.ts";

describe("illustrations", () => {
  const tray = (texture: "slate" | "smooth") => productSvg({ kind: "shower_tray", color: "#3d3f42", accent: "#c9ced3", texture }, "main");

  it("draws every product kind in every view as a standalone SVG", () => {
    for (const kind of PRODUCT_KINDS) {
      for (const view of ["main", "detail", "environment", "sketch", "3d", "option"] as const) {
        const svg = productSvg({ kind, color: "#f7f7f5", accent: "#c9ced3", dims: { w: 80, d: 120, h: 200 } }, view);
        expect(svg.startsWith("<svg"), `${kind} ${view}`).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).not.toContain("undefined");
        expect(svg).not.toContain("NaN");
      }
    }
  });

  it("tells kinds, textures and profile colours apart", () => {
    expect(tray("slate")).not.toBe(tray("smooth"));
    expect(tray("slate").length).toBeGreaterThan(tray("smooth").length + 2000); // the slate veins
    const screen = (accent: string) => productSvg({ kind: "shower_screen_frontal", color: "#fff", accent }, "main");
    expect(screen("#2a2a2c")).toContain("#2a2a2c");
    expect(screen("#c8a45a")).toContain("#c8a45a");
    expect(screen("#c8a45a")).not.toContain("#2a2a2c");
    const toilet = productSvg({ kind: "toilet_floor", color: "#f7f7f5", accent: "#c9ced3" }, "main");
    const bathtub = productSvg({ kind: "bathtub_freestanding", color: "#f7f7f5", accent: "#c9ced3" }, "main");
    expect(toilet).not.toBe(bathtub);
  });

  it("prints the measures on the sketch", () => {
    const svg = productSvg({ kind: "shower_tray", color: "#fff", accent: "#ccc", dims: { w: 90, d: 160 } }, "sketch");
    expect(svg).toContain("90 cm");
    expect(svg).toContain("160 cm");
  });
});

describe("pdf", () => {
  it("writes a valid PDF whose xref offset points at the xref table", () => {
    const pdf = buildPdf("Ficha técnica", [
      { text: "Plato de ducha Ñandú 80 x 120 cm — 249 €", bold: true },
      { text: "", rule: true },
    ]);
    const text = pdf.toString("latin1");
    expect(text.startsWith("%PDF-1.4")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const offset = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(offset, offset + 4)).toBe("xref");
    // Every object offset in the table points at "<n> 0 obj".
    const entries = text
      .slice(offset)
      .split("\n")
      .slice(3)
      .filter((l) => / n $/.test(l));
    entries.forEach((l, i) => {
      expect(text.slice(Number(l.slice(0, 10)), Number(l.slice(0, 10)) + 10)).toContain(`${i + 1} 0 obj`);
    });
  });
});
