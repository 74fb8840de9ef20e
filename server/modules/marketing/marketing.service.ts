import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import type { PopupDto } from "../../../core/marketing.types.ts";
import { localePath } from "../../../core/stores.ts";
import type { NewsletterInput, NewsletterSource } from "../../../core/validation.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { createPersonalCoupon, personalCoupon } from "../coupons/coupons.service.ts";
import { renderNewsletterWelcome } from "../mail/mail.newsletter.ts";
import type { MailService } from "../mail/mail.service.ts";
import type { Store, StoresService } from "../stores/stores.service.ts";
import { newsletterSubscriptions, popups } from "./marketing.schema.ts";

export const POPUP_TYPE = { form: 100, button: 200 } as const;

export type { PopupDto };

export type SubscribeResult = { ok: true; id: number } | { ok: false; code: "newsletter.already_subscribed" };

export type MarketingService = ReturnType<typeof createMarketingService>;

/** What the newsletter welcome needs from the rest of the shop. */
export type MarketingDeps = {
  mail: Pick<MailService, "send">;
  stores: Pick<StoresService, "all">;
  config: Pick<Config, "publicUrl" | "secret">;
  log?: { error(obj: unknown, msg: string): void };
};

/** The welcome coupon the footer and popup forms promise: 5 € off a first purchase, for this email only. */
export const WELCOME_COUPON = { amount: 500, validDays: 90, prefix: "NL", name: "Newsletter: bienvenida" } as const;

/** The storefront page of the one-click unsubscribe link (app/routes/resources/newsletter-unsubscribe.ts). */
export const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

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
  const key = Buffer.from(hkdfSync("sha256", secret, "bano-shop", "marketing/unsubscribe/v1", 32));
  const mac = (id: number) => createHmac("sha256", key).update(`newsletter-unsubscribe:${id}`).digest();
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
      : sql`s.welcome_attempts < ${WELCOME_MAX_ATTEMPTS} and s.created_at > now() - interval '7 days'
            and (s.welcome_attempted_at is null and s.created_at < now() - interval '1 minute'
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
     * Subscribes an email to a store's newsletter. Only stores with the newsletter switch
     * have one (404 elsewhere). One subscription per email and store: a second one is the
     * expected outcome `newsletter.already_subscribed`, not an error. The consent time is kept
     * as proof that the terms were accepted.
     *
     * The forms promise a coupon: the subscription and its personal single-use 5 € first-purchase
     * coupon are written in one transaction, and the welcome mail carrying the code goes out after
     * the commit, without holding up the answer. A send that fails stays owed (welcome_sent_at
     * null) and the retry job sends it later. A person who unsubscribes and comes back gets a new
     * code; it cannot be worth more than one discount, since every one of them is for a first
     * purchase by this email.
     */
    async subscribe(ctx: RequestContext, input: NewsletterInput, source: NewsletterSource): Promise<SubscribeResult> {
      const { store } = ctx;
      if (!store.features.newsletter) throw new AppError("store.feature_off", 404);
      const now = new Date();
      const id = await db.transaction(async (trx) => {
        const tx = trx as unknown as Db;
        const rows = await tx
          .insert(newsletterSubscriptions)
          .values({ storeId: store.id, email: input.email, name: input.name, surname: input.surname, source, consentAt: now })
          .onConflictDoNothing({ target: [newsletterSubscriptions.storeId, newsletterSubscriptions.email] })
          .returning({ id: newsletterSubscriptions.id });
        if (rows.length === 0) return null;
        const coupon = await createPersonalCoupon(
          { store, tx },
          {
            email: input.email,
            amount: WELCOME_COUPON.amount,
            firstPurchaseOnly: true,
            singleUse: true,
            validDays: WELCOME_COUPON.validDays,
            prefix: WELCOME_COUPON.prefix,
            name: WELCOME_COUPON.name,
            now,
          },
        );
        await tx.update(newsletterSubscriptions).set({ welcomeCouponId: coupon.id }).where(eq(newsletterSubscriptions.id, rows[0].id));
        return rows[0].id;
      });
      if (id === null) return { ok: false, code: "newsletter.already_subscribed" };
      track(claimWelcomes(id).then((claimed) => Promise.all(claimed.map(deliver))));
      return { ok: true, id };
    },

    /**
     * The retry job: sends welcome mails still owed (a failed send, or a copy that stopped
     * before sending). Answers how many went out now.
     */
    async retryWelcomeMails(): Promise<number> {
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
        .where(and(eq(newsletterSubscriptions.storeId, ctx.store.id), eq(newsletterSubscriptions.email, email.trim().toLowerCase())));
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
     * The profile's toggle: subscribes a signed-in customer with their account's name (the
     * privacy policy was accepted at sign-up; the toggle is the consent, dated now). Idempotent.
     */
    async subscribeAccount(
      store: { id: number; features: { newsletter: boolean } },
      who: { email: string; name: string; surname: string },
    ): Promise<{ id: number }> {
      if (!store.features.newsletter) throw new AppError("store.feature_off", 404);
      const email = who.email.trim().toLowerCase();
      await db
        .insert(newsletterSubscriptions)
        .values({ storeId: store.id, email, name: who.name, surname: who.surname, source: "profile", consentAt: new Date() })
        .onConflictDoNothing({ target: [newsletterSubscriptions.storeId, newsletterSubscriptions.email] });
      const [row] = await db
        .select({ id: newsletterSubscriptions.id })
        .from(newsletterSubscriptions)
        .where(and(eq(newsletterSubscriptions.storeId, store.id), eq(newsletterSubscriptions.email, email)));
      return { id: row.id };
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
