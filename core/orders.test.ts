import { describe, expect, it } from "vitest";
import {
  canMoveOrder,
  canMoveSubOrder,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  orderStatusFromSubOrders,
  PAID_STATUSES,
  SUB_ORDER_STATUSES,
  SUB_ORDER_TRANSITIONS,
} from "./orders.ts";

describe("order state machine", () => {
  it("lists spec 4's thirteen statuses and a rule for each", () => {
    expect(ORDER_STATUSES).toEqual([100, 150, 200, 250, 300, 350, 400, 450, 500, 600, 650, 700, 800]);
    for (const s of ORDER_STATUSES) expect(ORDER_TRANSITIONS[s]).toBeDefined();
  });

  it("never lets a paid order go back to a cart, a quotation or an unpaid status", () => {
    for (const from of PAID_STATUSES) for (const to of [100, 150, 200, 250, 300, 350]) expect(canMoveOrder(from, to), `${from} -> ${to}`).toBe(false);
  });

  it("keeps cancelled, returned and expired quotations final", () => {
    for (const from of [250, 700, 800]) for (const to of ORDER_STATUSES) expect(canMoveOrder(from, to)).toBe(false);
  });

  it("lets a failed payment give the cart back, and a late one pay an abandoned order", () => {
    expect(canMoveOrder(300, 100)).toBe(true);
    expect(canMoveOrder(350, 400)).toBe(true);
    expect(canMoveOrder(350, 100)).toBe(false);
  });

  it("refuses unknown statuses", () => {
    expect(canMoveOrder(300, 999)).toBe(false);
    expect(canMoveOrder(999, 300)).toBe(false);
    expect(canMoveSubOrder(100, 123)).toBe(false);
  });

  it("only moves targets that are statuses", () => {
    for (const list of Object.values(ORDER_TRANSITIONS)) for (const to of list) expect(ORDER_STATUSES).toContain(to);
    for (const list of Object.values(SUB_ORDER_TRANSITIONS)) for (const to of list) expect(SUB_ORDER_STATUSES).toContain(to);
  });
});

describe("sub-orders (packages)", () => {
  it("never moves a delivered package back to preparation, and keeps cancelled ones final", () => {
    expect(canMoveSubOrder(700, 100)).toBe(false);
    expect(canMoveSubOrder(700, 600)).toBe(false);
    expect(canMoveSubOrder(700, 800)).toBe(true);
    for (const to of SUB_ORDER_STATUSES) {
      expect(canMoveSubOrder(500, to)).toBe(false);
      expect(canMoveSubOrder(800, to)).toBe(false);
    }
  });

  it.each([
    [[100, 200], null],
    [[600, 100], 600],
    [[600, 700], 650],
    [[700, 500], 650],
    [[500, 550], 700],
    [[800, 800], 800],
    [[], null],
  ])("packages %j make the order %s", (subs, expected) => {
    expect(orderStatusFromSubOrders(subs)).toBe(expected);
  });
});
