import type { FastifyInstance } from "fastify";
import { accountsRoutes } from "./accounts/accounts.routes.ts";
import { cartRoutes } from "./cart/cart.routes.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { checkoutRoutes } from "./checkout/checkout.routes.ts";
import { docsRoutes } from "./docs/docs.routes.ts";
import { installationsRoutes } from "./installations/installations.routes.ts";
import { invoicesRoutes } from "./invoices/invoices.routes.ts";
import { reviewsRoutes } from "./reviews/reviews.routes.ts";
import type { Services } from "./index.ts";
import { contentRoutes } from "./content/content.routes.ts";
import { couponsRoutes } from "./coupons/coupons.routes.ts";
import { marketingRoutes } from "./marketing/marketing.routes.ts";
import { devOutboxRoutes } from "./mail/mail.routes.ts";
import { mediaRoutes } from "./media/media.routes.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { paymentsRootRoutes, paymentsRoutes } from "./payments/payments.routes.ts";
import { storesRoutes } from "./stores/stores.routes.ts";
import { adminRoutes } from "./admin/admin.routes.ts";

/** Each module's REST routes, mounted under /api by http.ts. */
export function apiPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  return [
    (app) => storesRoutes(app, services),
    (app) => catalogRoutes(app, services),
    (app) => docsRoutes(app),
    (app) => contentRoutes(app, services),
    (app) => marketingRoutes(app, services),
    (app) => cartRoutes(app, services),
    (app) => couponsRoutes(app, services),
    (app) => accountsRoutes(app, services),
    (app) => paymentsRoutes(app, services),
    (app) => ordersRoutes(app, services),
    (app) => checkoutRoutes(app, services),
    (app) => invoicesRoutes(app, services),
    (app) => installationsRoutes(app, services),
    (app) => reviewsRoutes(app, services),
    (app) => adminRoutes(app, services),
  ];
}

/** Each module's routes outside /api (e.g. /media), registered at the root before the storefront. */
export function rootPlugins(services: Services): ((app: FastifyInstance) => Promise<void>)[] {
  const plugins = [(app: FastifyInstance) => mediaRoutes(app, services), (app: FastifyInstance) => paymentsRootRoutes(app, services)];
  // The mails of the embedded outbox, for development only (they hold live activation links).
  if (services.config.nodeEnv !== "production") plugins.push((app) => devOutboxRoutes(app, services));
  return plugins;
}
