/**
 * Staff roles and permissions: the one place that says who may do what in the back office
 * (issue 38). The server refuses a staff call whose permission the caller's role lacks (403,
 * checked in apiRoute for every /api/admin route); the staff application hides what the role
 * lacks. Browser-safe: the staff application imports this file.
 *
 * Permissions are "<area>.<verb>"; a route names exactly one. Catalog and content permissions
 * are declared here already for the back-office issue that adds those screens.
 */
export const PERMISSIONS = [
  "dashboard.read",
  "orders.read",
  /** Status moves, internal notes, addresses, resending mails, packing slips. */
  "orders.write",
  "orders.export",
  /** Create, split, merge, ship and move packages. */
  "packages.write",
  "payments.read",
  /** Confirm bank transfers, resend payment links. */
  "payments.write",
  /** Refunds, credit notes and cancellations of paid orders (support: up to the owner's limit). */
  "refunds.write",
  "quotations.write",
  /** Withdrawals, returns and incidents. */
  "aftersale.write",
  "customers.read",
  "customers.write",
  /** GDPR export and erasure on request. */
  "customers.gdpr",
  "professionals.review",
  "newsletter.read",
  "newsletter.write",
  /** Reviews, questions, installation quote requests. */
  "moderation.write",
  "invoices.read",
  "invoices.write",
  "invoices.export",
  "audit.read",
  "staff.manage",
  "settings.write",
  "installation.read",
  "installation.write",
  // Back office II (catalog and content): declared here so roles stay one table.
  "catalog.write",
  "content.write",
  "marketing.write",
  "prices.write",
  "stock.write",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ["owner", "manager", "support", "warehouse", "accountant", "installer_coordinator"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL = new Set<Permission>(PERMISSIONS);
const allBut = (...no: Permission[]) => new Set(PERMISSIONS.filter((p) => !no.includes(p)));

/** Each role's permissions. Owner: everything. Manager: everything but staff and shop settings. */
export const ROLE_PERMISSIONS: Record<StaffRole, ReadonlySet<Permission>> = {
  owner: ALL,
  manager: allBut("staff.manage", "settings.write"),
  // Orders (packing and shipping too: a small shop's support team ships), customers, after-sale and
  // moderation; refunds only up to the owner's limit; no invoices.
  support: new Set<Permission>([
    "dashboard.read",
    "orders.read",
    "orders.write",
    "packages.write",
    "payments.read",
    "payments.write",
    "refunds.write",
    "quotations.write",
    "aftersale.write",
    "customers.read",
    "customers.write",
    "customers.gdpr",
    "professionals.review",
    "newsletter.read",
    "newsletter.write",
    "moderation.write",
  ]),
  // Packages and shipping only (reads the orders it packs).
  warehouse: new Set<Permission>(["dashboard.read", "orders.read", "packages.write"]),
  // Invoices, credit notes (a refund issues one), exports; payments read-only.
  accountant: new Set<Permission>([
    "dashboard.read",
    "orders.read",
    "orders.export",
    "payments.read",
    "refunds.write",
    "invoices.read",
    "invoices.write",
    "invoices.export",
    "customers.read",
    "newsletter.read",
    "audit.read",
  ]),
  installer_coordinator: new Set<Permission>([
    "dashboard.read",
    "orders.read",
    "customers.read",
    "installation.read",
    "installation.write",
    "moderation.write",
  ]),
};

/** Roles that must have two-factor authentication before they can do anything. */
export const TOTP_REQUIRED: ReadonlySet<StaffRole> = new Set(["owner", "manager", "accountant"]);

/** Support's refunds are capped by the owner's setting; other roles with refunds.write are not. */
export const REFUND_LIMITED_ROLES: ReadonlySet<StaffRole> = new Set(["support"]);

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

export function isStaffRole(v: unknown): v is StaffRole {
  return typeof v === "string" && (STAFF_ROLES as readonly string[]).includes(v);
}
