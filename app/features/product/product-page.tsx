import { HydrateLater } from "~/lib/hydrate-later";
import { useMemo } from "react";
import { Link } from "~/components/link";
import { configCatalog, statusMessageKey } from "../../../core/configurator.ts";
import { percentOff } from "../../../core/money.ts";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { AddToCartForm } from "~/features/cart/add-to-cart-form";
import { useI18n } from "~/lib/i18n";
import { ConfiguratorSteps, QuantityStepper, Summary, useConfigurator, useIssueText } from "./configurator";
import { Gallery, visibleImages } from "./gallery";
import { useInstallationTariff } from "./installation-tariff";
import { Files, RecentlyViewed, Related, Stars, TechnicalData, WishlistButton } from "./product-extras";
import { type ProductPageData, type ProductPageWire, productPageData } from "./product-data";
import { Island } from "~/components/island";
import { Questions, Reviews } from "./parts";

export function ProductPage({ data: wire }: { data: ProductPageWire }) {
  const { t, price, href } = useI18n();
  const data = productPageData(wire);
  const { product } = data;
  const tariff = useInstallationTariff(data.installation);
  const catalog = useMemo(
    () =>
      configCatalog(
        { product, attributes: data.attributes, complements: data.complements, complementTypes: data.complementTypes, installation: tariff.value },
        { installationService: data.installationService, vatRateBp: data.vatRateBp },
      ),
    [product, data.attributes, data.complements, data.complementTypes, tariff.value, data.installationService, data.vatRateBp],
  );
  // Start from a variant the shopper can buy today when the catalog's default is sold out.
  const defaultVariant = product.variants.find((v) => v.id === product.variant_id && v.stock > 0) ?? product.variants.find((v) => v.stock > 0);
  const cfg = useConfigurator(catalog, defaultVariant?.id ?? product.variant_id, data.userType);
  const { ev, state } = cfg;
  const images = useMemo(() => visibleImages(product.images, ev.chosen), [product.images, ev.chosen]);

  const productLine = ev.price.lines[0];
  const unit = productLine.unit;
  const unitOriginal = productLine.original != null ? productLine.original / productLine.quantity : null;
  const off = unitOriginal ? percentOff(unitOriginal, unit) : 0;
  const stock = ev.variant ? ev.variant.stock : product.stock;
  const outOfStock = stock <= 0;
  const configurable = cfg.steps.length > 1;
  const issueText = useIssueText();
  const firstInvalid = ev.issues.find((i) => i.code !== "incomplete" && !i.code.startsWith("complement_"));
  const reason = outOfStock
    ? t("product.stock.out")
    : ev.status === "invalid" && firstInvalid
      ? issueText(firstInvalid)
      : ev.status
        ? t(statusMessageKey(ev.status))
        : null;
  const crumbs = [...product.breadcrumbs.map((c) => ({ label: c.name, to: href(c.path) })), { label: product.name }];
  const mainImage = product.images.find((i) => i.type === 100) ?? product.images[0] ?? null;

  return (
    <div className="container-shop py-6">
      <Breadcrumbs items={crumbs} />
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-12">
        <HydrateLater>
          <div className="min-w-0 lg:col-span-7">
            <div className="lg:sticky lg:top-4">
              <Gallery images={images} name={product.name} />
            </div>
          </div>
        </HydrateLater>
        <div className="min-w-0 lg:col-span-5">
          {product.brand && (
            <Link
              to={href(product.brand.path || `/marcas/${product.brand.slug}`)}
              className="text-sm font-semibold uppercase tracking-wider text-brand-600 hover:underline"
            >
              {product.brand.name}
            </Link>
          )}
          <h1 className="mt-1 text-2xl font-extrabold leading-tight text-brand-900 sm:text-3xl">{product.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
            <p className="text-xs text-muted">
              {t("product.ref")}: <span data-testid="product-ref">{ev.variant?.ref ?? product.ref}</span>
            </p>
            {/* The rating of the stored reviews (kept on the product by the database), linked to them. */}
            <a href="#opiniones" className="rounded hover:underline" data-testid="product-rating">
              <Stars average={product.rating.average} count={product.rating.count} />
            </a>
          </div>
          <div className="mt-4 rounded-2xl bg-sand-50 p-4" data-testid="product-price">
            <p className="flex flex-wrap items-baseline gap-x-3">
              {!ev.variant && product.variants.length > 1 && <span className="text-sm text-muted">{t("product.price.from_label")}</span>}
              <span className="text-3xl font-extrabold text-brand-900">{price(unit)}</span>
              {unitOriginal != null && off > 0 && (
                <>
                  <s className="text-lg text-muted">
                    <span className="sr-only">{t("product.price.before")} </span>
                    {price(unitOriginal)}
                  </s>
                  <span className="rounded-md bg-accent-600 px-2 py-0.5 text-sm font-bold text-white">{t("product.price.off", { pct: off })}</span>
                </>
              )}
            </p>
            <p className="mt-1 text-xs text-muted">{t("product.price.vat")}</p>
            {data.userType === "professional" && ev.price.professionalSaving > 0 ? (
              <p className="mt-1 text-sm font-medium text-ok">{t("product.price.professional_applied", { saving: price(ev.price.professionalSaving) })}</p>
            ) : product.prices.professional_discount_bp > 0 ? (
              <p className="mt-1 text-sm text-slate-700">
                {t("product.price.professional_note", { pct: String(product.prices.professional_discount_bp / 100).replace(".", ",") })}
              </p>
            ) : null}
            <div className="mt-3 space-y-1 text-sm">
              {outOfStock ? (
                <p className="font-semibold text-danger" data-testid="out-of-stock">
                  {t("product.stock.out")}
                </p>
              ) : (
                <>
                  <p className="font-semibold text-ok">● {t("product.stock.in")}</p>
                  <p className="text-slate-700">{t("product.delivery", data.delivery)}</p>
                </>
              )}
            </div>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <WishlistButton productId={product.id} name={product.name} />
            {product.short_description && <p className="text-sm text-slate-700">{product.short_description}</p>}
          </div>
          <HydrateLater>
            <div className="mt-5">
              <ConfiguratorSteps cfg={cfg} complements={data.complements} attributes={data.attributes} tariff={tariff} />
              <noscript>
                <VariantList data={data} />
              </noscript>
            </div>
          </HydrateLater>
          <HydrateLater>
            <div className="mt-5 rounded-2xl border border-brand-200 bg-white p-4 shadow-sm">
              {!configurable && <Summary cfg={cfg} />}
              {configurable && (
                <div className="flex items-baseline justify-between">
                  <span className="text-sm font-medium text-slate-700">{t("product.summary.total")}</span>
                  <span className="text-2xl font-extrabold text-brand-900" data-testid="config-total">
                    {ev.price.original != null && ev.price.original > ev.price.total && (
                      <s className="mr-2 text-base font-normal text-muted">{price(ev.price.original)}</s>
                    )}
                    {price(ev.price.total)}
                  </span>
                </div>
              )}
              <div className="mt-3">
                <QuantityStepper
                  value={state.selection.quantity}
                  onChange={(quantity) => cfg.dispatch({ type: "quantity", quantity })}
                  label={t("product.quantity.label")}
                />
              </div>
              <AddToCartForm slug={product.slug} selection={state.selection} total={ev.price.total} disabled={!!reason} reason={reason} />
              <ul className="mt-3 grid grid-cols-1 gap-1 text-xs text-slate-700 sm:grid-cols-2">
                <li>✓ {t("product.trust.returns")}</li>
                <li>✓ {t("product.trust.warranty")}</li>
                <li>✓ {t("product.trust.secure")}</li>
                {data.installationService && <li>✓ {t("product.trust.installation")}</li>}
              </ul>
            </div>
          </HydrateLater>
        </div>
      </div>

      {product.description && (
        <HydrateLater>
          <section aria-labelledby="desc-title" className="mt-12 max-w-3xl">
            <h2 id="desc-title" className="text-xl font-bold text-brand-900">
              {t("product.description.title")}
            </h2>
            <div className="prose-shop mt-3">
              {product.description.split(/\n{2,}/).map((p) => (
                <p key={p.slice(0, 40)}>{p}</p>
              ))}
            </div>
          </section>
        </HydrateLater>
      )}
      <TechnicalData rows={data.technical} />
      <Files files={product.files} />
      <Island id="product-reviews" part={Reviews} props={{ productId: product.id, initial: data.reviews, reviewer: data.reviewer, path: data.path }} />
      <Island id="product-questions" part={Questions} props={{ questions: data.questions }} />
      <Related products={data.related} />
      <RecentlyViewed current={{ id: product.id, name: product.name, path: product.path, image: mainImage?.key ?? null, price: product.prices.pvp_web }} />
    </div>
  );
}

/** Without JavaScript the configurator cannot run: the variants are listed with their prices. */
function VariantList({ data }: { data: ProductPageData }) {
  const { t, price } = useI18n();
  const names = new Map(data.attributes.flatMap((a) => a.options.map((o) => [o.id, o.value_string] as const)));
  if (!data.product.variants.length) return null;
  return (
    <div className="rounded-2xl border border-sand-200 p-4">
      <p className="text-sm text-slate-700">{t("product.nojs")}</p>
      {/* The row and cell styles are set once on the table, `variant-table` in app/app.css (20 variants or more repeat them otherwise). */}
      <table className="variant-table">
        <caption className="text-left font-semibold">{t("product.variants.title")}</caption>
        <tbody>
          {data.product.variants.map((v) => (
            <tr key={v.id}>
              <td>
                {v.options
                  .map((o) => names.get(o))
                  .filter(Boolean)
                  .join(" · ") || v.ref}
              </td>
              <td>{v.ref}</td>
              <td>{price(v.prices.pvp_web)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
