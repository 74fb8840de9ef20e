import { useFetcher } from "react-router";
import type { Selection } from "../../../core/configurator.ts";
import { useI18n } from "~/lib/i18n";

type Result = { ok: false; message: string } | undefined;

/**
 * The one place where a configured product goes to the cart: a real form posting to the
 * /configuration resource route, which re-checks and re-prices the configuration on the
 * server. It works without JavaScript for a product whose server-rendered configuration is
 * already complete.
 */
export function AddToCartForm({ slug, selection, total, disabled, reason }: { slug: string; selection: Selection; total: number; disabled: boolean; reason: string | null }) {
  const { t, price, href } = useI18n();
  const fetcher = useFetcher<Result>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={href("/configuration")} className="mt-3" data-testid="add-to-cart">
      <input type="hidden" name="slug" value={slug} />
      <input type="hidden" name="selection" value={JSON.stringify(selection)} />
      <button type="submit" className="btn-primary w-full text-base" disabled={disabled || busy} aria-describedby={reason ? "add-to-cart-reason" : undefined}>
        {busy ? t("product.cart.adding") : t("product.cart.add", { price: price(total) })}
      </button>
      {reason && <p id="add-to-cart-reason" className="mt-2 text-center text-sm font-medium text-accent-700">{reason}</p>}
      {fetcher.data && !fetcher.data.ok && <p role="alert" className="mt-2 text-center text-sm font-medium text-danger">{fetcher.data.message}</p>}
    </fetcher.Form>
  );
}
