/**
 * What the accounts API sends (clients, addresses, favourites, tokens), as Zod schemas; the
 * types in core/accounts.types.ts are inferred from them. See docs/decisions/011.
 */
import { z } from "zod";
import { ProductCard } from "./catalog.schema.ts";
import { TAX_TYPES } from "./tax-id.ts";

const int = () => z.number().int();
const iso = () => z.string().describe("ISO 8601 date-time");

export const CustomerType = z.enum(["customer", "professional"]);

export const ClientDto = z.object({
  id: int(),
  email: z.string(),
  name: z.string(),
  surnames: z.string(),
  phone: z.string().nullable(),
  _type: CustomerType.describe("Customer type (spec 3: the user's _type); professionals get professional prices"),
  role: z.enum(["customer", "staff"]),
  is_active: z.boolean(),
  language: z.enum(["es", "fr"]),
  store: int().describe("Store id of sign-up"),
  privacy_accepted_at: iso(),
  newsletter: z.boolean().describe("Subscribed to the newsletter of the sign-up store"),
  created_at: iso(),
  updated_at: iso(),
});

export const TokenPair = z.object({
  access: z.string().describe("Access JWT, 600 s"),
  refresh: z.string().describe("Refresh JWT, 86400 s; single use: each refresh returns a new one"),
});

export const AddressDto = z.object({
  id: int(),
  user: int(),
  type: z.enum(["shipping", "billing"]),
  name: z.string(),
  business_name: z.string(),
  tax_type: z.enum(TAX_TYPES).nullable(),
  tax_id: z.string(),
  phone: z.string(),
  address: z.string(),
  flat: z.string(),
  number: z.string(),
  postal_code: z.string(),
  city: z.string(),
  province: z.string(),
  country: z.enum(["ES", "FR"]),
  default: z.boolean(),
  created_at: iso(),
  updated_at: iso(),
});

export const WishlistItemDto = z.object({
  id: int(),
  user: int(),
  product_id: int(),
  product: ProductCard.nullable().describe("The product card in the store of the request (null if not sold there)"),
  created_at: iso(),
});

export const paginatedOf = <T extends z.ZodType>(item: T) => z.object({ results: z.array(item), page: int(), page_size: int(), total: int(), pages: int() });

/** `subscribed` once confirmed; `pending` while the confirmation mail waits for its link (double opt-in). */
export const NewsletterStatus = z.object({ subscribed: z.boolean(), pending: z.boolean(), id: int().nullable() });

export const Message = z.object({ message: z.string() });

export const AccountExport = z.object({
  generated_at: iso(),
  client: ClientDto,
  addresses: z.array(AddressDto),
  favourites: z.array(z.object({ product_id: int(), ref: z.string(), added_at: iso() })),
  newsletter_subscriptions: z.array(z.object({ store: int(), email: z.string(), source: z.string(), consent_at: iso() })),
  sessions: z.array(z.object({ created_at: iso(), last_used_at: iso().nullable(), revoked_at: iso().nullable() })),
  /** Orders and quotations (kept after an erasure as the law requires: invoices, warranty). */
  orders: z.array(
    z.object({
      id: int(),
      order_number: z.string(),
      store: int(),
      status: int(),
      placed_at: iso().nullable(),
      total: int().nullable(),
      email: z.string().nullable(),
    }),
  ),
});
