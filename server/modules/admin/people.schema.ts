import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "../accounts/accounts.schema.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The back office's review of a self-declared professional (spec 6: professionals tick a box at
 * sign-up and get professional prices at once). The queue is every professional without a
 * `reviewedAt`; staff may ask for a company name and CIF (mailed, counted), approve, or revoke.
 */
export const professionalReviews = pgTable("professional_reviews", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  status: text("status").$type<"pending" | "info_requested" | "approved" | "revoked">().notNull().default("pending"),
  cifRequestedAt: ts("cif_requested_at"),
  cifRequests: integer("cif_requests").notNull().default(0),
  reviewedAt: ts("reviewed_at"),
  /** The staff member (staff_members.id) who reviewed last. */
  reviewedBy: integer("reviewed_by"),
  note: text("note").notNull().default(""),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
