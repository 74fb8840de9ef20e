import type { OrderDto } from "../../../core/orders.types.ts";
import { type Language, localePath } from "../../../core/stores.ts";
import { dateFormat } from "../../../core/intl.ts";

export type Tone = "ok" | "info" | "warn" | "bad" | "neutral";

/** How an order status reads at a glance: paid and on its way (ok), waiting for something (warn), over without delivery (bad). */
export function orderStatusTone(status: number): Tone {
  if ([400, 450, 500, 600, 650].includes(status)) return "ok";
  if (status === 300 || status === 200) return "warn";
  if ([150, 250, 350, 700].includes(status)) return "bad";
  if (status === 800) return "neutral";
  return "info";
}

export function subOrderStatusTone(status: number): Tone {
  if ([600, 650, 700].includes(status)) return "ok";
  if ([400, 900].includes(status)) return "warn";
  if ([500, 550, 800].includes(status)) return "bad";
  return "info";
}

export const TONE_CLASSES: Record<Tone, string> = {
  ok: "bg-green-50 text-ok ring-green-200",
  info: "bg-brand-50 text-brand-800 ring-brand-200",
  warn: "bg-amber-50 text-amber-900 ring-amber-200",
  bad: "bg-red-50 text-danger ring-red-200",
  neutral: "bg-slate-100 text-slate-800 ring-slate-200",
};

type Address = OrderDto["shipping_address"];

/** An address as the lines of a label: street and number, postal code and city, province. */
export function addressLines(a: Address): string[] {
  const street = [a.address, a.number].filter(Boolean).join(", ");
  const town = [a.postal_code, a.city].filter(Boolean).join(" ");
  return [street, town, a.province ?? ""].filter((s) => s.trim() !== "");
}

/** A calendar day ("2026-12-03") in the customer's words ("3 de diciembre"): no time zone shift, it is a date. */
export function formatDay(day: string, locale: string, withYear = false): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return dateFormat(locale, { day: "numeric", month: "long", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" }).format(d);
}

/** A moment ("2026-11-24T10:03:00Z") as the shop's date in Madrid ("24 de noviembre de 2026"). */
export function formatDate(iso: string, locale: string): string {
  return dateFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Madrid" }).format(new Date(iso));
}

/** "del 3 al 7 de diciembre" style range pieces; null when the package has no dates yet. */
export function deliveryRange(from: string | null, to: string | null, locale: string): { from: string; to: string } | null {
  if (!from || !to) return null;
  return { from: formatDay(from, locale), to: formatDay(to, locale) };
}

/**
 * Where a viewer reads an order: a signed-in owner in their profile (orders or quotations), anyone
 * else through the signed link (`/order/{id}?t=`), which is what a guest keeps.
 */
export function orderPath(
  lang: Language,
  order: Pick<OrderDto, "id" | "customer" | "kind">,
  viewer: { userId: number | null; linkToken: string | null },
): string {
  if (viewer.userId != null && order.customer === viewer.userId) return localePath(lang, `/profile/${viewer.userId}/${order.kind}/${order.id}`);
  return localePath(lang, `/order/${order.id}${viewer.linkToken ? `?t=${encodeURIComponent(viewer.linkToken)}` : ""}`);
}
