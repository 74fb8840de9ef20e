import type { CustomerType } from "../../core/catalog.types.ts";
import type { Language } from "../../core/stores.ts";
import type { Db } from "../db/client.ts";
import type { Store } from "../modules/stores/stores.service.ts";

/** The signed-in caller as the server knows it (from a verified access token). */
export type AuthUser = {
  id: number;
  email: string;
  /** Customer type of spec 6: professionals get professional prices. */
  customerType: CustomerType;
  role: "customer" | "staff";
};

/**
 * What every service call is about, passed first (as Vendure's RequestContext): the store
 * and its language, who is asking and with which prices, and the transaction of an atomic
 * flow (checkout passes its transaction down; a service never opens a second one).
 * See docs/decisions/011.
 */
export type RequestContext = {
  store: Store;
  language: Language;
  customerType: CustomerType;
  user: AuthUser | null;
  /** The open transaction of an atomic flow, when there is one. */
  tx?: Db;
};

/** A context for a store, anonymous unless a user is given; the user's type sets the prices. */
export function contextFor(store: Store, user: AuthUser | null = null, tx?: Db): RequestContext {
  return { store, language: store.language, customerType: user?.customerType ?? "customer", user, ...(tx ? { tx } : {}) };
}
