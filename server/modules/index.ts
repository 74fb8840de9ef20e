import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createPageCache } from "../lib/page-cache.ts";
import { createAccountsService } from "./accounts/accounts.service.ts";
import { createCartService } from "./cart/cart.service.ts";
import { createCheckoutService } from "./checkout/checkout.service.ts";
import { createCatalogService } from "./catalog/catalog.service.ts";
import { createStockReader } from "./catalog/catalog.stock.ts";
import { createContentService } from "./content/content.service.ts";
import { createCouponsService } from "./coupons/coupons.service.ts";
import { createInstallationsService } from "./installations/installations.service.ts";
import { createInvoicesService } from "./invoices/invoices.service.ts";
import { createMailService } from "./mail/mail.service.ts";
import { createMarketingService } from "./marketing/marketing.service.ts";
import { createMediaService } from "./media/media.service.ts";
import { createOrdersService } from "./orders/orders.service.ts";
import { createPaymentsService } from "./payments/payments.service.ts";
import { createReviewsService } from "./reviews/reviews.service.ts";
import { createFormThrottle } from "./reviews/reviews.throttle.ts";
import { createStoresService } from "./stores/stores.service.ts";
import { createThrottle } from "./accounts/accounts.throttle.ts";
import { createStaffService } from "./staff/staff.service.ts";

/**
 * Every domain service, built once per process. The REST routes and the storefront's
 * loaders (through the load context) call these same functions.
 */
export function createServices(database: Database, config: Config) {
  const db = database.db;
  const stores = createStoresService(db);
  const catalog = createCatalogService(database, stores);
  // Rendered catalog pages; dropped on every copy whenever the catalog changes.
  const pageCache = createPageCache({ enabled: config.pageCache });
  catalog.onChange(() => pageCache.clear());
  // Menus and store switches come with the catalog data (reseed, admin): reread them too.
  // The catalog listener also runs when the NOTIFY connection comes back after a loss (db/client.ts
  // RECONNECTED): both caches are dropped then too. A failed reload leaves the store cache empty, so
  // the next request reads the database again; it is logged, never swallowed.
  catalog.onChange(() => {
    stores.reload().catch((err) => {
      console.error(JSON.stringify({ level: 50, time: Date.now(), name: "stores", msg: "stores reload failed", err: String(err) }));
    });
  });
  const content = createContentService(db);
  const mail = createMailService(config);
  const marketing = createMarketingService(db, { mail, stores, config });
  const media = createMediaService(config);
  const coupons = createCouponsService(db);
  // The product page's public forms (questions, installation quotations) share one throttle.
  const formThrottle = createFormThrottle(db);
  const installations = createInstallationsService({ db, catalog, mail, throttle: formThrottle, config });
  catalog.onChange(() => installations.clear());
  const reviews = createReviewsService({ db, mail, throttle: formThrottle, config, published: () => catalog.catalogChanged() });
  // A publication is a catalog change (cards show ratings): it clears the reviews' pages on every copy.
  catalog.onChange(() => reviews.clear());
  // The cart prices the installation wizard from the store's facility options (never from the client).
  const cart = createCartService({
    db,
    catalog: { ...catalog, installationTariff: (ctx) => installations.tariff(ctx) },
    coupons,
    stock: createStockReader(db),
    config,
  });
  const accounts = createAccountsService({ db, config, stores, catalog, marketing, mail, ordersOf: () => (userId) => orders.exportFor(userId) });
  // After-sale (issue 10) reaches orders, payments and the checkout, built below (late binding).
  const invoices = createInvoicesService({
    db,
    config,
    aftersale: {
      mail,
      stores,
      orders: () => orders,
      refund: (i) => payments.refund(i),
      cancelOrder: (ctx, id, reason, opts) => checkout.cancelOrder(ctx, id, reason, opts),
      restockRows: (tx, orderId, rowIds) => checkout.restockRows(tx, orderId, rowIds),
    },
  });
  const invoiceLookup = invoices as { forOrder?: (orderId: number) => Promise<{ id: number; number: string } | null> };
  const invoiceOf = invoiceLookup.forOrder ? (orderId: number) => invoiceLookup.forOrder!(orderId) : undefined;
  const aftersale = invoices.aftersale;
  const orders = createOrdersService({
    db,
    config,
    stores,
    ...(invoiceOf ? { invoiceOf } : {}),
    withdrawalsOf: () =>
      aftersale
        ? async (orderId) =>
            (await aftersale.withdrawalsOf(orderId)).map((w) => ({ id: w.id, status: w.status, statement: w.statement, createdAt: w.declaredAt }))
        : null,
  });
  // Payments report provider outcomes to the checkout, which is built after them (late binding).
  const payments = createPaymentsService({ db, config, mail, orders: () => checkout.orderPayments });
  // The back office's staff accounts, sessions and audit log (issue 38).
  const staff = createStaffService({ db, config, mail, throttle: createThrottle(db) });
  const checkout = createCheckoutService({ db, config, cart, coupons, orders, payments, invoices, accounts: () => accounts, mail, stores });
  return {
    config,
    database,
    stores,
    catalog,
    pageCache,
    content,
    marketing,
    media,
    coupons,
    cart,
    mail,
    accounts,
    orders,
    invoices,
    payments,
    checkout,
    installations,
    reviews,
    formThrottle,
    staff,
    /** Warm caches and subscribe to cross-copy invalidation. */
    async start() {
      await stores.all();
      await catalog.start();
      cart.start();
      marketing.start();
      payments.start();
      checkout.start();
      invoices.aftersale?.start();
    },
    async stop() {
      cart.stop();
      await checkout.stop();
      invoices.aftersale?.stop();
      await payments.stop();
      // Welcome mails being sent finish before the mail transport closes.
      await marketing.stop();
      await catalog.stop();
      mail.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
