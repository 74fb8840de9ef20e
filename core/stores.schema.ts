/**
 * What the stores API sends (stores and their switches, menus), as Zod schemas; core/stores.ts
 * infers the types from them. See docs/decisions/011.
 */
import { z } from "zod";

/** What a store offers: the storefront shows or hides (404) each section per store. */
export const StoreFeatures = z.object({
  installationService: z.boolean(),
  blog: z.boolean(),
  newsletter: z.boolean(),
  professionalsArea: z.boolean(),
  supportChat: z.boolean(),
  supportPhone: z.boolean(),
});

export const StoreDto = z.object({
  id: z.number().int(),
  sourceCode: z.enum(["ESDB", "FRDB"]),
  language: z.enum(["es", "fr"]),
  locale: z.string(),
  countryCode: z.string(),
  currency: z.string(),
  vatRateBp: z.number().int().describe("VAT in basis points: 2100 = 21 %"),
  pathPrefix: z.string(),
  name: z.string(),
  supportPhone: z.string().nullable(),
  supportEmail: z.string().nullable(),
  features: StoreFeatures,
});

/** A menu entry with its sub-entries (the main menu is a tree; the footer's entries have columns). */
export const MenuItem = z
  .object({
    id: z.number().int(),
    label: z.string(),
    url: z.string(),
    column: z.string().nullable(),
    get children(): z.ZodArray<typeof MenuItem> {
      return z.array(MenuItem);
    },
  })
  .meta({ id: "MenuItem" });
