import { data, type HeadersFunction } from "react-router";
import { z } from "zod";
import type { CartDto } from "../../../core/cart.types.ts";
import { MAX_QUANTITY, MIN_QUANTITY } from "../../../core/configurator.ts";
import { t } from "../../../core/i18n/index.ts";
import { stripLocale } from "../../../core/stores.ts";
import { type CartRequest, cartHeaders, cartRequest, cartView, currentCart } from "~/features/cart/cart.server";
import { CartPage, type CartPageData } from "~/features/cart/cart-page";
import type { CartActionResult } from "~/features/cart/cart-view";
import { rootMeta } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { formObject, PRIVATE, requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/cart";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** A cart is one visitor's: never stored by any cache, whatever the loader or action said. */
export const headers: HeadersFunction = () => ({ "Cache-Control": PRIVATE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const r = await cartRequest(request, context);
  const current = await currentCart(r, context);
  const added = Number(r.url.searchParams.get("added"));
  return data(
    {
      lang: r.lang,
      path: stripLocale(r.url.pathname),
      cart: current ? cartView(current) : null,
      added: Number.isSafeInteger(added) && added > 0 ? added : null,
      // Back from the payment page: the cart became an order still waiting for its payment (docs/decisions/055).
      pending: current?.rows.length ? null : await context.services.checkout.pendingPayment(r.ctx, r.token),
    },
    { headers: cartHeaders(r) },
  );
}

const rowId = z.coerce.number().int().positive().max(2_147_483_647);
const ActionInput = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("quantity"), row: rowId, quantity: z.coerce.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY) }),
  z.object({ intent: z.literal("delete"), row: rowId }),
  z.object({ intent: z.literal("coupon"), code: z.string().trim().min(1).max(60) }),
  z.object({ intent: z.literal("remove_coupon") }),
  z.object({
    intent: z.literal("postal_code"),
    postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/),
  }),
  z.object({ intent: z.literal("clear") }),
]);

const STATUS: Record<string, number> = {
  "cart.not_found": 404,
  "cart.row_not_found": 404,
  "cart.out_of_stock": 409,
  "cart.abandoned": 409,
  "cart.quantity": 400,
  "coupon.invalid": 422,
  "coupon.remove_failed": 409,
};

/**
 * Every change of the cart page: the same forms with and without JavaScript. Inputs are
 * checked here (Zod) and again by the cart service; each answer is a message in the
 * shopper's language and a 4xx when nothing changed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const r = await cartRequest(request, context);
  const raw = await formObject(request);
  const parsed = ActionInput.safeParse(raw);
  if (!parsed.success) return invalidInput(r, raw);
  const input = parsed.data;
  const { ctx, token, cart } = r;
  const answer = (result: CartActionResult, extraCookies: string[] = []) =>
    data(result, { status: result.ok ? 200 : (STATUS[result.code ?? ""] ?? 400), headers: cartHeaders(r, extraCookies) });

  switch (input.intent) {
    case "quantity": {
      const res = await cart.updateRow(ctx, input.row, token, { quantity: input.quantity });
      return res.ok
        ? answer({ intent: input.intent, ok: true, message: t(r.lang, "cart.page.updated"), rowId: input.row })
        : answer({ intent: input.intent, ok: false, message: res.message, rowId: input.row, code: res.code });
    }
    case "delete": {
      const res = await cart.deleteRow(ctx, input.row, token);
      return res.ok
        ? answer({ intent: input.intent, ok: true, message: t(r.lang, "cart.page.deleted") })
        : answer({ intent: input.intent, ok: false, message: res.message, rowId: input.row, code: res.code });
    }
    case "coupon": {
      const res = await cart.applyCoupon(ctx, null, token, input.code);
      return answer({ intent: input.intent, ok: res.ok, message: res.message, field: "coupon", code: res.code });
    }
    case "remove_coupon": {
      const res = await cart.removeCoupon(ctx, null, token);
      return answer({ intent: input.intent, ok: res.ok, message: res.message, field: "coupon", code: res.code });
    }
    case "postal_code": {
      const updated = (await cart.updateCart(ctx, null, token, { shipping_postal_code: input.postal_code })) as CartDto | { ok: false; code: string } | null;
      if (!updated || "code" in updated) {
        const code = updated?.code ?? "cart.not_found";
        return answer({ intent: input.intent, ok: false, message: t(r.lang, "cart.page.error"), field: "postal_code", code });
      }
      return answer({ intent: input.intent, ok: true, message: updated.delivery.message ?? "", field: "postal_code" });
    }
    case "clear": {
      await cart.deleteCart(ctx, null, token);
      return answer({ intent: input.intent, ok: true, message: t(r.lang, "cart.page.cleared") }, [cart.clearCookie()]);
    }
  }
}

/** A form the page did not send as it is (tampered, or a browser without validation). */
function invalidInput(r: CartRequest, raw: Record<string, string>) {
  const intent = raw.intent ?? "";
  const row = Number(raw.row);
  const rowId = Number.isSafeInteger(row) && row > 0 ? row : undefined;
  const result: CartActionResult =
    intent === "quantity"
      ? { intent, ok: false, message: t(r.lang, "cart.page.quantity_invalid"), rowId, field: rowId ? undefined : "quantity" }
      : intent === "coupon"
        ? { intent, ok: false, message: t(r.lang, "cart.page.coupon.invalid"), field: "coupon" }
        : intent === "postal_code"
          ? { intent, ok: false, message: t(r.lang, "cart.page.shipping.postal_invalid"), field: "postal_code" }
          : { intent, ok: false, message: t(r.lang, "cart.page.error") };
  return data(result, { status: 400, headers: cartHeaders(r) });
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  if (!d) return [];
  const root = rootMeta(matches);
  return seoMeta({
    title: t(d.lang, "cart.page.title"),
    description: t(d.lang, "cart.page.description"),
    origin: root.origin,
    lang: d.lang,
    path: d.path,
    noindex: true,
  });
};

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage data={loaderData as CartPageData} actionData={actionData as CartActionResult | undefined} />;
}
