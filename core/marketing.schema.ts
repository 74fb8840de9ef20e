/**
 * What the marketing API sends (popups, newsletter sign-ups), as Zod schemas; the types of
 * core/marketing.types.ts are inferred from them. See docs/decisions/011.
 */
import { z } from "zod";

export const PopupDto = z.object({
  id: z.number().int(),
  popup_type: z.number().int().describe("100: newsletter form, 200: button"),
  url_pattern: z.string(),
  title: z.string(),
  text: z.string(),
  button_label: z.string().nullable(),
  button_url: z.string().nullable(),
});

export const NewsletterSubscribed = z.object({ id: z.number().int(), email: z.string(), message: z.string() });
