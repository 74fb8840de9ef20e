import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { PopupDto } from "../../../core/marketing.types.ts";
import type { NewsletterInput, NewsletterSource } from "../../../core/validation.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { RequestContext } from "../../lib/request-context.ts";
import { newsletterSubscriptions, popups } from "./marketing.schema.ts";

export const POPUP_TYPE = { form: 100, button: 200 } as const;

export type { PopupDto };

export type SubscribeResult = { ok: true; id: number } | { ok: false; code: "newsletter.already_subscribed" };

export type MarketingService = ReturnType<typeof createMarketingService>;

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
export function createMarketingService(db: Db) {
  return {
    /**
     * Subscribes an email to a store's newsletter. Only stores with the newsletter switch
     * have one (404 elsewhere). One subscription per email and store: a second one is the
     * expected outcome `newsletter.already_subscribed`, not an error. The consent time is kept
     * as proof that the terms were accepted.
     */
    async subscribe(ctx: RequestContext, input: NewsletterInput, source: NewsletterSource): Promise<SubscribeResult> {
      const { store } = ctx;
      if (!store.features.newsletter) throw new AppError("store.feature_off", 404);
      const now = new Date();
      const rows = await db
        .insert(newsletterSubscriptions)
        .values({ storeId: store.id, email: input.email, name: input.name, surname: input.surname, source, consentAt: now })
        .onConflictDoNothing({ target: [newsletterSubscriptions.storeId, newsletterSubscriptions.email] })
        .returning({ id: newsletterSubscriptions.id });
      if (rows.length === 0) return { ok: false, code: "newsletter.already_subscribed" };
      return { ok: true, id: rows[0].id };
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
      return { id: r.id, popup_type: r.popupType, url_pattern: r.urlPattern, title: r.title, text: r.text, button_label: r.buttonLabel, button_url: r.buttonUrl };
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
    async subscribeAccount(store: { id: number; features: { newsletter: boolean } }, who: { email: string; name: string; surname: string }): Promise<{ id: number }> {
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
    async unsubscribe(storeId: number, email: string): Promise<boolean> {
      const rows = await db
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
