import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { deliveryRange, formatDay } from "../../../core/business-days.ts";
import type {
  AttributeDto,
  CatalogService,
  ComplementDto,
  ComplementTypeDto,
  ProductCard,
  ProductDetail,
  StoreLang,
  TechnicalDatum,
  UserType,
} from "../../../server/modules/catalog/catalog.types.ts";
import { notFound, storeFor } from "~/lib/store.server";

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
  userType: UserType;
  /** Delivery window in business days from today, formatted on the server (the browser's ICU may differ). */
  delivery: { from: string; to: string };
};

/** The catalog service from the load context (the storefront never talks HTTP to its own API). */
export function catalogOf(context: AppLoadContext): CatalogService {
  const catalog = (context.services as unknown as { catalog?: CatalogService }).catalog;
  if (!catalog) throw new Response("Catalog service unavailable", { status: 503 });
  return catalog;
}

/** Everything one product page shows, loaded in parallel; an unknown slug is the 404 page. */
export async function loadProductPage(args: LoaderFunctionArgs, slug: string): Promise<ProductPageData> {
  const { request, context } = args;
  const { store, lang, path } = await storeFor(request, context);
  const catalog = catalogOf(context);
  const sl: StoreLang = { storeId: store.id, language: lang };
  // No accounts yet: every shopper is a private customer until the auth issue.
  const userType: UserType = "customer";
  const product = await catalog.productBySlug(sl, slug, userType);
  if (!product) throw notFound();
  const [attributes, complements, complementTypes, technical, related] = await Promise.all([
    catalog.productAttributes(sl, slug),
    catalog.complements(sl, slug),
    catalog.complementTypes(sl, slug),
    catalog.technicalData(sl, slug),
    catalog.relatedProducts(sl, product.id, 8, userType),
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
    userType,
    delivery: { from: formatDay(range.from, store.locale), to: formatDay(range.to, store.locale) },
  };
}
