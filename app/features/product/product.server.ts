import type { LoaderFunctionArgs } from "react-router";
import { deliveryRange, formatDay } from "../../../core/business-days.ts";
import type { AttributeDto, ComplementDto, ComplementTypeDto, CustomerType, ProductCard, ProductDetail, TechnicalDatum } from "../../../core/catalog.types.ts";
import { catalogFor } from "~/features/catalog/catalog.server";
import { notFound } from "~/lib/store.server";

export type ProductPageData = {
  lang: "es" | "fr";
  /** Store-relative path of the product ("/<slug>.html"). */
  path: string;
  product: ProductDetail;
  attributes: AttributeDto[];
  complements: ComplementDto[];
  complementTypes: ComplementTypeDto[];
  technical: TechnicalDatum[];
  related: ProductCard[];
  /** The store sells the installation service (Spain); the French store does not. */
  installationService: boolean;
  /** The store's VAT (basis points), added to the installation services' net prices (spec 9). */
  vatRateBp: number;
  userType: CustomerType;
  /** Delivery window in business days from today, formatted on the server (the browser's ICU may differ). */
  delivery: { from: string; to: string };
};

/** Everything one product page shows, loaded in parallel; an unknown slug is the 404 page. */
export async function loadProductPage(args: LoaderFunctionArgs, slug: string): Promise<ProductPageData> {
  const { store, lang, path, ctx, catalog } = await catalogFor(args.request, args.context);
  const product = await catalog.productBySlug(ctx, slug);
  if (!product) throw notFound();
  const [attributes, complements, complementTypes, technical, related] = await Promise.all([
    catalog.productAttributes(ctx, slug),
    catalog.complements(ctx, slug),
    catalog.complementTypes(ctx, slug),
    catalog.technicalData(ctx, slug),
    catalog.relatedProducts(ctx, product.id, 8),
  ]);
  const range = deliveryRange(product.delivery_days);
  return {
    lang,
    path,
    product,
    attributes: attributes ?? [],
    complements: complements ?? [],
    complementTypes: complementTypes ?? [],
    technical: technical ?? [],
    related,
    installationService: store.features.installationService,
    vatRateBp: store.vatRateBp,
    userType: ctx.customerType,
    delivery: { from: formatDay(range.from, store.locale), to: formatDay(range.to, store.locale) },
  };
}
