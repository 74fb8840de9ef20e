// Every module's tables, for Drizzle's relational queries and drizzle-kit.
import * as accounts from "../modules/accounts/accounts.schema.ts";
import * as adminOrders from "../modules/admin/orders.schema.ts";
import * as adminMoney from "../modules/admin/money.schema.ts";
import * as cart from "../modules/cart/cart.schema.ts";
import * as catalog from "../modules/catalog/catalog.schema.ts";
import * as prices from "../modules/catalog/prices.schema.ts";
import * as content from "../modules/content/content.schema.ts";
import * as coupons from "../modules/coupons/coupons.schema.ts";
import * as installations from "../modules/installations/installations.schema.ts";
import * as invoices from "../modules/invoices/invoices.schema.ts";
import * as reviews from "../modules/reviews/reviews.schema.ts";
import * as marketing from "../modules/marketing/marketing.schema.ts";
import * as orders from "../modules/orders/orders.schema.ts";
import * as people from "../modules/admin/people.schema.ts";
import * as adminQuotations from "../modules/admin/quotations.schema.ts";
import * as payments from "../modules/payments/payments.schema.ts";
import * as staff from "../modules/staff/staff.schema.ts";
import * as stores from "../modules/stores/stores.schema.ts";

export const schema = {
  ...stores,
  ...content,
  ...marketing,
  ...catalog,
  ...prices,
  ...accounts,
  ...coupons,
  ...cart,
  ...orders,
  ...payments,
  ...installations,
  ...reviews,
  ...invoices,
  ...staff,
  ...adminOrders,
  ...people,
  ...adminMoney,
  ...adminQuotations,
};
