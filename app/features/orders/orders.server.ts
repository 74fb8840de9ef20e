import { type AppLoadContext, data, redirect, redirectDocument } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import type { BankDetails, OrderDto } from "../../../core/orders.types.ts";
import { type Language, localePath } from "../../../core/stores.ts";
import type { RequestContext } from "../../../server/lib/request-context.ts";
import { notFound } from "~/lib/store.server";
import type { OrderActionResult, OrderPageData, RequestKind } from "./order-view";

/** How this viewer proves the order is theirs: their account (in ctx), the guest's cart cookie, or the mailed link's `t`. */
export type Access = { cartToken: string | null; linkToken: string | null };

const ID = /^\d{1,10}$/;

/** The order of a page, or the 404 page: not found and not the viewer's look the same. */
export async function requireOrder(context: AppLoadContext, ctx: RequestContext, rawId: string | undefined, access: Access): Promise<OrderDto> {
  if (!rawId || !ID.test(rawId)) throw notFound();
  const order = await context.services.orders.get(ctx, Number(rawId), access);
  if (!order) throw notFound();
  return order;
}

const DONE: Record<string, string> = { request: "orders.request.sent", paid: "orders.pay.started", withdrawn: "withdrawal.sent" };

/** "?request=incident" opens the request form of that kind, when the order allows it now. */
function openRequest(url: URL, order: OrderDto): RequestKind | null {
  const r = url.searchParams.get("request");
  return r === "incident" || r === "return" ? (order.actions[r] ? r : null) : null;
}

/** The bank details of an order still waiting for its transfer (spec 9), shown with its reference; null otherwise. */
export async function transferBank(context: AppLoadContext, order: OrderDto): Promise<BankDetails | null> {
  if (order.status !== 300 || order.payment_method !== "transfer" || !order.payment_reference) return null;
  return context.services.payments.transferInstructions({ reference: order.payment_reference, amount: order.prices.total });
}

/** Everything an order page renders (the same for /order/{id} and the profile's detail). */
export function orderPageData(
  lang: Language,
  url: URL,
  order: OrderDto,
  opts: { path: string; linkToken: string | null; back: { href: string; label: string } | null; bank?: BankDetails | null },
): OrderPageData {
  const done = url.searchParams.get("done");
  return {
    lang,
    path: opts.path,
    title: t(lang, order.kind === "quotation" ? "orders.quotation.title" : "orders.order.title", { number: order.order_number }),
    description: t(lang, "orders.meta.description"),
    order,
    linkToken: opts.linkToken,
    openRequest: openRequest(url, order),
    openWithdrawal: url.searchParams.get("request") === "withdraw" && order.actions.withdraw,
    done: done && Object.hasOwn(DONE, done) ? t(lang, DONE[done]) : null,
    back: opts.back,
    bank: opts.bank ?? null,
  };
}

/** The request form's fields (several rows can be ticked: read with getAll). */
async function readForm(request: Request): Promise<{ fields: Record<string, string>; rows: string[]; photos: File[] }> {
  try {
    const fd = await request.formData();
    const fields: Record<string, string> = {};
    for (const [k, v] of fd) if (typeof v === "string" && k !== "row_ids") fields[k] = v;
    // A file input left empty still sends one nameless, empty part.
    const photos = fd.getAll("photos").filter((v): v is File => typeof v !== "string" && v.size > 0);
    return { fields, rows: fd.getAll("row_ids").filter((v): v is string => typeof v === "string" && ID.test(v)), photos };
  } catch {
    throw data(null, { status: 400 });
  }
}

/** The photos of a request form, read and decoded before anything is stored (type, size, count, a real image). */
async function readPhotos(
  context: AppLoadContext,
  lang: Language,
  files: File[],
): Promise<{ ok: true; photos: { type: string; body: Buffer }[] } | { ok: false; message: string }> {
  const aftersale = context.services.invoices.aftersale;
  if (!files.length || !aftersale) return { ok: true, photos: [] };
  if (files.length > aftersale.photosPerRequest) return { ok: false, message: t(lang, "errors.aftersale.photo_limit") };
  const photos: { type: string; body: Buffer }[] = [];
  for (const f of files) {
    const body = Buffer.from(await f.arrayBuffer());
    // Decoded here already, so that a photo that is no image refuses the form before the request is made.
    const photo = await aftersale.decodePhoto(f.type, body);
    if (!photo.ok) return { ok: false, message: t(lang, `errors.${photo.code}`) };
    photos.push({ type: photo.contentType, body: photo.body });
  }
  return { ok: true, photos };
}

/**
 * An order page's form posts: pay-my-order (spec 4: a quotation or an unpaid order; the browser
 * follows the payment as after the checkout), and the open-incident / return requests, stored
 * for staff. A request that went through comes back to the page with a confirmation (Post/
 * Redirect/Get); a refused one answers its field errors in the page's language.
 */
export async function orderAction(
  request: Request,
  context: AppLoadContext,
  ctx: RequestContext,
  order: OrderDto,
  access: Access,
  opts: { headers: Headers; pagePath: string },
): Promise<Response | ReturnType<typeof data<OrderActionResult>>> {
  const lang = ctx.language;
  const { fields, rows, photos: files } = await readForm(request);
  const answer = (body: OrderActionResult, status: number) => data(body, { status, headers: opts.headers });
  const back = (done: string) => {
    const u = new URL(opts.pagePath, "http://x");
    if (access.linkToken) u.searchParams.set("t", access.linkToken);
    u.searchParams.set("done", done);
    return redirect(u.pathname + u.search, { headers: opts.headers });
  };

  if (fields.intent === "pay") {
    const res = await context.services.checkout.payOrder(ctx, order.id, access);
    if (!res.ok) return answer({ intent: "pay", ok: false, message: res.message }, res.code === "order.not_found" ? 404 : 409);
    const p = res.payment;
    if (p.type === "redirect") return redirectDocument(p.url, { headers: opts.headers });
    if (p.type === "transfer") return redirect(localePath(lang, `/checkout/result/${encodeURIComponent(p.reference)}`), { headers: opts.headers });
    return back("paid");
  }
  if (fields.intent === "incident" || fields.intent === "return") {
    const kind = fields.intent;
    const values = { reason: fields.reason ?? "", message: fields.message ?? "", rows };
    const photos = await readPhotos(context, lang, files);
    if (!photos.ok) return answer({ intent: kind, ok: false, message: photos.message, fieldErrors: { photos: photos.message }, values }, 400);
    const res = await context.services.orders.createRequest(ctx, order.id, access, {
      kind,
      reason: fields.reason ?? "",
      message: fields.message ?? "",
      row_ids: rows.map(Number),
    });
    if (res.ok) {
      // The request just made is the newest of its kind; its photos go with it (issue 10).
      const made = res.order.requests.filter((r) => r.kind === kind).reduce((a, b) => (b.id > a.id ? b : a));
      const aftersale = context.services.invoices.aftersale;
      if (aftersale) for (const p of photos.photos) await aftersale.addPhoto(ctx, order.id, made.id, access, p.type, p.body);
      return back("request");
    }
    return answer(
      {
        intent: kind,
        ok: false,
        message: res.message,
        fieldErrors: res.fieldErrors ?? {},
        values,
      },
      res.code === "order.not_found" ? 404 : res.code === "order.request_not_allowed" ? 409 : 400,
    );
  }
  if (fields.intent === "withdraw" && context.services.invoices.aftersale) {
    // Issue 10: the withdrawal button's second step; the acknowledgement mail leaves at once.
    const res = await context.services.invoices.aftersale.withdraw(ctx, order.id, access, { ...fields, row_ids: rows.map(Number) });
    if (res.ok) return back("withdrawn");
    return answer({ intent: "withdraw", ok: false, message: res.message, fieldErrors: res.fieldErrors ?? {} }, res.status);
  }
  return answer({ intent: "pay", ok: false, message: t(lang, "cart.page.error") }, 400);
}
