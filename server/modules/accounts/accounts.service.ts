import { and, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { isUniqueViolation } from "../../db/errors.ts";
import { addressSchema, parseForm } from "../../../core/accounts.forms.ts";
import type {
  AddressInput,
  AddressType,
  ChangeEmailInput,
  ChangePasswordInput,
  LoginInput,
  NewPasswordInput,
  ProfileInput,
  SignupInput,
} from "../../../core/accounts.forms.ts";
import type { AccountExport, AddressDto, ClientDto, TokenPair, WishlistItemDto } from "../../../core/accounts.types.ts";
import { localePath } from "../../../core/stores.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { AuthUser, RequestContext } from "../../lib/request-context.ts";
import { contextFor } from "../../lib/request-context.ts";
import { products } from "../catalog/catalog.schema.ts";
import type { CatalogService } from "../catalog/catalog.types.ts";
import type { MailService } from "../mail/mail.service.ts";
import { type MailKind, renderMail } from "../mail/mail.templates.ts";
import type { MarketingService } from "../marketing/marketing.service.ts";
import type { Store, StoresService } from "../stores/stores.service.ts";
import { addresses, refreshFamilies, users, userTokens, wishlistItems } from "./accounts.schema.ts";
import { installPasswordDenylist } from "./accounts.common-passwords.ts";
import { dummyHash, hashPassword, verifyPassword } from "./accounts.passwords.ts";
import { createThrottle, type Limits, type LimitName } from "./accounts.throttle.ts";
import { ACTIVATION_TTL_S, createJwt, newId, newLinkToken, REFRESH_TTL_S, RESET_TTL_S, sha256 } from "./accounts.tokens.ts";
import { createWebSessions } from "./accounts.web.ts";

/** Where a request comes from, for throttling (the storefront passes what it knows). */
export type Meta = { ip?: string };
export type Fail<C extends string> = { ok: false; code: C; retryAfter?: number };
export type Throttled = Fail<"auth.too_many_attempts"> & { retryAfter: number };
type UserRow = typeof users.$inferSelect;
export type AddressResult =
  | { ok: true; address: AddressDto }
  | { ok: false; code: "accounts.invalid"; fieldErrors: Record<string, string> }
  | Fail<"auth.forbidden">;

/** A storefront request racing its own refresh (two tabs, parallel loaders) within this window is no theft. */
const REFRESH_GRACE_MS = 10_000;

export type AccountsDeps = {
  db: Db;
  config: Config;
  stores: StoresService;
  catalog: CatalogService;
  marketing: MarketingService;
  mail: MailService;
  limits?: Partial<Limits>;
  /** The customer's orders for the GDPR export (late-bound: the orders module is built later). */
  ordersOf?: () => (userId: number) => Promise<AccountExport["orders"]>;
  /** The erasure's part in the other modules (orders, reviews, quotations...: admin/erasure.ts), in its transaction. */
  eraseElsewhere?: () => (tx: Db, who: { userId: number; email: string }) => Promise<void>;
  log?: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
};

const iso = (d: Date) => d.toISOString();

export function toAuthUser(u: Pick<UserRow, "id" | "email" | "customerType" | "role">): AuthUser {
  return { id: u.id, email: u.email, customerType: u.customerType, role: u.role };
}

function toAddress(r: typeof addresses.$inferSelect): AddressDto {
  return {
    id: r.id,
    user: r.userId,
    type: r.type,
    name: r.name,
    business_name: r.businessName,
    tax_type: r.taxType,
    tax_id: r.taxId,
    phone: r.phone,
    address: r.address,
    flat: r.flat,
    number: r.number,
    postal_code: r.postalCode,
    city: r.city,
    province: r.province,
    country: r.country,
    default: r.isDefault,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

/** The writable fields of an address, as its form sends them (an update merges the change into these). */
export function editableAddress(a: AddressDto) {
  return {
    name: a.name,
    business_name: a.business_name,
    tax_type: a.tax_type,
    tax_id: a.tax_id,
    phone: a.phone,
    address: a.address,
    flat: a.flat,
    number: a.number,
    postal_code: a.postal_code,
    city: a.city,
    province: a.province,
    country: a.country,
    default: a.default,
  };
}

/**
 * Accounts: sign-up with mail activation, login with rotating refresh tokens, password
 * recovery, the profile (addresses, favourites, newsletter, professional type) and GDPR export
 * and erasure. Every call that acts for a user takes a RequestContext whose `user` is the
 * caller: objects of other users are "not found", whatever id is given.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db, config, stores, catalog, marketing, mail } = deps;
  const log = deps.log ?? { error: (o: unknown, m: string) => console.error(m, o), warn: () => {} };
  const jwt = createJwt(config.secret, config.publicUrl);
  const throttle = createThrottle(db, deps.limits);
  // Every password field the server parses from now on refuses the most common passwords.
  installPasswordDenylist();
  const dbOf = (ctx: { tx?: Db }) => ctx.tx ?? db;

  async function limited(rules: [LimitName, string | undefined][]): Promise<Throttled | null> {
    const r = await throttle.hit(rules);
    return r.ok ? null : { ok: false, code: "auth.too_many_attempts", retryAfter: r.retryAfter };
  }

  function requireUser(ctx: RequestContext): AuthUser {
    if (!ctx.user) throw new Error('accounts: this call needs ctx.user (the route must use auth: "user")');
    return ctx.user;
  }

  async function userById(id: number, tx: Db = db): Promise<UserRow | null> {
    const [u] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)));
    return u ?? null;
  }

  async function userByEmail(email: string): Promise<UserRow | null> {
    const [u] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
    return u && !u.deletedAt ? u : null;
  }

  async function toClient(u: UserRow): Promise<ClientDto> {
    const newsletter = (await marketing.subscriptionsOf(u.email)).some((s) => s.storeId === u.storeId && s.confirmedAt !== null);
    return {
      id: u.id,
      email: u.email,
      name: u.name,
      surnames: u.surnames,
      phone: u.phone,
      _type: u.customerType,
      role: u.role,
      is_active: u.isActive,
      language: u.language,
      store: u.storeId,
      privacy_accepted_at: iso(u.privacyAcceptedAt),
      newsletter,
      created_at: iso(u.createdAt),
      updated_at: iso(u.updatedAt),
    };
  }

  /** The caller's own account, or null when `id` is someone else's (callers answer 404). */
  async function own(ctx: RequestContext, id: number): Promise<UserRow | null> {
    const me = requireUser(ctx);
    if (id !== me.id) return null;
    return userById(id, dbOf(ctx));
  }

  // ------------------------------------------------------------------ mail

  function link(store: Store, path: string): string {
    return `${config.publicUrl}${localePath(store.language, path)}`;
  }

  async function sendMail(kind: MailKind, store: Store, to: string, name: string, actionLink?: string): Promise<boolean> {
    const home = link(store, "/");
    const rendered = renderMail(kind, store.language, { shop: store.name, name, link: actionLink ?? home, home });
    try {
      await mail.send({ to, ...rendered });
      return true;
    } catch (err) {
      // The account change stands; the customer can ask for the mail again (login resends activation).
      log.error({ err, kind }, "mail not sent");
      return false;
    }
  }

  type LinkPurpose = "activation" | "reset" | "claim";

  async function issueLinkToken(userId: number, purpose: LinkPurpose, tx: Db = db): Promise<string> {
    const token = newLinkToken();
    const ttl = purpose === "reset" ? RESET_TTL_S : ACTIVATION_TTL_S;
    await tx.insert(userTokens).values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttl * 1000) });
    return token;
  }

  /** Marks a link token used and gives its user, once: the conditional UPDATE decides races. */
  async function consumeLinkToken(token: string, purpose: LinkPurpose | LinkPurpose[], tx: Db = db): Promise<number | null> {
    if (!token || token.length > 200) return null;
    const purposes = Array.isArray(purpose) ? purpose : [purpose];
    const rows = await tx
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(userTokens.tokenHash, sha256(token)), inArray(userTokens.purpose, purposes), isNull(userTokens.usedAt), gt(userTokens.expiresAt, new Date())),
      )
      .returning({ userId: userTokens.userId });
    return rows[0]?.userId ?? null;
  }

  async function sendActivation(u: UserRow, store: Store): Promise<void> {
    const token = await issueLinkToken(u.id, "activation");
    await sendMail("activation", store, u.email, u.name, `${link(store, "/login")}?activate=${encodeURIComponent(token)}`);
  }

  /**
   * The mail of an account asked for at checkout: its link (single use, 7 days) opens the
   * new-password page, where the mailbox's owner chooses the account's password; only then can
   * anyone log in (docs/decisions/047).
   */
  async function sendClaim(u: Pick<UserRow, "id" | "email" | "name">, store: Store): Promise<void> {
    const token = await issueLinkToken(u.id, "claim");
    await sendMail("claim", store, u.email, u.name, `${link(store, "/restaurar-contrasena")}?token=${encodeURIComponent(token)}`);
  }

  // ------------------------------------------------------------------ sessions (refresh-token families)

  async function openSession(userId: number, tx: Db = db): Promise<TokenPair & { sessionId: string }> {
    const sessionId = newId();
    const jti = newId();
    await tx
      .insert(refreshFamilies)
      .values({ id: sessionId, userId, currentJti: jti, expiresAt: new Date(Date.now() + REFRESH_TTL_S * 1000), lastUsedAt: new Date() });
    return { access: await jwt.accessToken(userId, sessionId), refresh: await jwt.refreshToken(userId, sessionId, jti), sessionId };
  }

  async function revokeSessions(userId: number, reason: string, opts: { except?: string; only?: string } = {}, tx: Db = db): Promise<number> {
    const conds = [eq(refreshFamilies.userId, userId), isNull(refreshFamilies.revokedAt)];
    if (opts.except) conds.push(ne(refreshFamilies.id, opts.except));
    if (opts.only) conds.push(eq(refreshFamilies.id, opts.only));
    const rows = await tx
      .update(refreshFamilies)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(...conds))
      .returning({ id: refreshFamilies.id });
    return rows.length;
  }

  type RefreshOk = { ok: true; userId: number; sessionId: string; access: string; refresh: string | null };

  /**
   * Rotation: the family's current refresh token is swapped for a new one by one conditional
   * UPDATE, so of N concurrent uses exactly one wins. A signed token of the family that is not
   * the current one was used before: someone holds a copy, and the whole family is revoked.
   * `grace` (storefront cookies only) lets the token replaced in the last seconds get a new
   * access token (without a refresh token), for a browser racing its own refresh.
   */
  async function rotate(refreshToken: string, meta: Meta, grace: boolean): Promise<RefreshOk | Fail<"auth.token_invalid"> | Throttled> {
    const claims = await jwt.verifyRefresh(refreshToken);
    if (!claims) return { ok: false, code: "auth.token_invalid" };
    const stop = await limited([
      ["refresh:ip", meta.ip],
      ["refresh:account", `user:${claims.sub}`],
    ]);
    if (stop) return stop;
    const now = new Date();
    const jti = newId();
    const won = await db
      .update(refreshFamilies)
      .set({
        previousJti: sql`${refreshFamilies.currentJti}`,
        currentJti: jti,
        rotatedAt: now,
        lastUsedAt: now,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_S * 1000),
      })
      .where(
        and(
          eq(refreshFamilies.id, claims.sid),
          eq(refreshFamilies.userId, claims.sub),
          eq(refreshFamilies.currentJti, claims.jti),
          isNull(refreshFamilies.revokedAt),
          gt(refreshFamilies.expiresAt, now),
          sql`exists (select 1 from ${users} u where u.id = ${claims.sub} and u.is_active and u.deleted_at is null)`,
        ),
      )
      .returning({ id: refreshFamilies.id });
    if (won.length === 1) {
      return {
        ok: true,
        userId: claims.sub,
        sessionId: claims.sid,
        access: await jwt.accessToken(claims.sub, claims.sid),
        refresh: await jwt.refreshToken(claims.sub, claims.sid, jti),
      };
    }
    const [fam] = await db
      .select()
      .from(refreshFamilies)
      .where(and(eq(refreshFamilies.id, claims.sid), eq(refreshFamilies.userId, claims.sub)));
    if (!fam || fam.revokedAt || fam.currentJti === claims.jti) return { ok: false, code: "auth.token_invalid" };
    const recent = fam.rotatedAt !== null && now.getTime() - fam.rotatedAt.getTime() < REFRESH_GRACE_MS;
    if (grace && recent && fam.previousJti === claims.jti && (await userById(claims.sub))?.isActive) {
      return { ok: true, userId: claims.sub, sessionId: claims.sid, access: await jwt.accessToken(claims.sub, claims.sid), refresh: null };
    }
    await revokeSessions(claims.sub, "refresh token reused", { only: claims.sid });
    log.warn({ userId: claims.sub, sessionId: claims.sid }, "refresh token reused: session revoked");
    return { ok: false, code: "auth.token_invalid" };
  }

  /**
   * The caller of an access token: the signature, claims and expiry are checked by the JWT
   * layer; then one query checks the account is still active and its session not revoked
   * (logout elsewhere, password reset, erasure end access at once, not in 10 minutes).
   */
  async function userFromAccessToken(token: string): Promise<{ user: UserRow; sessionId: string } | null> {
    const claims = await jwt.verifyAccess(token);
    if (!claims) return null;
    const rows = await db
      .select({ user: users, revokedAt: refreshFamilies.revokedAt })
      .from(users)
      .innerJoin(refreshFamilies, and(eq(refreshFamilies.id, claims.sid), eq(refreshFamilies.userId, users.id)))
      .where(eq(users.id, claims.sub));
    const r = rows[0];
    if (!r || r.revokedAt || !r.user.isActive || r.user.deletedAt) return null;
    return { user: r.user, sessionId: claims.sid };
  }

  /** The erasure itself: personal rows deleted, the account row pseudonymised (orders keep pointing at it). */
  async function erase(t: Db, id: number, email: string): Promise<void> {
    const now = new Date();
    await t.delete(addresses).where(eq(addresses.userId, id));
    await t.delete(wishlistItems).where(eq(wishlistItems.userId, id));
    await t.delete(userTokens).where(eq(userTokens.userId, id));
    await t.delete(refreshFamilies).where(eq(refreshFamilies.userId, id));
    await marketing.unsubscribeEverywhere(email, t);
    await deps.eraseElsewhere?.()(t, { userId: id, email });
    await t
      .update(users)
      .set({
        email: `deleted-${id}@erased.invalid`,
        passwordHash: "!",
        pendingPasswordHash: null,
        name: "",
        surnames: "",
        phone: null,
        customerType: "customer",
        isActive: false,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, id));
  }

  /** Everything the shop keeps about an account (GDPR access and portability). */
  async function exportOf(u: UserRow): Promise<AccountExport> {
    const id = u.id;
    const [addr, favs, subs, sessions] = await Promise.all([
      db.select().from(addresses).where(eq(addresses.userId, id)).orderBy(addresses.id),
      db
        .select({ productId: wishlistItems.productId, ref: products.ref, createdAt: wishlistItems.createdAt })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.userId, id))
        .orderBy(wishlistItems.id),
      marketing.subscriptionsOf(u.email),
      db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, id)).orderBy(refreshFamilies.createdAt),
    ]);
    const orders = deps.ordersOf ? await deps.ordersOf()(id) : [];
    const data: AccountExport = {
      generated_at: iso(new Date()),
      client: await toClient(u),
      addresses: addr.map(toAddress),
      favourites: favs.map((f) => ({ product_id: f.productId, ref: f.ref, added_at: iso(f.createdAt) })),
      newsletter_subscriptions: subs.map((s) => ({ store: s.storeId, email: s.email, source: s.source, consent_at: iso(s.consentAt) })),
      sessions: sessions.map((s) => ({
        created_at: iso(s.createdAt),
        last_used_at: s.lastUsedAt ? iso(s.lastUsedAt) : null,
        revoked_at: s.revokedAt ? iso(s.revokedAt) : null,
      })),
      orders,
    };
    return data;
  }

  // ------------------------------------------------------------------ the service

  const service = {
    throttle,
    jwt,

    /** Whether an account exists for this email (the checkout asks before offering to create one). */
    async emailRegistered(email: string): Promise<boolean> {
      return (await userByEmail(email)) != null;
    },

    /**
     * The checkout's "create my account" tells whether an email has an account (its 409 says so,
     * to help a customer who forgot they have one): like recovery, it is throttled per address
     * and per email before it answers. Null when the attempt may go on.
     */
    async throttleCheckoutAccount(email: string, meta: Meta = {}): Promise<Throttled | null> {
      return limited([
        ["checkout-account:ip", meta.ip],
        ["checkout-account:account", email],
      ]);
    },

    /**
     * The account a guest asks for at checkout (issue 36: someone else could create your
     * account). Whoever fills in a checkout form has not shown they own the email, so the password
     * typed there is NOT the account's password: it is kept aside (`pending_password_hash`, which
     * a login only answers with 'Usuario inactivo') and the mailbox gets a link to choose the
     * account's password; following it activates the account. A stranger's password therefore
     * never opens the account of the email's owner. `accounts.email_taken` when the email has one.
     */
    async createFromCheckout(
      ctx: RequestContext,
      input: { name: string; surnames: string; email: string; password: string },
    ): Promise<{ ok: true; user: { id: number; email: string } } | Fail<"accounts.email_taken">> {
      const pendingPasswordHash = await hashPassword(input.password);
      const [row] = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          passwordHash: "!",
          pendingPasswordHash,
          name: input.name,
          surnames: input.surnames,
          customerType: "customer",
          storeId: ctx.store.id,
          language: ctx.language,
          privacyAcceptedAt: new Date(),
        })
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email, name: users.name });
      if (!row) return { ok: false, code: "accounts.email_taken" };
      await sendClaim(row, ctx.store);
      return { ok: true, user: { id: row.id, email: row.email } };
    },

    /** Sign-up: an inactive account and an activation mail. Concurrent sign-ups with one email: one account. */
    async signup(ctx: RequestContext, input: SignupInput, meta: Meta = {}): Promise<{ ok: true; user: ClientDto } | Fail<"accounts.email_taken"> | Throttled> {
      const stop = await limited([
        ["signup:ip", meta.ip],
        ["signup:account", input.email],
      ]);
      if (stop) return stop;
      const passwordHash = await hashPassword(input.password);
      const now = new Date();
      const [row] = await db
        .insert(users)
        .values({
          email: input.email.toLowerCase(),
          passwordHash,
          name: input.name,
          surnames: input.surnames,
          customerType: input.professional ? "professional" : "customer",
          storeId: ctx.store.id,
          language: ctx.language,
          privacyAcceptedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return { ok: false, code: "accounts.email_taken" };
      await sendActivation(row, ctx.store);
      return { ok: true, user: await toClient(row) };
    },

    /** Follows the activation link: single use, 7 days. */
    async activate(
      _ctx: RequestContext,
      token: string,
      meta: Meta = {},
    ): Promise<{ ok: true; user: ClientDto } | Fail<"accounts.activation_failed"> | Throttled> {
      const stop = await limited([["link:ip", meta.ip]]);
      if (stop) return stop;
      const userId = await consumeLinkToken(token, "activation");
      if (!userId) return { ok: false, code: "accounts.activation_failed" };
      const [u] = await db
        .update(users)
        .set({ isActive: true, activatedAt: sql`coalesce(${users.activatedAt}, now())`, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning();
      if (!u) return { ok: false, code: "accounts.activation_failed" };
      return { ok: true, user: await toClient(u) };
    },

    /**
     * Email and password to a token pair. The answer and its timing are the same for an unknown
     * email and a wrong password; 'Usuario inactivo' only to someone who knows the password
     * (and the activation mail is sent again).
     */
    async login(
      ctx: RequestContext,
      input: LoginInput,
      meta: Meta = {},
    ): Promise<{ ok: true; user: UserRow; tokens: TokenPair & { sessionId: string } } | Fail<"auth.invalid_credentials" | "auth.inactive"> | Throttled> {
      const stop = await limited([
        ["login:ip", meta.ip],
        ["login:account", input.email],
      ]);
      if (stop) return stop;
      const u = await userByEmail(input.email);
      const good = await verifyPassword(u?.passwordHash ?? (await dummyHash()), input.password);
      if (u && !good && !u.isActive && u.pendingPasswordHash && (await verifyPassword(u.pendingPasswordHash, input.password))) {
        // The password typed at checkout: never a session. Whoever typed it is told the account
        // waits for its mail, and the mailbox gets the link again (only its owner can use it).
        await sendClaim(u, (await stores.resolve(u.storeId).catch(() => ctx.store)) ?? ctx.store);
        return { ok: false, code: "auth.inactive" };
      }
      if (!u || !good) return { ok: false, code: "auth.invalid_credentials" };
      if (!u.isActive) {
        await sendActivation(u, (await stores.resolve(u.storeId).catch(() => ctx.store)) ?? ctx.store);
        return { ok: false, code: "auth.inactive" };
      }
      return { ok: true, user: u, tokens: await openSession(u.id) };
    },

    /** POST token/refresh/: strict rotation (every reuse of an old token revokes its family). */
    async refresh(refreshToken: string, meta: Meta = {}): Promise<{ ok: true; tokens: TokenPair } | Fail<"auth.token_invalid"> | Throttled> {
      const r = await rotate(refreshToken, meta, false);
      if (!r.ok) return r;
      return { ok: true, tokens: { access: r.access, refresh: r.refresh as string } };
    },

    /** Ends one session (logout): its refresh token stops working; access tokens of it too. */
    async logout(refreshOrAccessToken: { refresh?: string; access?: string }): Promise<void> {
      const claims =
        (refreshOrAccessToken.refresh ? await jwt.verifyRefresh(refreshOrAccessToken.refresh) : null) ??
        (refreshOrAccessToken.access ? await jwt.verifyAccess(refreshOrAccessToken.access) : null);
      if (claims) await revokeSessions(claims.sub, "logout", { only: claims.sid });
    },

    /** 'No existe ninguna cuenta asociada a ese email' is the spec's answer: throttled per address and per email. */
    async requestPasswordReset(ctx: RequestContext, email: string, meta: Meta = {}): Promise<{ ok: true } | Fail<"accounts.no_account"> | Throttled> {
      const stop = await limited([
        ["reset:ip", meta.ip],
        ["reset:account", email],
      ]);
      if (stop) return stop;
      const u = await userByEmail(email);
      if (!u) return { ok: false, code: "accounts.no_account" };
      const token = await issueLinkToken(u.id, "reset");
      await sendMail("reset", ctx.store, u.email, u.name, `${link(ctx.store, "/restaurar-contrasena")}?token=${encodeURIComponent(token)}`);
      return { ok: true };
    },

    /**
     * The new password from a reset link (single use, 30 minutes). Ends every session of the
     * account and the other reset links; following the link proves the mailbox, so it also
     * activates an account that was never activated.
     */
    async resetPassword(
      _ctx: RequestContext,
      token: string,
      input: NewPasswordInput,
      meta: Meta = {},
    ): Promise<{ ok: true } | Fail<"accounts.reset_failed"> | Throttled> {
      const stop = await limited([["link:ip", meta.ip]]);
      if (stop) return stop;
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction(async (tx) => {
        // A reset link, or the link of an account asked for at checkout (the same page).
        const userId = await consumeLinkToken(token, ["reset", "claim"], tx as unknown as Db);
        if (!userId) return false;
        const now = new Date();
        const [u] = await tx
          .update(users)
          .set({
            passwordHash,
            pendingPasswordHash: null,
            passwordChangedAt: now,
            isActive: true,
            activatedAt: sql`coalesce(${users.activatedAt}, now())`,
            updatedAt: now,
          })
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .returning({ id: users.id });
        if (!u) return false;
        await tx
          .update(userTokens)
          .set({ usedAt: now })
          .where(and(eq(userTokens.userId, userId), inArray(userTokens.purpose, ["reset", "claim"]), isNull(userTokens.usedAt)));
        await revokeSessions(userId, "password reset", {}, tx as unknown as Db);
        return true;
      });
      return done ? { ok: true } : { ok: false, code: "accounts.reset_failed" };
    },

    /** GET clients/info/: the caller's profile. */
    async clientInfo(ctx: RequestContext): Promise<ClientDto | null> {
      const u = await userById(requireUser(ctx).id, dbOf(ctx));
      return u ? toClient(u) : null;
    },

    async getClient(ctx: RequestContext, id: number): Promise<ClientDto | null> {
      const u = await own(ctx, id);
      return u ? toClient(u) : null;
    },

    /** Name, surnames, phone, language; nothing else can be written here (type has its own call, role none). */
    async updateClient(ctx: RequestContext, id: number, patch: Partial<ProfileInput>): Promise<{ ok: true; user: ClientDto } | Fail<"not_found">> {
      if (!(await own(ctx, id))) return { ok: false, code: "not_found" };
      const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.surnames !== undefined) set.surnames = patch.surnames;
      if (patch.phone !== undefined) set.phone = patch.phone;
      if (patch.language !== undefined) set.language = patch.language;
      const [u] = await dbOf(ctx).update(users).set(set).where(eq(users.id, id)).returning();
      return u ? { ok: true, user: await toClient(u) } : { ok: false, code: "not_found" };
    },

    /** PUT clients/{id}/toggle_type/: customer <-> professional (spec 6: self-declared). */
    async toggleType(ctx: RequestContext, id: number): Promise<{ ok: true; user: ClientDto } | Fail<"not_found">> {
      if (!(await own(ctx, id))) return { ok: false, code: "not_found" };
      const [u] = await dbOf(ctx)
        .update(users)
        .set({ customerType: sql`case when ${users.customerType} = 'professional' then 'customer' else 'professional' end`, updatedAt: new Date() })
        // A type staff revoked (back office) cannot be ticked again from the profile.
        .where(and(eq(users.id, id), sql`not (${users.customerType} = 'customer' and ${users.professionalRevokedAt} is not null)`))
        .returning();
      return u ? { ok: true, user: await toClient(u) } : { ok: false, code: "not_found" };
    },

    async changeEmail(
      ctx: RequestContext,
      id: number,
      input: ChangeEmailInput,
    ): Promise<{ ok: true; user: ClientDto } | Fail<"not_found" | "accounts.wrong_password" | "accounts.email_taken"> | Throttled> {
      const u = await own(ctx, id);
      if (!u) return { ok: false, code: "not_found" };
      const stop = await limited([["password:account", `user:${u.id}`]]);
      if (stop) return stop;
      if (!(await verifyPassword(u.passwordHash, input.current_password))) return { ok: false, code: "accounts.wrong_password" };
      try {
        const [row] = await db.update(users).set({ email: input.email.toLowerCase(), updatedAt: new Date() }).where(eq(users.id, id)).returning();
        return { ok: true, user: await toClient(row) };
      } catch (e) {
        if (isUniqueViolation(e)) return { ok: false, code: "accounts.email_taken" };
        throw e;
      }
    },

    /** Asks the current password; ends the account's other sessions and sends the 'password changed' mail. */
    async changePassword(
      ctx: RequestContext,
      id: number,
      input: ChangePasswordInput,
      opts: { keepSession?: string } = {},
    ): Promise<{ ok: true } | Fail<"not_found" | "accounts.wrong_password"> | Throttled> {
      const u = await own(ctx, id);
      if (!u) return { ok: false, code: "not_found" };
      const stop = await limited([["password:account", `user:${u.id}`]]);
      if (stop) return stop;
      if (!(await verifyPassword(u.passwordHash, input.current_password))) return { ok: false, code: "accounts.wrong_password" };
      const passwordHash = await hashPassword(input.password);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, id));
        await revokeSessions(id, "password changed", { except: opts.keepSession }, tx as unknown as Db);
      });
      await sendMail("password_changed", ctx.store, u.email, u.name, `${link(ctx.store, "/recuperar-contrasena")}`);
      return { ok: true };
    },

    /**
     * GDPR erasure, after the password: addresses, favourites, sessions, mail links and
     * newsletter subscriptions are deleted; the account row stays, pseudonymised, for the orders
     * and invoices the law makes the shop keep. A goodbye mail goes to the old address.
     */
    async deleteAccount(
      ctx: RequestContext,
      id: number,
      { password }: { password: string },
    ): Promise<{ ok: true } | Fail<"not_found" | "accounts.wrong_password"> | Throttled> {
      const u = await own(ctx, id);
      if (!u) return { ok: false, code: "not_found" };
      const stop = await limited([["password:account", `user:${u.id}`]]);
      if (stop) return stop;
      if (!(await verifyPassword(u.passwordHash, password))) return { ok: false, code: "accounts.wrong_password" };
      await db.transaction((tx) => erase(tx as unknown as Db, id, u.email));
      await sendMail("account_deleted", ctx.store, u.email, u.name);
      return { ok: true };
    },

    /** GDPR access/portability: everything the shop keeps about the caller, as JSON. */
    async exportData(ctx: RequestContext, id: number): Promise<{ ok: true; data: AccountExport } | Fail<"not_found">> {
      const u = await own(ctx, id);
      if (!u) return { ok: false, code: "not_found" };
      return { ok: true, data: await exportOf(u) };
    },

    // ---------------------------------------------------------------- addresses

    /** The caller's addresses of one type, default first then newest; page -1 = all. */
    async listAddresses(ctx: RequestContext, type: AddressType, q: { page?: number; page_size?: number } = {}) {
      const me = requireUser(ctx);
      const where = and(eq(addresses.userId, me.id), eq(addresses.type, type));
      const [{ total }] = await dbOf(ctx).select({ total: sql<number>`count(*)::int` }).from(addresses).where(where);
      const all = q.page === -1;
      const pageSize = all ? Math.max(total, 1) : Math.min(100, Math.max(1, q.page_size ?? 20));
      const page = all ? 1 : Math.max(1, q.page ?? 1);
      const rows = await dbOf(ctx)
        .select()
        .from(addresses)
        .where(where)
        .orderBy(desc(addresses.isDefault), desc(addresses.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { results: rows.map(toAddress), page, page_size: pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    /** How many addresses of each type the signed-in customer keeps (the profile home): one query. */
    async addressCounts(ctx: RequestContext): Promise<Record<AddressType, number>> {
      const me = requireUser(ctx);
      const rows = await dbOf(ctx)
        .select({ type: addresses.type, n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(eq(addresses.userId, me.id))
        .groupBy(addresses.type);
      const counts: Record<AddressType, number> = { shipping: 0, billing: 0 };
      for (const r of rows) counts[r.type as AddressType] = r.n;
      return counts;
    },

    async getAddress(ctx: RequestContext, type: AddressType, id: number): Promise<AddressDto | null> {
      const me = requireUser(ctx);
      const [r] = await dbOf(ctx)
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, me.id), eq(addresses.type, type)));
      return r ? toAddress(r) : null;
    },

    /**
     * Creates (id undefined) or replaces an address. The first address of a type becomes the
     * default; making one the default clears the previous one in the same transaction, and the
     * partial unique index settles two of them racing (the loser retries once).
     */
    async saveAddress(ctx: RequestContext, type: AddressType, input: AddressInput, id?: number): Promise<AddressDto | null> {
      const me = requireUser(ctx);
      const values = {
        name: input.name,
        businessName: input.business_name,
        taxType: input.tax_type,
        taxId: input.tax_id,
        phone: input.phone,
        address: input.address,
        flat: input.flat,
        number: input.number,
        postalCode: input.postal_code,
        city: input.city,
        province: input.province,
        country: input.country,
      };
      const attempt = () =>
        db.transaction(async (tx) => {
          // One address write per customer at a time (the user row's lock): "which one is the
          // default" is decided in order, not by whichever insert reaches the index first.
          await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for("update");
          const scope = and(eq(addresses.userId, me.id), eq(addresses.type, type));
          if (id !== undefined) {
            const [mine] = await tx
              .select({ id: addresses.id, isDefault: addresses.isDefault })
              .from(addresses)
              .where(and(scope, eq(addresses.id, id)))
              .for("update");
            if (!mine) return null;
          }
          const [{ defaults }] = await tx
            .select({ defaults: sql<number>`count(*)::int` })
            .from(addresses)
            .where(and(scope, eq(addresses.isDefault, true), id !== undefined ? ne(addresses.id, id) : undefined));
          const makeDefault = input.default || defaults === 0;
          if (makeDefault) {
            await tx
              .update(addresses)
              .set({ isDefault: false })
              .where(and(scope, eq(addresses.isDefault, true), id !== undefined ? ne(addresses.id, id) : undefined));
          }
          const now = new Date();
          const [row] =
            id === undefined
              ? await tx
                  .insert(addresses)
                  .values({ ...values, userId: me.id, type, isDefault: makeDefault })
                  .returning()
              : await tx
                  .update(addresses)
                  .set({ ...values, isDefault: makeDefault, updatedAt: now })
                  .where(and(scope, eq(addresses.id, id)))
                  .returning();
          return row ? toAddress(row) : null;
        });
      try {
        return await attempt();
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        return attempt();
      }
    },

    /**
     * The address form (contract for the storefront): validated with the form's schema in the
     * request's language; `user`, when sent, must be the caller.
     */
    async createAddress(ctx: RequestContext, type: AddressType, input: unknown): Promise<AddressResult> {
      // A creation has no "not found": only an update can miss its address.
      return (await service.writeAddress(ctx, type, input)) as AddressResult;
    },

    /** Changes some or all fields of one of the caller's addresses; the result is validated whole. */
    async updateAddress(ctx: RequestContext, type: AddressType, id: number, input: unknown): Promise<AddressResult | Fail<"not_found">> {
      const current = await service.getAddress(ctx, type, id);
      if (!current) return { ok: false, code: "not_found" };
      return service.writeAddress(ctx, type, { ...editableAddress(current), ...(input as object) }, id);
    },

    async writeAddress(ctx: RequestContext, type: AddressType, raw: unknown, id?: number): Promise<AddressResult | Fail<"not_found">> {
      const parsed = parseForm(addressSchema(ctx.language, type), raw, ctx.language);
      if (!parsed.ok) return { ok: false, code: "accounts.invalid", fieldErrors: parsed.fieldErrors };
      if (parsed.data.user !== undefined && parsed.data.user !== requireUser(ctx).id) return { ok: false, code: "auth.forbidden" };
      const address = await service.saveAddress(ctx, type, parsed.data, id);
      return address ? { ok: true, address } : { ok: false, code: "not_found" };
    },

    /** Deletes one of the caller's addresses; if it was the default, the newest other one takes over. */
    async deleteAddress(ctx: RequestContext, type: AddressType, id: number): Promise<boolean> {
      const me = requireUser(ctx);
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, me.id)).for("update");
        const scope = and(eq(addresses.userId, me.id), eq(addresses.type, type));
        const [gone] = await tx
          .delete(addresses)
          .where(and(scope, eq(addresses.id, id)))
          .returning({ isDefault: addresses.isDefault });
        if (!gone) return false;
        if (gone.isDefault) {
          const [next] = await tx.select({ id: addresses.id }).from(addresses).where(scope).orderBy(desc(addresses.id)).limit(1);
          if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
        }
        return true;
      });
    },

    // ---------------------------------------------------------------- favourites

    async listWishlist(ctx: RequestContext, q: { page?: number; page_size?: number } = {}) {
      const me = requireUser(ctx);
      const where = eq(wishlistItems.userId, me.id);
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(wishlistItems).where(where);
      const all = q.page === -1;
      const pageSize = all ? Math.max(total, 1) : Math.min(96, Math.max(1, q.page_size ?? 24));
      const page = all ? 1 : Math.max(1, q.page ?? 1);
      const rows = await db
        .select()
        .from(wishlistItems)
        .where(where)
        .orderBy(desc(wishlistItems.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      return { results: await withCards(ctx, rows), page, page_size: pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) };
    },

    async getWishlistItem(ctx: RequestContext, id: number): Promise<WishlistItemDto | null> {
      const me = requireUser(ctx);
      const rows = await db
        .select()
        .from(wishlistItems)
        .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, me.id)));
      return rows.length ? (await withCards(ctx, rows))[0] : null;
    },

    /** Adds a product to the caller's favourites (idempotent). */
    async addToWishlist(ctx: RequestContext, productId: number): Promise<{ ok: true; item: WishlistItemDto } | Fail<"accounts.wishlist_product_not_found">> {
      const me = requireUser(ctx);
      const [p] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
      if (!p) return { ok: false, code: "accounts.wishlist_product_not_found" };
      await db.insert(wishlistItems).values({ userId: me.id, productId }).onConflictDoNothing();
      const rows = await db
        .select()
        .from(wishlistItems)
        .where(and(eq(wishlistItems.userId, me.id), eq(wishlistItems.productId, productId)));
      const [item] = await withCards(ctx, rows);
      return item ? { ok: true, item } : { ok: false, code: "accounts.wishlist_product_not_found" };
    },

    async removeFromWishlist(ctx: RequestContext, id: number): Promise<boolean> {
      const me = requireUser(ctx);
      const rows = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.id, id), eq(wishlistItems.userId, me.id)))
        .returning({ id: wishlistItems.id });
      return rows.length > 0;
    },

    async removeProductFromWishlist(ctx: RequestContext, productId: number): Promise<boolean> {
      const me = requireUser(ctx);
      const rows = await db
        .delete(wishlistItems)
        .where(and(eq(wishlistItems.productId, productId), eq(wishlistItems.userId, me.id)))
        .returning({ id: wishlistItems.id });
      return rows.length > 0;
    },

    /** set-favourites (spec 4): the guest's local favourites join the server list on login; unknown products are skipped. */
    async setFavourites(ctx: RequestContext, productIds: number[]): Promise<WishlistItemDto[]> {
      const me = requireUser(ctx);
      const ids = [...new Set(productIds)].slice(0, 500);
      if (ids.length) {
        const known = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
        if (known.length) {
          await db
            .insert(wishlistItems)
            .values(known.map((k) => ({ userId: me.id, productId: k.id })))
            .onConflictDoNothing();
        }
      }
      const rows = await db.select().from(wishlistItems).where(eq(wishlistItems.userId, me.id)).orderBy(desc(wishlistItems.id));
      return withCards(ctx, rows);
    },

    // ---------------------------------------------------------------- newsletter

    /**
     * The caller's subscription to the newsletter of the request's store: `subscribed` once
     * confirmed, `pending` while the confirmation mail waits for its link (double opt-in).
     */
    async newsletterStatus(ctx: RequestContext): Promise<{ subscribed: boolean; pending: boolean; id: number | null }> {
      const u = await userById(requireUser(ctx).id);
      if (!u) return { subscribed: false, pending: false, id: null };
      const sub = (await marketing.subscriptionsOf(u.email)).find((s) => s.storeId === ctx.store.id);
      return { subscribed: Boolean(sub?.confirmedAt), pending: Boolean(sub && !sub.confirmedAt), id: sub?.id ?? null };
    },

    /**
     * The profile's newsletter toggle (404 in a store without newsletter, as the footer form).
     * Switching it on sends the confirmation mail, as the footer does (docs/decisions/047); the
     * welcome coupon follows the confirmation. Throttled like the footer (per address and email).
     */
    async setNewsletter(
      ctx: RequestContext,
      subscribed: boolean,
      meta: Meta = {},
    ): Promise<{ subscribed: boolean; pending: boolean; id: number | null } | Throttled> {
      const u = await userById(requireUser(ctx).id);
      if (!u) return { subscribed: false, pending: false, id: null };
      if (subscribed) {
        const r = await marketing.subscribeAccount(ctx.store, { email: u.email, name: u.name, surname: u.surnames }, meta);
        if (!r.ok && r.code === "auth.too_many_attempts") return { ok: false, code: r.code, retryAfter: r.retryAfter };
      } else await marketing.unsubscribe(ctx.store.id, u.email);
      return service.newsletterStatus(ctx);
    },

    // ---------------------------------------------------------------- for the HTTP layer and the storefront

    userFromAccessToken,
    rotate,
    openSession,
    toClient,
    userById,
    toAuthUser,
    contextOfPage: async (language: "es" | "fr") => contextFor(await stores.byLanguage(language)),

    /** Product ids of the caller's favourites (the header counter, the product page's heart). */
    async wishlistProductIds(ctx: RequestContext): Promise<number[]> {
      const me = requireUser(ctx);
      const rows = await db.select({ id: wishlistItems.productId }).from(wishlistItems).where(eq(wishlistItems.userId, me.id)).orderBy(desc(wishlistItems.id));
      return rows.map((r) => r.id);
    },

    /**
     * Back office: GDPR erasure on the customer's request (staff checked who asks; no password).
     * The same pseudonymisation as the customer's own deletion, in the caller's transaction (its
     * audit entry lands with it). Null for an unknown or already erased account.
     */
    async staffErase(tx: Db, id: number): Promise<{ email: string; name: string; storeId: number; language: "es" | "fr" } | null> {
      const [u] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.role, "customer")))
        .for("update");
      if (!u) return null;
      await erase(tx, id, u.email);
      return { email: u.email, name: u.name, storeId: u.storeId, language: u.language };
    },

    /** The goodbye mail of an erasure (sent after the transaction commits). */
    async sendErasedMail(who: { email: string; name: string; storeId: number }): Promise<void> {
      await sendMail("account_deleted", await stores.resolve(who.storeId), who.email, who.name);
    },

    /** Back office: everything the shop keeps about a customer (the JSON of their own export). */
    async staffExport(id: number): Promise<AccountExport | null> {
      const u = await userById(id);
      return u && u.role === "customer" ? exportOf(u) : null;
    },

    /**
     * Back office: switches a customer between customer and professional (spec 6's toggle),
     * in the caller's transaction. Revoking records it, so the profile cannot tick it again;
     * restoring clears that. Null for an unknown, erased or staff account.
     */
    async staffToggleType(tx: Db, id: number): Promise<{ before: "customer" | "professional"; after: "customer" | "professional"; user: UserRow } | null> {
      const [cur] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt), eq(users.role, "customer")))
        .for("update");
      if (!cur) return null;
      const after = cur.customerType === "professional" ? "customer" : "professional";
      const now = new Date();
      const [u] = await tx
        .update(users)
        .set({ customerType: after, professionalRevokedAt: after === "customer" ? now : null, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      return { before: cur.customerType, after, user: u };
    },

    /** Back office: a customer's login sessions (refresh-token families), newest first. */
    async sessionsOf(userId: number) {
      return db.select().from(refreshFamilies).where(eq(refreshFamilies.userId, userId)).orderBy(desc(refreshFamilies.createdAt)).limit(100);
    },

    /** Back office: ends every open session of a customer (their tokens stop working at once). */
    endAllSessions(userId: number, tx: Db = db): Promise<number> {
      return revokeSessions(userId, "ended by staff", {}, tx);
    },
  };

  async function withCards(ctx: RequestContext, rows: (typeof wishlistItems.$inferSelect)[]): Promise<WishlistItemDto[]> {
    const ids = [...new Set(rows.map((r) => r.productId))];
    const cards = new Map<number, WishlistItemDto["product"]>();
    // Cards in the request's store and language, with the caller's prices (professional or not).
    const cardCtx = contextFor(ctx.store, ctx.user);
    for (let i = 0; i < ids.length; i += 96) {
      const chunk = ids.slice(i, i + 96);
      const page = await catalog.weblistProducts(cardCtx, { ids: chunk, page: 1, page_size: chunk.length });
      for (const c of page.results) cards.set(c.id, c);
    }
    return rows.map((r) => ({ id: r.id, user: r.userId, product_id: r.productId, product: cards.get(r.productId) ?? null, created_at: iso(r.createdAt) }));
  }

  return { ...service, web: createWebSessions(service, config) };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
export type AccountsCore = Omit<AccountsService, "web">;
