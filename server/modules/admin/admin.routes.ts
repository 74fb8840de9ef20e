import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";
import { staffRoutes } from "../staff/staff.routes.ts";
import { accountingAdminRoutes } from "./accounting.routes.ts";
import { jobsAdminRoutes } from "./jobs.routes.ts";
import { moneyAdminRoutes } from "./money.routes.ts";
import { ordersAdminRoutes } from "./orders.routes.ts";
import { peopleAdminRoutes } from "./people.routes.ts";

/**
 * Every staff-only call of the back office, under /api/admin/v1 (issue 38): staff, sessions and
 * audit; orders and packages; payments, refunds, after-sale and quotations; customers, newsletter
 * and moderation; invoices, exports and the dashboard. Each is an apiRoute with its permission.
 */
export async function adminRoutes(app: FastifyInstance, services: Services) {
  // Staff answers are personal data: never stored by a browser or a proxy.
  app.addHook("onRequest", async (req, reply) => {
    if (req.url.startsWith("/api/admin/")) reply.header("cache-control", "no-store");
  });
  await staffRoutes(app, services);
  await ordersAdminRoutes(app, services);
  await moneyAdminRoutes(app, services);
  await peopleAdminRoutes(app, services);
  await accountingAdminRoutes(app, services);
  await jobsAdminRoutes(app, services);
}
