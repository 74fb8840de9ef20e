import { data, redirect } from "react-router";
import { addToCartSchema } from "../../../core/configurator.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import { safeReturnPath } from "../../../core/safe-path.ts";
import { localePath } from "../../../core/stores.ts";
import { cartHeaders, cartRequest } from "~/features/cart/cart.server";
import type { AddRefused, AddedToCart } from "~/features/cart/cart-view";
import { requireSameOrigin } from "~/lib/session.server";
import type { Route } from "./+types/configuration";

const REFUSAL_STATUS: Record<string, number> = {
  "cart.product_not_found": 404,
  "cart.not_found": 404,
  "cart.out_of_stock": 409,
  "cart.abandoned": 409,
};

/**
 * Add to cart: the product page's form posts the configurator's selection here. The cart
 * service checks it again against the catalog and prices it from there (never a price from
 * the browser), then stores the row; a guest's first row creates the cart and its cookie.
 *
 * - With JavaScript (a fetch) the answer is data: the product page stays and shows the
 *   confirmation, and the root loader revalidates, so the header counter follows.
 * - Without JavaScript (the browser navigates) the shopper lands on the cart with the row,
 *   or, when the configuration is refused, back on the product page with the reason.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const documentPost = request.headers.get("sec-fetch-dest") === "document";
  const r = await cartRequest(request, context);
  const { lang } = r;
  const form = await request.formData().catch(() => null);
  const back = safeReturnPath(form?.get("back"), localePath(lang, "/"));

  const refuse = (status: number, code: string, message: string, issues: string[] = []) => {
    if (documentPost) {
      const url = new URL(back, "http://x");
      url.searchParams.set("cart_error", code);
      return redirect(`${url.pathname}${url.search}#add-to-cart`, { status: 303, headers: cartHeaders(r) });
    }
    return data<AddRefused>({ ok: false, code, message, issues }, { status, headers: cartHeaders(r) });
  };

  const parsed = addToCartSchema.safeParse({ slug: form?.get("slug"), selection: form?.get("selection") });
  if (!parsed.success) return refuse(400, "cart.config_invalid", t(lang, "product.config.invalid"));
  const { slug, selection } = parsed.data;

  const result = await r.cart.addRow(r.ctx, r.token, { product: slug, selection });
  if (!result.ok) {
    const issues = [...new Set(result.issueMessages ?? [])].filter((m) => m !== result.message);
    return refuse(REFUSAL_STATUS[result.code] ?? 422, result.code, result.message, issues);
  }

  const headers = cartHeaders(r, result.token ? [r.cart.cookieFor(result.token)] : []);
  if (documentPost) {
    return redirect(`${localePath(lang, "/cart")}?added=${result.row.id}`, { status: 303, headers });
  }
  const { row, cart } = result;
  return data<AddedToCart>(
    {
      ok: true,
      message: t(lang, "cart.added.title"),
      cart: { id: cart.id, size: cart.size, pvp: cart.prices.pvp },
      row: {
        id: row.id,
        name: row.name,
        ref: row.ref,
        quantity: row.quantity,
        total: row.total,
        image: row.product.image?.key ?? null,
        summary: row.summary.map((s) => `${s.label}: ${s.value}`),
      },
    },
    { headers },
  );
}

export async function loader() {
  throw data(null, { status: 404 });
}
