import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";

/** PLACEHOLDER (issue 10): the invoice of a paid order, numbered in the transaction that pays it. */
export function createInvoicesService(deps: { db: Db; config: Config }) {
  void deps;
  return {};
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
