import { z } from "zod";

/** Validators shared by the back office's people and moderation routes. */
export const Id = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const StoreId = z.coerce.number().int().min(1).max(2_147_483_647).optional().describe("Only this store (its id)");
export const Before = z.coerce.number().int().min(1).max(2_147_483_647).optional().describe("Keyset cursor: the `next` of the previous page");
export const Limit = z.coerce.number().int().min(1).max(200).default(50);
/** Text typed by staff: no NUL or control characters (line breaks and tabs allowed when `multiline`). */
export const Text = (max: number, multiline = false) =>
  z
    .string()
    .trim()
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
    .refine((s) => !(multiline ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0000-\u001f\u007f]/).test(s), "Contiene caracteres no válidos");
export const Page = <T extends z.ZodType>(row: T) => z.object({ results: z.array(row), next: z.number().int().nullable() });
