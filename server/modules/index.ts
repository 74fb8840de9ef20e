import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { createJobEngine } from "../lib/jobs.ts";
import { createPageCache } from "../lib/page-cache.ts";
import { openStorage } from "../lib/storage.ts";
import { createAccountsService } from "./accounts/accounts.service.ts";
import { createErasure } from "./admin/erasure.ts";
import { createCartService } from "./cart/cart.service.ts";
import { createCheckoutService } from "./checkout/checkout.service.ts";
import { createCatalogService } from "./catalog/catalog.service.ts";
import { createStockReader } from "./catalog/catalog.stock.ts";
import { createContentService } from "./content/content.service.ts";
import { createCouponsService } from "./coupons/coupons.service.ts";
import { createInstallationsService } from "./installations/installations.service.ts";
import { createInvoicesService } from "./invoices/invoices.service.ts";
import { mailDomain, registerJobs } from "./jobs.setup.ts";
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
  // Rendered catalog pages; dropped on every copy whenever the catalog changes, and the pages
  // that showed a stock when it changes (the database's notifications, decision 050).
  const pageCache = createPageCache({ enabled: config.pageCache });
  catalog.onChange(() => pageCache.clear());
  catalog.onStockChange((payload) => pageCache.stockChanged(payload));
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
  // The one job engine of every background effect (mails, acknowledgements, schedules: decision 053).
  const jobs = createJobEngine(database, { messageIdDomain: mailDomain(config.mailFrom) });
  const marketing = createMarketingService(db, { mail, stores, config });
  // Media originals, generated PDFs and request photos: on disk, or in PostgreSQL for every copy (decision 052).
  const storage = openStorage(config.storage, { dataDir: config.dataDir, db });
  const media = createMediaService(config, storage);
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
  // A customer's erasure reaches their orders, reviews, questions, withdrawals and quote requests (decision 048).
  const eraseElsewhere = createErasure({ orders: () => orders, reviews: () => reviews, aftersale: () => invoices.aftersale });
  const accounts = createAccountsService({
    db,
    config,
    stores,
    catalog,
    marketing,
    mail,
    ordersOf: () => (userId) => orders.exportFor(userId),
    eraseElsewhere: () => eraseElsewhere,
  });
  // After-sale (issue 10) reaches orders, payments and the checkout, built below (late binding).
  const invoices = createInvoicesService({
    db,
    config,
    aftersale: {
      storage,
      mail,
      stores,
      orders: () => orders,
      refund: (i) => payments.refund(i),
      cancelOrder: (ctx, id, reason, opts) => checkout.cancelOrder(ctx, id, reason, opts),
      runJob: (queue, key) => jobs.runNow(queue, key),
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
  const checkout = createCheckoutService({ db, config, cart, coupons, orders, payments, invoices, accounts: () => accounts, mail, stores, jobs });
  registerJobs(jobs, { config, aftersale: invoices.aftersale, cart, marketing });
  return {
    config,
    database,
    stores,
    catalog,
    pageCache,
    content,
    marketing,
    media,
    storage,
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
    jobs,
    /** Warm caches and subscribe to cross-copy invalidation. */
    async start() {
      await stores.all();
      await catalog.start();
      payments.start();
      // Order mails, acknowledgements, expiry, abandoned carts, the welcome retry: the job engine.
      checkout.start();
      await jobs.start();
    },
    async stop() {
      await jobs.stop();
      await checkout.stop();
      await payments.stop();
      // Welcome mails being sent finish before the mail transport closes.
      await marketing.stop();
      await catalog.stop();
      mail.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
