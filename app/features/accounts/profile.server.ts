import { data, redirect } from "react-router";
import { t } from "../../../core/i18n/index.ts";
import type { Language } from "../../../core/stores.ts";
import type { ProfileRequest } from "~/lib/session.server";

/**
 * The message of the change that brought the customer back here ("?done=<key>" after a form's
 * redirect), when the key is one this page knows; anything else in the URL is ignored.
 */
export function doneMessage(lang: Language, url: URL, keys: Record<string, string>): string | null {
  const done = url.searchParams.get("done");
  return done && Object.hasOwn(keys, done) ? t(lang, keys[done]) : null;
}

/** A profile loader's answer: personal, so never cached, with the session's refreshed cookies. */
export function profileData<T>(p: ProfileRequest, body: T, status = 200) {
  return data(body, { status, headers: p.headers });
}

/** After a change: back to a page of the customer's area (Post/Redirect/Get), saying what happened. */
export function backTo(p: ProfileRequest, path: string, done?: string): never {
  throw redirect(`${p.base}${path}${done ? `?done=${done}` : ""}`, { headers: p.headers });
}

/** Common fields of every profile page's loader data (title for the heading and the meta). */
export function pageBase(p: ProfileRequest, titleKey: string, path: string) {
  return {
    lang: p.lang,
    title: t(p.lang, titleKey),
    description: t(p.lang, "profile.meta.description"),
    path: `/profile/${p.user.id}${path}`,
    base: p.base,
  };
}
