import { complementTypeSvg, type ProductKind } from "../../media/illustrations.ts";
import { ATTRIBUTES, COMPLEMENT_TYPES, GROUPS } from "../data.ts";
import type { Gen } from "./context.ts";

/** Configuration groups, attributes with their options (blocks, locks, surcharges) and complement types. */
export function addConfiguration(g: Gen) {
  const { rows, images, groupId, attrId, optionId, optionDef, ctId } = g;
  GROUPS.forEach((gr, i) => {
    groupId.set(gr.slug, i + 1);
    rows.configurationGroups.push({ id: i + 1, slug: gr.slug, name: gr.name });
  });
  let optSeq = 0;
  ATTRIBUTES.forEach((a, i) => {
    attrId.set(a.slug, i + 1);
    a.options.forEach((op) => {
      optSeq++;
      optionId.set(`${a.slug}:${op.slug}`, optSeq);
      optionDef.set(optSeq, { ...op, attr: a.slug });
    });
  });
  COMPLEMENT_TYPES.forEach((c, i) => {
    ctId.set(c.slug, i + 1);
    rows.complementTypes.push({ id: i + 1, slug: c.slug, name: c.name, position: i, img: c.img });
    const kind: ProductKind | "installation" =
      c.slug === "valvula"
        ? "drain_valve"
        : c.slug === "rejilla"
          ? "grate"
          : c.slug === "asiento"
            ? "toilet_seat"
            : c.slug === "patas"
              ? "legs"
              : c.slug === "espejo"
                ? "mirror"
                : "installation";
    images.push({ key: c.img, svg: () => complementTypeSvg(kind) });
  });
  ATTRIBUTES.forEach((a, i) => {
    rows.attributes.push({
      id: i + 1,
      src: a.src,
      slug: a.slug,
      name: a.name,
      fieldType: a.field,
      translate: a.translate ?? true,
      aesthetic: a.aesthetic ?? false,
      unit: a.unit ?? null,
    });
    a.options.forEach((op, k) => {
      const id = optionId.get(`${a.slug}:${op.slug}`)!;
      rows.attributeOptions.push({
        id,
        attributeId: i + 1,
        ref: op.ref,
        price: op.price ?? 0,
        position: k,
        slug: op.slug,
        valueString: op.name,
        valueNumeric: op.numeric ?? null,
        valueRangeMin: op.range?.[0] ?? null,
        valueRangeMax: op.range?.[1] ?? null,
        poolPosition: a.aesthetic ? k : 0,
        // Sizes drawn on the sketch in this order (largest last).
        positionSketch: a.field === "select" && a.unit === "cm" ? k + 1 : 0,
        blockOptions: (op.blocks ?? []).map((b) => optionId.get(b)!).filter(Boolean),
        complementsLocked: (op.locks ?? []).map((l) => ctId.get(l)!).filter(Boolean),
        color: op.color ?? null,
      });
    });
  });
}
