import { data, redirect } from "react-router";
import { type ConfigCatalog, checkConfiguration, configCatalog, statusMessageKey } from "../../../core/configurator.ts";
import { addToCartSchema } from "../../../core/configurator.schema.ts";
import { t } from "../../../core/i18n/index.ts";
import { localePath } from "../../../core/stores.ts";
import { catalogOf } from "~/features/product/product.server";
import { storeFor } from "~/lib/store.server";
import type { Route } from "./+types/configuration";

/**
 * Add to cart, first half: the configuration is checked again on the server against the
 * catalog and priced from it (never from the client). The cart issue takes the checked
 * line from here; until then the shopper lands on the cart page with ?added=<ref>.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { store, lang } = await storeFor(request, context);
  const form = await request.formData();
  const parsed = addToCartSchema.safeParse({ slug: form.get("slug"), selection: form.get("selection") });
  if (!parsed.success) return data({ ok: false, message: t(lang, "product.config.invalid") }, { status: 400 });
  const { slug, selection } = parsed.data;

  const catalog = catalogOf(context);
  const sl = { storeId: store.id, language: lang };
  const product = await catalog.productBySlug(sl, slug);
  if (!product) return data({ ok: false, message: t(lang, "errors.catalog.product_not_found") }, { status: 404 });
  const [attributes, complements, complementTypes] = await Promise.all([
    catalog.productAttributes(sl, slug),
    catalog.complements(sl, slug),
    catalog.complementTypes(sl, slug),
  ]);
  const cfg: ConfigCatalog = configCatalog(
    { product, attributes: attributes ?? [], complements: complements ?? [], complementTypes: complementTypes ?? [] },
    { installationService: store.features.installationService },
  );
  const checked = checkConfiguration(cfg, selection);
  if (!checked.ok) {
    return data({ ok: false, code: checked.status, issues: checked.issues, message: t(lang, statusMessageKey(checked.status)) }, { status: 422 });
  }
  const stock = checked.variant ? checked.variant.stock : product.stock;
  if (stock <= 0) return data({ ok: false, code: "out_of_stock", message: t(lang, "product.stock.out") }, { status: 409 });
  return redirect(`${localePath(lang, "/cart")}?added=${encodeURIComponent(checked.ref)}`, 303);
}

export async function loader() {
  throw data(null, { status: 404 });
}
