/**
 * Order and sub-order statuses (spec 4) and the transitions the shop permits between them
 * (the spec shows none: docs/decisions/016). Browser-safe: the storefront labels statuses
 * with the same numbers the server moves.
 */

export const ORDER_STATUS = {
  cart: 100,
  abandonedCart: 150,
  quotation: 200,
  abandonedQuotation: 250,
  pendingPayment: 300,
  abandonedOrder: 350,
  paid: 400,
  preparing: 450,
  inProgress: 500,
  partiallyShipped: 600,
  shipped: 650,
  cancelled: 700,
  returned: 800,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUSES = Object.values(ORDER_STATUS) as OrderStatus[];

/**
 * Who may move an order from one status to another. Anything not listed is refused
 * (`order.illegal_transition`), so an order never moves backwards: a late or repeated
 * payment event cannot un-ship an order, and a paid order cannot become a cart again.
 * - 100 -> 300: the checkout places the cart (stock taken, prices frozen).
 * - 300 -> 100: the payment was refused, failed or cancelled before any money was taken: the
 *   shopper gets the cart back intact (stock and coupon given back to the cart).
 * - 300/350 -> 400: the provider authorised the payment (or staff confirmed a transfer).
 * - 300 -> 350: no payment arrived in time (stock given back).
 * - 200 -> 300: pay-my-order on a quotation; 200 -> 250 when it expires.
 * - 400..650 -> later statuses: fulfilment by staff (sub-orders drive 600/650).
 * - 650 -> 800: returned (after-sale); 400..600 -> 700: cancelled (refund).
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  100: [150, 200, 300],
  150: [100],
  200: [250, 300, 700],
  250: [],
  300: [100, 350, 400, 700],
  350: [400, 700],
  400: [450, 500, 600, 650, 700],
  450: [500, 600, 650, 700],
  500: [600, 650, 700],
  600: [650, 700, 800],
  650: [800],
  700: [],
  800: [],
};

export function canMoveOrder(from: number, to: number): boolean {
  return (ORDER_TRANSITIONS[from as OrderStatus] ?? []).includes(to as OrderStatus);
}

/** Statuses of a placed order (what the customer's order list shows). */
export const PLACED_STATUSES: readonly OrderStatus[] = [300, 350, 400, 450, 500, 600, 650, 700, 800];
/** Statuses of a quotation. */
export const QUOTATION_STATUSES: readonly OrderStatus[] = [200, 250];
/** Statuses in which the money has been received (an invoice exists or is due). */
export const PAID_STATUSES: readonly OrderStatus[] = [400, 450, 500, 600, 650, 800];

export const SUB_ORDER_STATUS = {
  received: 100,
  preparing: 200,
  ready: 300,
  delayed: 400,
  cancelled: 500,
  cancelledByChange: 550,
  shipped: 600,
  partiallyShipped: 650,
  delivered: 700,
  returned: 800,
  incident: 900,
} as const;
export type SubOrderStatus = (typeof SUB_ORDER_STATUS)[keyof typeof SUB_ORDER_STATUS];
export const SUB_ORDER_STATUSES = Object.values(SUB_ORDER_STATUS) as SubOrderStatus[];

/**
 * Sub-order (package) moves by staff. Delivered packages can only be returned or get an
 * incident; cancelled and returned packages are final; an incident can be resolved by
 * shipping again, delivering, cancelling or returning.
 */
export const SUB_ORDER_TRANSITIONS: Readonly<Record<SubOrderStatus, readonly SubOrderStatus[]>> = {
  100: [200, 300, 400, 500, 550, 600, 650, 900],
  200: [300, 400, 500, 550, 600, 650, 900],
  300: [400, 500, 550, 600, 650, 900],
  400: [200, 300, 500, 550, 600, 650, 900],
  500: [],
  550: [],
  600: [700, 400, 900, 800],
  650: [600, 700, 900],
  700: [800, 900],
  800: [],
  900: [300, 600, 700, 500, 800],
};

export function canMoveSubOrder(from: number, to: number): boolean {
  return (SUB_ORDER_TRANSITIONS[from as SubOrderStatus] ?? []).includes(to as SubOrderStatus);
}

/** The order status its packages imply once it is being fulfilled (null: leave it as it is). */
export function orderStatusFromSubOrders(statuses: number[]): OrderStatus | null {
  const live = statuses.filter((s) => s !== 500 && s !== 550);
  if (!live.length) return statuses.length ? 700 : null;
  if (live.every((s) => s === 800)) return 800;
  const out = (s: number) => s === 600 || s === 700 || s === 800 || s === 650;
  if (live.every(out)) return 650;
  if (live.some(out)) return 600;
  return null;
}

/** i18n key of a status label ("orders.status.400"). */
export const orderStatusKey = (status: number) => `orders.status.${status}`;
export const subOrderStatusKey = (status: number) => `orders.sub_status.${status}`;

/** Spec 9: a withdrawal (return) within 14 days of delivery; defects reported within 24 hours; 3-year warranty. */
export const RETURN_PERIOD_DAYS = 14;
export const DEFECT_REPORT_HOURS = 24;
export const WARRANTY_YEARS = 3;
/** Spec 9: transfers are confirmed within 24 hours; an order waiting longer for its transfer is abandoned after this. */
export const TRANSFER_WAIT_DAYS = 7;
/** An online payment left unfinished (the shopper closed the payment page) gives its stock back after this. */
export const ONLINE_PAYMENT_WAIT_MINUTES = 60;
/** A quotation is valid for this many days. */
export const QUOTATION_VALID_DAYS = 15;
