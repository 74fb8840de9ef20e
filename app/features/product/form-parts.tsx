import { useId } from "react";
import { type FetcherWithComponents, useActionData } from "react-router";
import { useI18n } from "~/lib/i18n";
import type { ProductActionData } from "./product-actions.server";

/**
 * What a product page form got back: through its fetcher (JavaScript), or as the page's own
 * action data when it was posted as a plain form (no JavaScript yet, or none at all) and the
 * page rendered again with the answer.
 */
export function useFormResult(fetcher: FetcherWithComponents<ProductActionData>, intent: ProductActionData["intent"]) {
  const posted = useActionData<ProductActionData>();
  const got = fetcher.data ?? posted;
  const result = got?.intent === intent ? got : null;
  // What the shopper typed, given back by a plain post that was refused (the page is new).
  const typed = !fetcher.data && result && !result.ok ? (result.values ?? {}) : {};
  return { result, errors: result && !result.ok ? (result.fieldErrors ?? {}) : {}, typed };
}

/** A field people never see or reach (bots fill it in): the server pretends success and keeps nothing. */
export function Honeypot() {
  return (
    <div aria-hidden="true" style={{ position: "absolute", left: "-10000px", top: "auto", width: 1, height: 1, overflow: "hidden" }}>
      <label>
        Website
        <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** The privacy acceptance every public form asks for (spec 5). */
export function Privacy({ errors, href }: { errors: Record<string, string>; href: string }) {
  const { t } = useI18n();
  const id = useId();
  return (
    <div>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="privacy"
          required
          className="mt-0.5 size-4 accent-brand-700"
          aria-invalid={errors.privacy ? true : undefined}
          aria-describedby={errors.privacy ? `${id}-err` : undefined}
        />
        <span>
          {t("product.questions.privacy_before")}{" "}
          <a href={href} className="font-medium text-brand-700 underline" target="_blank" rel="noopener">
            {t("product.questions.privacy_link")}
          </a>
        </span>
      </label>
      {errors.privacy && (
        <p id={`${id}-err`} className="mt-1 text-sm text-danger">
          {errors.privacy}
        </p>
      )}
    </div>
  );
}
