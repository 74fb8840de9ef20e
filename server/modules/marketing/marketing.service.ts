import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { PopupDto } from "../../../core/marketing.types.ts";
import { localePath } from "../../../core/stores.ts";
import type { NewsletterInput, NewsletterSource } from "../../../core/validation.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { createPersonalCoupon, personalCoupon } from "../coupons/coupons.service.ts";
import { createThrottle, type Limits } from "../accounts/accounts.throttle.ts";
import { renderNewsletterConfirm, renderNewsletterWelcome } from "../mail/mail.newsletter.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { Store, StoresService } from "../stores/stores.service.ts";
import { newsletterSubscriptions, newsletterWelcomes, popups } from "./marketing.schema.ts";

export const POPUP_TYPE = { form: 100, button: 200 } as const;

export type { PopupDto };

/**
 * `pending`: a confirmation mail went to the address (double opt-in): nothing else happens until
 * its link is followed. `welcome`: the address was confirmed before but never had its welcome
 * coupon (a profile subscription from before docs/decisions/047): the coupon mail goes out now.
 */
export type SubscribeResult =
  | { ok: true; id: number; state: "pending" | "welcome" }
  | { ok: false; code: "newsletter.already_subscribed" }
  | { ok: false; code: "auth.too_many_attempts"; retryAfter: number };

/** Following the confirmation link: `confirmed` now (with `welcome` when the coupon mail goes out), or `already` before. */
export type ConfirmResult = { ok: false; code: "newsletter.confirm_invalid" } | { ok: true; state: "confirmed" | "already"; welcome: boolean; email: string };

/** Where a request comes from (throttling). */
export type SubscribeMeta = { ip?: string };

export type MarketingService = ReturnType<typeof createMarketingService>;

/** What the newsletter welcome needs from the rest of the shop. */
export type MarketingDeps = {
  mail: Pick<MailService, "send">;
  stores: Pick<StoresService, "all">;
  config: Pick<Config, "publicUrl" | "secret">;
  log?: { error(obj: unknown, msg: string): void };
  limits?: Partial<Limits>;
};

/** The welcome coupon the footer and popup forms promise: 5 € off a first purchase, for this email only. */
export const WELCOME_COUPON = { amount: 500, validDays: 90, prefix: "NL", name: "Newsletter: bienvenida" } as const;

/** The storefront page of the one-click unsubscribe link (app/routes/resources/newsletter-unsubscribe.ts). */
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";
/** The storefront page of the double opt-in link (app/routes/resources/newsletter-confirm.ts). */
export const CONFIRM_PATH = "/newsletter/confirm";

/** Unconfirmed subscriptions (and so their links) last this long. */
const PENDING_DAYS = 7;

/** The welcome ledger's key: a SHA-256 of the lower-cased email (as migration 0025 computes it). */
export const emailHash = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex");

/** A welcome mail that failed is tried again this many times in all, waiting 10 min x attempts between tries. */
const WELCOME_MAX_ATTEMPTS = 5;
const WELCOME_RETRY_EVERY_MS = 5 * 60_000;

export type UnsubscribeCheck =
  | { ok: false; code: "newsletter.unsubscribe_invalid" }
  /** `email` is masked (a@… is enough for the visitor to recognise it); null once unsubscribed. */
  | { ok: true; subscribed: boolean; email: string | null };

export type UnsubscribeResult = { ok: false; code: "newsletter.unsubscribe_invalid" } | { ok: true; removed: boolean };

/**
 * Unsubscribe links are `<subscription id>.<HMAC-SHA256 of it>` under a key derived from the
 * shop's SECRET: nothing to store, no login, and no email address in a URL (proxies and logs see
 * URLs). A subscription id is never reused, so a link keeps naming the subscription it was
 * sent for: after unsubscribing, the same link answers "already unsubscribed" (idempotent).
 */
export function unsubscribeSigner(secret: string) {
  return subscriptionSigner(secret, "marketing/unsubscribe/v1", "newsletter-unsubscribe");
}

/** The confirmation (double opt-in) links: the same shape under a key of their own. */
export function confirmSigner(secret: string) {
  return subscriptionSigner(secret, "marketing/confirm/v1", "newsletter-confirm");
}

function subscriptionSigner(secret: string, info: string, label: string) {
  const key = Buffer.from(hkdfSync("sha256", secret, "bano-shop", info, 32));
  const mac = (id: number) => createHmac("sha256", key).update(`${label}:${id}`).digest();
  return {
    sign: (id: number) => `${id}.${mac(id).toString("base64url")}`,
    /** The subscription id of a genuine token, or null (malformed, forged, truncated). */
    verify(token: string | null | undefined): number | null {
      const m = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
      if (!m) return null;
      const id = Number(m[1]);
      const given = Buffer.from(m[2], "base64url");
      // One spelling per token: the 43rd character carries two unused bits, and a decoder ignores
      // them, so four strings decode to the same MAC. Only the one sign() writes is the token.
      if (given.toString("base64url") !== m[2]) return null;
      const expected = mac(id);
      return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
    },
  };
}

/** "lucia.martin@example.es" -> "l***@example.es". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

/** "/fr/ofertas/" -> "/ofertas": popups are matched on the store-relative path without a trailing slash. */
export function normalisePagePath(urlPage: string): string {
  let p = urlPage.split(/[?#]/)[0] || "/";
  if (!p.startsWith("/")) p = `/${p}`;
  if (p === "/fr" || p.startsWith("/fr/")) p = p.slice(3) || "/";
  if (p.length > 1) p = p.replace(/\/+$/, "") || "/";
  return p;
}

/** An exact path, or a prefix ending in "*" ("/inspiracion/*" matches "/inspiracion/x" and "/inspiracion"). */
export function patternMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith("*")) {
    const prefix = pattern.slice(0, -1).replace(/\/$/, "");
    return path === (prefix || "/") || path.startsWith(`${prefix}/`);
  }
  return normalisePagePath(pattern) === path;
}

/** Newsletter sign-ups (footer and popup forms) and the popups shown on store pages; the request context comes first (docs/decisions/011). */
export function createMarketingService(db: Db, deps: MarketingDeps) {
  const { mail, stores, config } = deps;
  const log = deps.log ?? {
    error: (o: unknown, m: string) =>
      console.error(JSON.stringify({ level: 50, time: Date.now(), name: "marketing", msg: m, err: String((o as { err?: unknown })?.err ?? o) })),
  };
  const signer = unsubscribeSigner(config.secret);
  const confirmer = confirmSigner(config.secret);
  /** Sign-ups per address and per email, counted in the database like logins (accounts.throttle). */
  const throttle = createThrottle(db, deps.limits);
  /** Welcome mails being sent now: stop() and tests wait for them. */
  const sending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;

  type OwedWelcome = { id: number; store_id: number; email: string; name: string; welcome_coupon_id: number };

  /**
   * Takes owed welcome mails for sending: one conditional UPDATE per batch, rows locked with SKIP
   * LOCKED, so that the request that subscribed and the retry job (on any copy) never both send
   * one. `id`: just this subscription, right after its commit; otherwise the retry job's batch of
   * failed sends whose wait is over (and that are less than a week old).
   */
  async function claimWelcomes(id?: number): Promise<OwedWelcome[]> {
    const due = id
      ? sql`s.id = ${id} and s.welcome_attempted_at is null`
      : sql`s.welcome_attempts < ${WELCOME_MAX_ATTEMPTS} and coalesce(s.confirmed_at, s.created_at) > now() - interval '7 days'
            and (s.welcome_attempted_at is null and coalesce(s.confirmed_at, s.created_at) < now() - interval '1 minute'
                 or s.welcome_attempted_at < now() - make_interval(mins => 10 * s.welcome_attempts))`;
    const res = await db.execute(sql`
      update newsletter_subscriptions s
      set welcome_attempts = s.welcome_attempts + 1, welcome_attempted_at = now()
      where s.id in (
        select s.id from newsletter_subscriptions s
        where s.welcome_coupon_id is not null and s.welcome_sent_at is null and ${due}
        order by s.id limit 20
        for update skip locked
      ) and s.welcome_sent_at is null and ${due}
      returning s.id, s.store_id, s.email, s.name, s.welcome_coupon_id`);
    return (res as unknown as { rows: OwedWelcome[] }).rows;
  }

  function unsubscribeUrl(store: Pick<Store, "language">, subscriptionId: number): string {
    return `${config.publicUrl}${localePath(store.language, UNSUBSCRIBE_PATH)}?token=${signer.sign(subscriptionId)}`;
  }

  function confirmUrl(store: Pick<Store, "language">, subscriptionId: number): string {
    return `${config.publicUrl}${localePath(store.language, CONFIRM_PATH)}?token=${confirmer.sign(subscriptionId)}`;
  }

  /**
   * The double opt-in mail: one link that confirms the address. Sent after the commit, not
   * retried (a failed send is logged; subscribing again sends it again).
   */
  async function sendConfirmation(store: Store, sub: { id: number; email: string; name: string }): Promise<void> {
    try {
      const rendered = renderNewsletterConfirm(store.language, {
        shop: store.name,
        name: sub.name,
        link: confirmUrl(store, sub.id),
        home: `${config.publicUrl}${localePath(store.language, "/")}`,
        days: PENDING_DAYS,
      });
      await mail.send({ to: sub.email, ...rendered });
      await db.update(newsletterSubscriptions).set({ confirmSentAt: new Date() }).where(eq(newsletterSubscriptions.id, sub.id));
    } catch (err) {
      log.error({ err, subscription: sub.id }, "newsletter confirmation mail not sent");
    }
  }

  /**
   * The welcome coupon of a confirmed subscription, once per email ever: the ledger's primary
   * key decides (two confirmations racing, a second store, unsubscribing and coming back). In
   * the caller's transaction; true when this subscription got it (its mail is then owed).
   */
  async function grantWelcome(tx: Db, store: Pick<Store, "id">, sub: { id: number; email: string }, now: Date): Promise<boolean> {
    const hash = emailHash(sub.email);
    const first = await tx.insert(newsletterWelcomes).values({ emailHash: hash }).onConflictDoNothing().returning({ h: newsletterWelcomes.emailHash });
    if (!first.length) return false;
    const coupon = await createPersonalCoupon(
      { store, tx },
      {
        email: sub.email,
        amount: WELCOME_COUPON.amount,
        firstPurchaseOnly: true,
        singleUse: true,
        validDays: WELCOME_COUPON.validDays,
        prefix: WELCOME_COUPON.prefix,
        name: WELCOME_COUPON.name,
        now,
      },
    );
    await tx.update(newsletterWelcomes).set({ couponId: coupon.id }).where(eq(newsletterWelcomes.emailHash, hash));
    await tx.update(newsletterSubscriptions).set({ welcomeCouponId: coupon.id }).where(eq(newsletterSubscriptions.id, sub.id));
    return true;
  }

  function sendWelcome(id: number) {
    track(claimWelcomes(id).then((claimed) => Promise.all(claimed.map(deliver))));
  }

  /**
   * Every way in (footer, popup, API, profile): throttled per address and per email, then a new
   * address gets a pending subscription and the confirmation mail; a pending one gets the mail
   * again; a confirmed one is 'Ya existe un usuario suscrito con éste email', unless it never had
   * its welcome coupon and the email never had one (then it gets it now).
   */
  async function request(
    store: Store,
    who: { email: string; name: string; surname: string },
    source: NewsletterSource | "profile",
    meta: SubscribeMeta,
  ): Promise<SubscribeResult> {
    const email = who.email.trim().toLowerCase();
    const stop = await throttle.hit([
      ["newsletter:ip", meta.ip],
      ["newsletter:account", email],
    ]);
    if (!stop.ok) return { ok: false, code: "auth.too_many_attempts", retryAfter: stop.retryAfter };
    const now = new Date();
    const [created] = await db
      .insert(newsletterSubscriptions)
      .values({ storeId: store.id, email, name: who.name, surname: who.surname, source, consentAt: now })
      .onConflictDoNothing({ target: [newsletterSubscriptions.storeId, newsletterSubscriptions.email] })
      .returning({ id: newsletterSubscriptions.id });
    if (created) {
      track(sendConfirmation(store, { id: created.id, email, name: who.name }));
      return { ok: true, id: created.id, state: "pending" };
    }
    const [sub] = await db
      .select()
      .from(newsletterSubscriptions)
      .where(and(eq(newsletterSubscriptions.storeId, store.id), eq(newsletterSubscriptions.email, email)));
    if (!sub) return { ok: false, code: "newsletter.already_subscribed" }; // unsubscribed this very moment
    if (!sub.confirmedAt) {
      // Whoever asks again gets nothing but the same mail to the same address.
      await db.update(newsletterSubscriptions).set({ name: who.name, surname: who.surname, consentAt: now }).where(eq(newsletterSubscriptions.id, sub.id));
      track(sendConfirmation(store, { id: sub.id, email, name: who.name }));
      return { ok: true, id: sub.id, state: "pending" };
    }
    if (sub.welcomeCouponId === null) {
      const granted = await db.transaction((trx) => grantWelcome(trx as unknown as Db, store, sub, now));
      if (granted) {
        sendWelcome(sub.id);
        return { ok: true, id: sub.id, state: "welcome" };
      }
    }
    return { ok: false, code: "newsletter.already_subscribed" };
  }

  /** Sends one claimed welcome mail; a failure is logged and the row stays owed for the retry job. */
  async function deliver(w: OwedWelcome): Promise<boolean> {
    try {
      const store = (await stores.all()).find((s) => s.id === w.store_id);
      const coupon = await personalCoupon({ tx: db }, w.welcome_coupon_id);
      if (!store || !coupon) throw new Error(`welcome ${w.id}: store or coupon ${w.welcome_coupon_id} is gone`);
      const unsubscribe = unsubscribeUrl(store, w.id);
      const rendered = renderNewsletterWelcome(store.language, {
        shop: store.name,
        name: w.name,
        email: w.email,
        code: coupon.code,
        amount: coupon.value,
        validTo: coupon.validTo,
        home: `${config.publicUrl}${localePath(store.language, "/")}`,
        unsubscribe,
      });
      await mail.send({
        to: w.email,
        ...rendered,
        // RFC 2369 + RFC 8058: mail programs show their own "unsubscribe" and POST to it in one click.
        headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      });
      await db.update(newsletterSubscriptions).set({ welcomeSentAt: new Date() }).where(eq(newsletterSubscriptions.id, w.id));
      return true;
    } catch (err) {
      log.error({ err, subscription: w.id }, "newsletter welcome mail not sent (will be retried)");
      return false;
    }
  }

  function track(p: Promise<unknown>) {
    const done = p.then(
      () => {},
      (err) => log.error({ err }, "newsletter welcome failed"),
    );
    sending.add(done);
    void done.finally(() => sending.delete(done));
  }

  return {
    /**
     * Subscribes an email to a store's newsletter (footer and popup forms, the API). Only stores
     * with the newsletter switch have one (404 elsewhere). Double opt-in (docs/decisions/047):
     * the subscription waits for its address to be confirmed through the mailed link; only then
     * is the 5 € welcome coupon written (once per email ever) and mailed. One subscription per
     * email and store: a confirmed one answers `newsletter.already_subscribed` (the spec's
     * message), throttled with every other attempt per address and per email. The consent time
     * is kept as proof that the terms were accepted.
     */
    async subscribe(ctx: RequestContext, input: NewsletterInput, source: NewsletterSource, meta: SubscribeMeta = {}): Promise<SubscribeResult> {
      const { store } = ctx;
      if (!store.features.newsletter) throw new AppError("store.feature_off", 404);
      return request(store, { email: input.email, name: input.name, surname: input.surname }, source, meta);
    },

    /**
     * The confirmation link: the subscription becomes active and, the first time this email is
     * confirmed anywhere, its welcome coupon is written in the same transaction and mailed after
     * the commit. Following the link again answers `already`. Forged, damaged, or for a
     * subscription that is gone (unsubscribed, or unconfirmed for a week): `newsletter.confirm_invalid`.
     */
    async confirm(token: string | null | undefined): Promise<ConfirmResult> {
      const id = confirmer.verify(token);
      if (id === null) return { ok: false, code: "newsletter.confirm_invalid" };
      const now = new Date();
      const done = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const [row] = await tx
          .update(newsletterSubscriptions)
          .set({ confirmedAt: now })
          .where(and(eq(newsletterSubscriptions.id, id), isNull(newsletterSubscriptions.confirmedAt)))
          .returning();
        if (!row) return null;
        const welcome = await grantWelcome(tx, { id: row.storeId }, row, now);
        return { email: row.email, welcome };
      });
      if (!done) {
        const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
        if (!row?.confirmedAt) return { ok: false, code: "newsletter.confirm_invalid" };
        return { ok: true, state: "already", welcome: false, email: maskEmail(row.email) };
      }
      if (done.welcome) sendWelcome(id);
      return { ok: true, state: "confirmed", welcome: done.welcome, email: maskEmail(done.email) };
    },

    /** The confirmation page (GET): is this link genuine, and is its subscription waiting for it? */
    async checkConfirm(
      token: string | null | undefined,
    ): Promise<{ ok: false; code: "newsletter.confirm_invalid" } | { ok: true; confirmed: boolean; email: string }> {
      const id = confirmer.verify(token);
      if (id === null) return { ok: false, code: "newsletter.confirm_invalid" };
      const [row] = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
      if (!row) return { ok: false, code: "newsletter.confirm_invalid" };
      return { ok: true, confirmed: row.confirmedAt !== null, email: maskEmail(row.email) };
    },

    /** The confirmation link of a subscription (tests; the confirmation mail carries it). */
    confirmUrl,

    /** Sign-up counters (tests change the limits of a running shop). */
    throttle,

    /**
     * The retry job: sends welcome mails still owed (a failed send, or a copy that stopped
     * before sending). Answers how many went out now.
     */
    async retryWelcomeMails(): Promise<number> {
      // Unconfirmed subscriptions do not stay: after a week their link stops working.
      await db.execute(sql`delete from newsletter_subscriptions where confirmed_at is null and created_at < now() - make_interval(days => ${PENDING_DAYS})`);
      const claimed = await claimWelcomes();
      const sent = await Promise.all(claimed.map(deliver));
      return sent.filter(Boolean).length;
    },

    /** Resolves when the welcome mails being sent now are done (tests, shutdown). */
    async idle(): Promise<void> {
      while (sending.size) await Promise.all([...sending]);
    },

    /** The unsubscribe link of a subscription (every newsletter mail carries it). */
    unsubscribeUrl,

    /** The unsubscribe page: is this link genuine, and is its subscription still there? */
    async checkUnsubscribe(token: string | null | undefined): Promise<UnsubscribeCheck> {
      const id = signer.verify(token);
      if (id === null) return { ok: false, code: "newsletter.unsubscribe_invalid" };
      const [row] = await db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id));
      return { ok: true, subscribed: Boolean(row), email: row ? maskEmail(row.email) : null };
    },

    /**
     * One-click unsubscribe (the page's button, and mail programs' RFC 8058 POST): no login, the
     * signed link is the proof. Idempotent: a second click answers `removed: false`, not an error.
     * A forged or damaged link is `newsletter.unsubscribe_invalid`.
     */
    async unsubscribeByToken(token: string | null | undefined): Promise<UnsubscribeResult> {
      const id = signer.verify(token);
      if (id === null) return { ok: false, code: "newsletter.unsubscribe_invalid" };
      const rows = await db.delete(newsletterSubscriptions).where(eq(newsletterSubscriptions.id, id)).returning({ id: newsletterSubscriptions.id });
      return { ok: true, removed: rows.length > 0 };
    },

    /** Runs the welcome retry job every 5 minutes on this copy. */
    start() {
      if (timer) return;
      timer = setInterval(() => void this.retryWelcomeMails().catch((err) => log.error({ err }, "newsletter welcome retry failed")), WELCOME_RETRY_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await this.idle();
    },

    /** Whether an email is subscribed to a store's newsletter (the profile toggle reads this). */
    async isSubscribed(ctx: RequestContext, email: string): Promise<boolean> {
      const rows = await db
        .select({ id: newsletterSubscriptions.id })
        .from(newsletterSubscriptions)
        .where(
          and(
            eq(newsletterSubscriptions.storeId, ctx.store.id),
            eq(newsletterSubscriptions.email, email.trim().toLowerCase()),
            isNotNull(newsletterSubscriptions.confirmedAt),
          ),
        );
      return rows.length > 0;
    },

    /**
     * The popup for one page of a store: active now (inside its dates), whose pattern matches
     * the path; the most specific (longest) pattern wins. Form popups need the newsletter
     * switch. Null when none applies.
     */
    async popupFor(ctx: RequestContext, urlPage: string, now = new Date()): Promise<PopupDto | null> {
      const { store } = ctx;
      const path = normalisePagePath(urlPage);
      const rows = await db
        .select()
        .from(popups)
        .where(
          and(
            eq(popups.storeId, store.id),
            eq(popups.active, true),
            or(isNull(popups.startsAt), lte(popups.startsAt, now)),
            or(isNull(popups.endsAt), gt(popups.endsAt, now)),
          ),
        )
        .orderBy(asc(popups.id));
      const candidates = rows
        .filter((r) => patternMatches(r.urlPattern, path))
        .filter((r) => r.popupType !== POPUP_TYPE.form || store.features.newsletter)
        .sort((a, b) => b.urlPattern.length - a.urlPattern.length);
      const r = candidates[0];
      if (!r) return null;
      return {
        id: r.id,
        popup_type: r.popupType,
        url_pattern: r.urlPattern,
        title: r.title,
        text: r.text,
        button_label: r.buttonLabel,
        button_url: r.buttonUrl,
      };
    },

    /** The newsletter form popup of a store (the /popup page), whatever page it is set on. */
    async newsletterPopup(ctx: RequestContext, now = new Date()): Promise<PopupDto | null> {
      const { store } = ctx;
      if (!store.features.newsletter) return null;
      const [r] = await db
        .select()
        .from(popups)
        .where(
          and(
            eq(popups.storeId, store.id),
            eq(popups.active, true),
            eq(popups.popupType, POPUP_TYPE.form),
            or(isNull(popups.startsAt), lte(popups.startsAt, now)),
            or(isNull(popups.endsAt), gt(popups.endsAt, now)),
          ),
        )
        .orderBy(asc(popups.id))
        .limit(1);
      if (!r) return null;
      return {
        id: r.id,
        popup_type: r.popupType,
        url_pattern: r.urlPattern,
        title: r.title,
        text: r.text,
        button_label: r.buttonLabel,
        button_url: r.buttonUrl,
      };
    },

    // Account side (the accounts module's profile toggle, GDPR export and erasure): by email.

    /** Every newsletter subscription of an email, in any store. */
    async subscriptionsOf(email: string, tx: Db = db) {
      return tx
        .select()
        .from(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email.trim().toLowerCase()))
        .orderBy(asc(newsletterSubscriptions.id));
    },

    /**
     * The profile's toggle: the same double opt-in as the forms, with the account's name (the
     * account's email may have been changed without a mail, so it is confirmed like any other).
     * An address already confirmed stays subscribed (idempotent).
     */
    async subscribeAccount(store: Store, who: { email: string; name: string; surname: string }, meta: SubscribeMeta = {}): Promise<SubscribeResult> {
      if (!store.features.newsletter) throw new AppError("store.feature_off", 404);
      return request(store, who, "profile", meta);
    },

    /** Unsubscribes an email from one store's newsletter; false when it was not subscribed. */
    async unsubscribe(storeId: number, email: string, tx: Db = db): Promise<boolean> {
      const rows = await tx
        .delete(newsletterSubscriptions)
        .where(and(eq(newsletterSubscriptions.storeId, storeId), eq(newsletterSubscriptions.email, email.trim().toLowerCase())))
        .returning({ id: newsletterSubscriptions.id });
      return rows.length > 0;
    },

    /** GDPR erasure: the email leaves every store's list. */
    async unsubscribeEverywhere(email: string, tx: Db = db): Promise<number> {
      const rows = await tx
        .delete(newsletterSubscriptions)
        .where(eq(newsletterSubscriptions.email, email.trim().toLowerCase()))
        .returning({ id: newsletterSubscriptions.id });
      return rows.length;
    },
  };
}
