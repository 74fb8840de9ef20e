import { z } from "zod";
import { hasControlCharacters } from "../../../core/validation.ts";

export const IdNum = z.coerce.number().int().min(1).max(2_147_483_647);
export const Id = z.object({ id: IdNum });

/** Free text typed by staff: trimmed, bounded, no NUL or control characters (line breaks allowed when multiline). */
export const Text = (max: number, min = 0, multiline = false) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !hasControlCharacters(multiline ? v.replace(/[\r\n\t]/g, "") : v), "Contiene caracteres no permitidos");

export const Cents = z.number().int().min(1).max(100_000_000);

export const MoneySummary = z.object({
  order: z.object({
    id: z.number().int(),
    number: z.string(),
    status: z.number().int(),
    total: z.number().int(),
    payment_method: z.string().nullable(),
    payment_reference: z.string().nullable(),
    email: z.string().nullable(),
    expires_at: z.string().nullable(),
  }),
  paid: z.number().int().describe("Cents invoiced (received)"),
  refunded: z.number().int().describe("Cents given back by credit notes"),
  refundable: z.number().int().describe("What can still be refunded: paid minus refunded"),
  rows: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      ref: z.string(),
      quantity: z.number().int(),
      final_total: z.number().int(),
      refunded_quantity: z.number().int(),
      refundable_quantity: z.number().int(),
    }),
  ),
  credit_notes: z.array(z.object({ id: z.number().int(), number: z.string(), total: z.number().int(), issued_at: z.string(), reason: z.string().nullable() })),
  refunds: z.array(
    z.object({
      id: z.number().int(),
      amount: z.number().int(),
      status: z.string(),
      provider: z.string(),
      created_at: z.string(),
      reason: z
        .enum(["duplicate", "late", "amount_mismatch"])
        .nullable()
        .describe("Set when the shop gave the money back by itself (docs/decisions/046): a second payment, a late one, another amount"),
    }),
  ),
  actions: z.object({ confirm_transfer: z.boolean(), resend_payment_link: z.boolean(), cancel: z.boolean(), refund: z.boolean() }),
});

export const RefundBody = z
  .object({
    lines: z
      .array(z.object({ row_id: IdNum, quantity: z.number().int().min(1).max(100_000) }).strict())
      .min(1)
      .max(200)
      .optional(),
    amount: Cents.optional().describe("Cents, VAT included (instead of lines)"),
    reason: Text(500, 3),
  })
  .strict()
  .refine((b) => (b.lines ? 1 : 0) + (b.amount ? 1 : 0) === 1, "Indica líneas o un importe (uno de los dos)");

export const RefundResult = z.object({
  credit_note: z.object({ id: z.number().int(), number: z.string(), total: z.number().int() }),
  refund_status: z.string(),
  paid: z.number().int(),
  refunded: z.number().int(),
  refundable: z.number().int(),
});

export const Transfer = z.object({
  id: z.number().int(),
  number: z.string(),
  reference: z.string(),
  status: z.number().int(),
  total: z.number().int(),
  email: z.string().nullable(),
  name: z.string(),
  placed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
