import { z } from "zod";
import { MAX_QUANTITY, MIN_QUANTITY, type Selection } from "./configurator.ts";

const id = z.string().regex(/^\d{1,9}$/);
const optionMap = z.record(id, z.number().int().positive()).default({});
// Measures are checked against the product's limits afterwards; here only their shape.
const rangeMap = z.record(id, z.number().finite()).default({});
const quantity = z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY);
/** The installation wizard's answers, sent with the `facility` complement (priced on the server from the database). */
export const facilityChoice = z.object({
  disassembly: z.boolean(),
  premeasure: z.boolean(),
  city_id: z.number().int().positive().max(2_147_483_647),
  distance: z.union([z.literal(500), z.literal(520)]),
});

/** A configuration as the add-to-cart form submits it (JSON in the `selection` field). */
export const selectionSchema = z.object({
  quantity,
  options: optionMap,
  ranges: rangeMap,
  texts: z.record(id, z.string().max(500)).default({}),
  complements: z
    .record(z.string().regex(/^[\w-]{1,64}$/), z.object({ quantity, options: optionMap, ranges: rangeMap, facility: facilityChoice.optional() }))
    .default({}),
});

// The parsed shape is exactly what the configurator evaluates.
export type ParsedSelection = z.output<typeof selectionSchema> & Selection;

export const addToCartSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\w-]+$/),
  selection: z
    .string()
    .max(20_000)
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "selection is not JSON" });
        return z.NEVER;
      }
    })
    .pipe(selectionSchema),
});
