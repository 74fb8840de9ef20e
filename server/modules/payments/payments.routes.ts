import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { isValidPhone } from "../../../core/phone.ts";
import { t } from "../../../core/i18n/index.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { originGuard } from "../../lib/origin-check.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import type { Services } from "../index.ts";
import { accessOf } from "../orders/orders.routes.ts";
import { apiContext, StoreQuery } from "../stores/stores.query.ts";
import { luhnValid, type SandboxRow } from "./providers/sandbox.ts";
import { type CardValues, checkCard, renderClosedPage, renderPayPage } from "./providers/sandbox-page.ts";
import { PAYMENT_SESSION_MINUTES } from "./payments.types.ts";

const TAG = "payments";
const Reference = z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, "payment reference");
const ProviderParam = z.object({ provider: z.string().regex(/^[a-z0-9_-]{2,30}$/) });
const AccessQuery = StoreQuery.extend({ t: z.string().max(64).optional().describe("The signed link's token, from the order mail (guests)") });
const Amount = z.object({ value: z.number().int(), currency: z.literal("EUR") });

const SessionDto = z.object({
  id: z.string(),
  sessionData: z.string(),
  url: z.string(),
  reference: z.string(),
  amount: Amount,
  returnUrl: z.string(),
  expiresAt: z.string(),
  shopperLocale: z.string(),
});
const DetailsDto = z.object({
  resultCode: z.enum(["Authorised", "Refused", "Error", "Pending", "Cancelled"]),
  pspReference: z.string().nullable(),
  merchantReference: z.string(),
  amount: Amount,
});
const WalletOrderDto = z.object({
  id: z.string(),
  status: z.enum(["CREATED", "PAYER_ACTION_REQUIRED", "APPROVED", "COMPLETED", "VOIDED"]),
  intent: z.literal("CAPTURE"),
  purchase_units: z.array(
    z.object({
      reference_id: z.string(),
      custom_id: z.string(),
      description: z.string(),
      amount: z.object({ currency_code: z.literal("EUR"), value: z.string() }),
      payments: z
        .object({
          captures: z.array(z.object({ id: z.string(), status: z.string(), amount: z.object({ currency_code: z.literal("EUR"), value: z.string() }) })),
        })
        .optional(),
    }),
  ),
  links: z.array(z.object({ rel: z.string(), href: z.string(), method: z.enum(["GET", "POST"]) })),
  create_time: z.string(),
  update_time: z.string(),
});
const TransferDto = z.object({
  reference: z.string(),
  amount: z.number().int(),
  bank: z.object({ holder: z.string(), iban: z.string(), bic: z.string(), bank: z.string() }),
});

function refuse(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ error: { code, message } });
}

const IDEMPOTENCY = "An `Idempotency-Key` header (or `idempotency_key`) makes a retry answer the same session instead of opening another.";

/**
 * /api/payment/v1/{provider}/... (spec 7): the card provider's session and details calls
 * (Adyen-shaped), the wallet provider's order calls (PayPal-shaped), the providers' webhooks,
 * and a transfer's bank details.
 */
export async function paymentsRoutes(app: FastifyInstance, services: Services) {
  const { stores, orders, payments, checkout } = services;
  app.addHook("onSend", async (req, reply) => {
    if (req.url.includes("/payment/v1/")) reply.header("cache-control", "private, no-store");
  });

  /** The caller's order behind a reference, ready to pay (status 300), or the refusal already sent. */
  async function payable(req: FastifyRequest, reply: FastifyReply, ctx: RequestContext, query: z.output<typeof AccessQuery>, reference: string) {
    const order = await orders.byReference(ctx, reference, accessOf(req, services, query.t));
    if (!order) return { ctx, refused: refuse(reply, 404, "order.not_found", t(ctx.language, "errors.order.not_found")) };
    const forPayment = await checkout.orderPayments.byReference(reference);
    if (forPayment?.status !== 300) return { ctx, refused: refuse(reply, 409, "payment.not_payable", t(ctx.language, "errors.payment.not_payable")) };
    return { ctx, order, forPayment };
  }

  const keyOf = (req: FastifyRequest, body: { idempotency_key?: string | undefined }, fallback: string) => {
    const h = req.headers["idempotency-key"];
    const header = typeof h === "string" && /^[\w.:-]{8,100}$/.test(h) ? h : null;
    return header ?? body.idempotency_key ?? fallback;
  };

  apiRoute(
    app,
    {
      method: "POST",
      url: "/payment/v1/:provider/payments/session/",
      tag: TAG,
      summary: "Opens the card provider's payment session for an order waiting for payment (Adyen-shaped /sessions)",
      description: `For card, Bizum, Klarna, Scalapay, Google Pay and Apple Pay. The shopper pays at \`url\` (the provider's hosted page) and comes back to /checkout/result/{reference}. ${IDEMPOTENCY} The order is its customer's, its guest's (\`X-Cart-Token\`) or the signed link's (\`?t=\`); anyone else gets 404.`,
      params: ProviderParam,
      query: AccessQuery,
      body: z.object({
        reference: Reference,
        idempotency_key: z
          .string()
          .regex(/^[\w.:-]{8,100}$/)
          .optional(),
      }),
      response: SessionDto,
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const provider = payments.provider(params.provider, "card");
      if (!provider) return refuse(reply, 404, "payment.provider_not_found", t(ctx.language, "errors.payment.provider_not_found"));
      const p = await payable(req, reply, ctx, query, body.reference);
      if ("refused" in p) return p.refused;
      const method = p.forPayment.method;
      if (!method || method === "paypal" || method === "transfer")
        return refuse(reply, 409, "payment.wrong_method", t(ctx.language, "errors.payment.wrong_method"));
      const started = await checkout.openPayment(p.ctx, body.reference, keyOf(req, body, `session-${body.reference}`));
      if (started?.type !== "redirect") return refuse(reply, 409, "payment.not_payable", t(ctx.language, "errors.payment.not_payable"));
      const attempt = await payments.attemptFor(body.reference, started.sessionId);
      const returnUrl = new URL(`/checkout/result/${body.reference}`, services.config.publicUrl).toString();
      return {
        id: started.sessionId,
        sessionData: Buffer.from(JSON.stringify({ id: started.sessionId, reference: body.reference })).toString("base64url"),
        url: started.url,
        reference: body.reference,
        amount: { value: attempt?.amount ?? p.forPayment.total, currency: "EUR" as const },
        returnUrl,
        expiresAt: (attempt?.expiresAt ?? new Date(Date.now() + PAYMENT_SESSION_MINUTES * 60_000)).toISOString(),
        shopperLocale: p.forPayment.language === "fr" ? "fr-FR" : "es-ES",
      };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/payment/v1/:provider/payments/details/",
      tag: TAG,
      summary: "The shopper's return from the card provider: its result, applied to the order once (Adyen-shaped /payments/details)",
      description:
        "Send the `redirectResult` the provider added to the return URL. The result is applied to the order exactly once, whether the webhook came first or not. Authorised pays the order; Refused, Error and Cancelled give the shopper their cart back.",
      params: ProviderParam,
      body: z.object({ details: z.object({ redirectResult: z.string().min(10).max(400) }) }),
      response: DetailsDto,
      errors: [404, 422],
    },
    async ({ params, body }, req, reply) => {
      const lang = req.headers["accept-language"]?.startsWith("fr") ? "fr" : "es";
      const provider = payments.provider(params.provider, "card");
      if (!provider) return refuse(reply, 404, "payment.provider_not_found", t(lang, "errors.payment.provider_not_found"));
      const result = await payments.details(provider.name, body.details);
      if (!result) return refuse(reply, 422, "payment.details_invalid", t(lang, "errors.payment.details_invalid"));
      return {
        resultCode: result.resultCode,
        pspReference: result.pspReference,
        merchantReference: result.merchantReference,
        amount: { value: result.amount, currency: "EUR" as const },
      };
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/payment/v1/:provider/payments/create_order/",
      tag: TAG,
      summary: "Creates the wallet provider's order for an order waiting for a PayPal payment (PayPal Orders v2-shaped)",
      description: `The shopper approves it at the \`payer-action\` link and comes back to /checkout/result/{reference}?token={id}, where the shop captures it. ${IDEMPOTENCY} Access as for an order; anyone else gets 404.`,
      params: ProviderParam,
      query: AccessQuery,
      body: z.object({
        reference: Reference,
        idempotency_key: z
          .string()
          .regex(/^[\w.:-]{8,100}$/)
          .optional(),
      }),
      response: WalletOrderDto,
      status: 201,
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, body, user }, req, reply) => {
      const ctx = await apiContext(stores, query, user);
      const provider = payments.provider(params.provider, "wallet");
      if (!provider) return refuse(reply, 404, "payment.provider_not_found", t(ctx.language, "errors.payment.provider_not_found"));
      const p = await payable(req, reply, ctx, query, body.reference);
      if ("refused" in p) return p.refused;
      if (p.forPayment.method !== "paypal") return refuse(reply, 409, "payment.wrong_method", t(ctx.language, "errors.payment.wrong_method"));
      const started = await checkout.openPayment(p.ctx, body.reference, keyOf(req, body, `order-${body.reference}`));
      if (started?.type !== "redirect") return refuse(reply, 409, "payment.not_payable", t(ctx.language, "errors.payment.not_payable"));
      return provider.orderDetails(started.sessionId);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/payment/v1/:provider/payments/order_details/",
      tag: TAG,
      summary: "The wallet provider's order: its status (CREATED, PAYER_ACTION_REQUIRED, APPROVED, COMPLETED, VOIDED) and captures",
      description: "Read-only: the shop captures an approved order when the shopper comes back (or when reconciling).",
      params: ProviderParam,
      query: z.object({ id: z.string().regex(/^[A-Z0-9]{10,40}$/) }),
      response: WalletOrderDto,
      errors: [404],
    },
    async ({ params, query }, req, reply) => {
      const lang = req.headers["accept-language"]?.startsWith("fr") ? "fr" : "es";
      const provider = payments.provider(params.provider, "wallet");
      const order = provider ? await provider.orderDetails(query.id) : null;
      return order ?? refuse(reply, 404, "payment.not_found", t(lang, "errors.payment.not_found"));
    },
  );

  apiRoute(
    app,
    {
      method: "POST",
      url: "/payment/v1/:provider/webhooks/",
      tag: TAG,
      summary: "The provider's notifications (Adyen standard webhook: notificationItems signed with HMAC-SHA256)",
      description:
        "Every item must carry a valid `additionalData.hmacSignature` or the call is refused with 401 and nothing is applied. Each event is applied once (unique per provider and pspReference:eventCode:success), whatever the number of deliveries or their order; the answer is `[accepted]`.",
      params: ProviderParam,
      body: z.object({
        live: z.string().optional(),
        notificationItems: z
          .array(z.object({ NotificationRequestItem: z.record(z.string(), z.unknown()) }))
          .min(1)
          .max(100),
      }),
      response: z.string(),
      errors: [404],
    },
    async ({ params, body }, req, reply) => {
      if (!payments.providers.has(params.provider)) return refuse(reply, 404, "payment.provider_not_found", t("es", "errors.payment.provider_not_found"));
      const r = await payments.webhook(params.provider, body);
      if (!r) {
        req.log.warn({ provider: params.provider }, "webhook refused: signature missing or wrong");
        return refuse(reply, 401, "payment.webhook_signature", "HMAC signature missing or invalid");
      }
      return reply.type("text/plain; charset=utf-8").send(r.answer);
    },
  );

  apiRoute(
    app,
    {
      method: "GET",
      url: "/payment/v1/transfer/:reference/",
      tag: TAG,
      summary: "A transfer order's bank details and the reference to write on the transfer (spec 9)",
      description:
        "Staff confirm the transfer within 24 hours (POST /checkout/v1/orders/{id}/confirm_transfer/). Access as for an order; anyone else gets 404.",
      params: z.object({ reference: Reference }),
      query: AccessQuery,
      response: TransferDto,
      auth: "optional",
      errors: [404, 409],
    },
    async ({ params, query, user }, req, reply) => {
      const p = await payable(req, reply, await apiContext(stores, query, user), query, params.reference);
      if ("refused" in p) return p.refused;
      if (p.forPayment.method !== "transfer") return refuse(reply, 409, "payment.wrong_method", t(p.ctx.language, "errors.payment.wrong_method"));
      return {
        reference: params.reference,
        amount: p.forPayment.total,
        bank: payments.transferInstructions({ reference: params.reference, amount: p.forPayment.total }),
      };
    },
  );
}

const Form = z.record(z.string(), z.string().max(200));

/** The sandbox provider's hosted payment page (outside /api): GET shows it, POST acts on it. */
export async function paymentsRootRoutes(app: FastifyInstance, services: Services) {
  const { payments, config } = services;
  const { page } = payments.sandbox;
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 8_000 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const guard = originGuard(config.publicUrl);

  const send = (reply: FastifyReply, row: SandboxRow, html: string, status = 200) => {
    const returnOrigin = new URL(row.returnUrl).origin;
    return reply
      .status(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header(
        "content-security-policy",
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${returnOrigin}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .send(html);
  };
  const notFound = (reply: FastifyReply) =>
    reply.status(404).header("content-type", "text/plain; charset=utf-8").header("cache-control", "no-store").send("Payment session not found");

  app.get<{ Params: { id: string } }>("/sandbox-pay/:id", async (req, reply) => {
    const row = await page.load(req.params.id);
    if (!row) return notFound(reply);
    if (page.expired(row)) return send(reply, row, renderClosedPage(row, page.returnTo(row), "expired"), 410);
    if (row.status !== "open" && row.status !== "challenge") return reply.redirect(page.returnTo(row), 303);
    return send(reply, row, renderPayPage(row));
  });

  app.post<{ Params: { id: string } }>("/sandbox-pay/:id", { preHandler: guard }, async (req, reply) => {
    const row = await page.load(req.params.id);
    if (!row) return notFound(reply);
    const parsed = Form.safeParse(req.body ?? {});
    const form = parsed.success ? parsed.data : {};
    if (page.expired(row)) {
      await page.cancel(row);
      return send(reply, row, renderClosedPage(row, page.returnTo(row), "expired"), 410);
    }
    let after: SandboxRow | null = row;
    switch (form.action) {
      case "cancel":
        after = await page.cancel(row);
        break;
      case "card": {
        if (row.status !== "open" || row.method !== "card") break;
        const { errors, number } = checkCard(form, luhnValid);
        if (Object.keys(errors).length) {
          const values: CardValues = { number: form.number, expiry: form.expiry, holder: form.holder };
          return send(reply, row, renderPayPage(row, { errors, values }), 422);
        }
        after = await page.payByCard(row, number);
        break;
      }
      case "challenge": {
        if (row.status !== "challenge") break;
        const r = await page.challenge(row, String(form.code ?? "").trim());
        after = r.row;
        if (after?.status === "challenge") return send(reply, after, renderPayPage(after, { wrongCode: true }), 422);
        break;
      }
      case "approve":
      case "fail": {
        if (row.status !== "open" || row.method === "card") break;
        if (form.action === "approve" && row.method === "bizum" && !isValidPhone("ES", String(form.phone ?? ""))) {
          return send(reply, row, renderPayPage(row, { errors: { phone: true }, values: { phone: form.phone } }), 422);
        }
        after = await page.decide(row, form.action === "approve");
        break;
      }
      default:
        return send(reply, row, renderPayPage(row), 400);
    }
    if (!after) return notFound(reply);
    if (after.status === "open" || after.status === "challenge") return reply.redirect(`/sandbox-pay/${after.id}`, 303);
    return reply.redirect(page.returnTo(after), 303);
  });
}
