import { type LoaderFunctionArgs, redirect, type AppLoadContext } from "react-router";
import { t } from "../../core/i18n/index.ts";
import { localePath } from "../../core/stores.ts";
import type { StoreFeatures } from "../../core/stores.ts";
import type { PlaceholderData } from "./placeholder-route";
import { requireFeature, storeFor } from "./store.server";

/**
 * Loader of a page whose capability comes with a later issue (keys page.<key>.title/.intro/.coming).
 */
export function placeholderLoader(key: string, opts: { feature?: keyof StoreFeatures; requireLogin?: boolean; noindex?: boolean } = {}) {
  return async function loader({ request, context }: LoaderFunctionArgs<AppLoadContext>): Promise<PlaceholderData> {
    const { store, lang, path, url } = await storeFor(request, context);
    if (opts.feature) requireFeature(store, opts.feature);
    if (opts.requireLogin) {
      // No account can log in before the accounts issue: every visitor is anonymous here.
      throw redirect(`${localePath(lang, "/login")}?next=${encodeURIComponent(url.pathname + url.search)}`);
    }
    return {
      title: t(lang, `page.${key}.title`),
      intro: t(lang, `page.${key}.intro`),
      coming: t(lang, `page.${key}.coming`),
      path,
      lang,
      noindex: opts.noindex ?? false,
    };
  };
}
