import { data } from "react-router";
import { dictionaryVersion, getDictionary } from "../../../core/i18n/dictionaries.ts";
import type { Language } from "../../../core/stores.ts";
import type { Route } from "./+types/messages";

const bodies: Partial<Record<Language, string>> = {};

/**
 * GET /i18n/<es|fr>.json?v=<version>: a language's whole dictionary. A document carries only the
 * messages its render used (app/entry.server.tsx); the browser fetches this once after load for
 * whatever it shows next. Immutable when asked with the current version (the URL changes with
 * the messages), briefly cached otherwise.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const lang = params.file === "es.json" ? "es" : params.file === "fr.json" ? "fr" : null;
  if (!lang) throw data(null, { status: 404 });
  bodies[lang] ??= JSON.stringify(getDictionary(lang));
  const current = new URL(request.url).searchParams.get("v") === dictionaryVersion(lang);
  return new Response(bodies[lang], {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "public, max-age=300",
    },
  });
}
