import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { apiRoute } from "../../lib/api-route.ts";
import type { Services } from "../index.ts";
import { clearDashboardCache, DASHBOARD_TTL_MS, dashboardOf, LOW_STOCK_THRESHOLD, QUOTATION_DAYS } from "./dashboard.service.ts";

const TAG = "Back office: dashboard";
const Money = z.number().int().describe("cents");
const Link = z.string().describe("The staff application's filtered list behind the figure (path under /admin, with its query)");
const Sales = z.object({
  orders: z.number().int().describe("Orders paid in the period"),
  gross: Money.describe("What they paid"),
  refunds: Money.describe("Refunds made in the period (requested or done; not failed)"),
  net: Money.describe("gross - refunds"),
  href: Link,
});

/** Order statuses the orders list calls "to ship": paid, preparing, in progress, partially shipped (core/orders.ts). */
const TO_SHIP = [400, 450, 500, 600];

/** The orders list screen's filter, with the orders list API's own parameter names (status repeatable, payment, from, to, store). */
function ordersHref(p: { status?: number[]; payment?: string; from?: string; to?: string; store: string }) {
  const q = new URLSearchParams();
  for (const s of p.status ?? []) q.append("status", String(s));
  if (p.payment) q.set("payment", p.payment);
  if (p.from) q.set("from", p.from);
  if (p.to) q.set("to", p.to);
  q.set("store", p.store);
  return `/admin/orders?${q}`;
}

export async function dashboardRoutes(app: FastifyInstance, services: Services) {
  const db = services.database.db;

  apiRoute(
    app,
    {
      method: "GET",
      url: "/admin/v1/dashboard/",
      tag: TAG,
      summary: "The home screen's figures per store, each with the link to its filtered list",
      description:
        `Sales of today and this month (Madrid days; orders paid minus refunds made), orders to ship (statuses ${TO_SHIP.join(", ")}), ` +
        `bank transfers waiting, open withdrawals, returns and incidents, quotations expiring within ${QUOTATION_DAYS} days, and products or ` +
        `variants at ${LOW_STOCK_THRESHOLD} units or fewer. Computed with a few indexed statements and kept ${DASHBOARD_TTL_MS / 1000} s ` +
        "per process (`fresh=1` recomputes).",
      query: z.object({ fresh: z.enum(["1"]).optional() }),
      response: z.object({
        day: z.string().describe("Today in Madrid (YYYY-MM-DD)"),
        month_start: z.string(),
        computed_at: z.string(),
        low_stock_threshold: z.number().int(),
        quotation_days: z.number().int(),
        stores: z.array(
          z.object({
            store: z.string(),
            name: z.string(),
            today: Sales,
            month: Sales,
            to_ship: z.object({ count: z.number().int(), href: Link }),
            transfers: z.object({ count: z.number().int(), amount: Money, href: Link }),
            aftersale: z.object({ withdrawals: z.number().int(), returns: z.number().int(), incidents: z.number().int(), href: Link }),
            quotations_expiring: z.object({ count: z.number().int(), href: Link }),
            invoices_href: Link,
          }),
        ),
        stock: z.object({
          out: z.number().int().describe("Products (without variants) and variants with no units"),
          low: z.number().int().describe(`With 1 to ${LOW_STOCK_THRESHOLD} units`),
          items: z.array(
            z.object({ product_id: z.number().int(), variant_id: z.number().int().nullable(), ref: z.string(), name: z.string(), stock: z.number().int() }),
          ),
        }),
      }),
      permission: "dashboard.read",
    },
    async ({ query }) => {
      if (query.fresh) clearDashboardCache(db);
      const d = await dashboardOf(db);
      const stores = await services.stores.all();
      return {
        day: d.day,
        month_start: d.monthStart,
        computed_at: d.computedAt.toISOString(),
        low_stock_threshold: LOW_STOCK_THRESHOLD,
        quotation_days: QUOTATION_DAYS,
        stores: d.stores.flatMap((f) => {
          const s = stores.find((x) => x.id === f.storeId);
          if (!s) return [];
          const store = s.sourceCode;
          return [
            {
              store,
              name: s.name ?? store,
              today: { ...f.today, href: ordersHref({ payment: "paid", from: d.day, to: d.day, store }) },
              month: { ...f.month, href: ordersHref({ payment: "paid", from: d.monthStart, to: d.day, store }) },
              to_ship: { count: f.toShip, href: ordersHref({ status: TO_SHIP, store }) },
              transfers: { ...f.transfers, href: `/admin/money/transfers?store=${store}` },
              aftersale: { ...f.aftersale, href: `/admin/aftersale?store=${store}` },
              quotations_expiring: { count: f.quotationsExpiring, href: `/admin/quotations?store=${store}&expiring_days=${QUOTATION_DAYS}` },
              invoices_href: `/admin/invoices?store=${store}&from=${d.monthStart}&to=${d.day}`,
            },
          ];
        }),
        stock: {
          out: d.stock.out,
          low: d.stock.low,
          items: d.stock.items.map((i) => ({ product_id: i.productId, variant_id: i.variantId, ref: i.ref, name: i.name, stock: i.stock })),
        },
      };
    },
  );
}
