import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { OrderPayments, ResultCode, StartPaymentInput, StartPaymentResult } from "./payments.types.ts";

export type PaymentsDeps = {
  db: Db;
  config: Config;
  mail: MailService;
  /** The checkout's side of the contract (late-bound: the checkout is built after payments). */
  orders: () => OrderPayments;
};

/**
 * Payments (issue 9): one provider interface, the embedded sandbox provider by default.
 * PLACEHOLDER: being written (see payments.types.ts for the contract).
 */
export function createPaymentsService(deps: PaymentsDeps) {
  void deps;
  return {
    /** Opens a payment for a placed order: a provider session (redirect) or transfer instructions. */
    async startPayment(_ctx: RequestContext, _input: StartPaymentInput): Promise<StartPaymentResult> {
      throw new Error("payments: not implemented yet");
    },
    /**
     * The shopper came back from the provider's page (/checkout/result/{reference}?...): asks the
     * provider for the result (Adyen's /payments/details, PayPal's capture) and applies it.
     */
    async completeReturn(_ctx: RequestContext, _input: { reference: string; query: Record<string, string> }): Promise<{ resultCode: ResultCode }> {
      throw new Error("payments: not implemented yet");
    },
    /** Gives money back for an order (cancellation after payment, return), idempotently. */
    async refund(_input: { orderId: number; reference: string; amount: number; idempotencyKey: string }): Promise<{ ok: boolean }> {
      throw new Error("payments: not implemented yet");
    },
    start() {},
    async stop() {},
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
