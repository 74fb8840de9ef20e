import type { MetaDescriptor } from "react-router";
import { t as translate } from "../../../core/i18n/index.ts";
import { mediaUrl } from "../../../core/media.ts";
import { localePath } from "../../../core/stores.ts";
import type { RootData } from "~/lib/root-data";
import { seoMeta } from "~/lib/seo";
import { type ProductPageWire, productPageData } from "./product-data";

/*
 * The product page's meta tags, computed where the route's meta function runs (server and
 * browser alike) from the loader data the page has anyway: a small module, so the catch-all
 * route's chunk (the category listing) can import it without the product page.
 */

/** Title, description, canonical, hreflang of the product in each store, JSON-LD Product and BreadcrumbList. */
export function productMeta(wire: ProductPageWire | undefined, root: Pick<RootData, "origin">): MetaDescriptor[] {
  if (!wire) return [{ title: "BañoDirecto" }];
  const data = productPageData(wire);
  const { product, lang } = data;
  const origin = root.origin;
  const url = origin + localePath(lang, data.path);
  const main = product.images.find((i) => i.type === 100) ?? product.images[0];
  const imageUrl = main ? origin + mediaUrl(main.key, 960, "jpg") : undefined;
  const price = (c: number) => (c / 100).toFixed(2);
  // A product sold by variants is available when one of them is (its own stock is not what is sold).
  const inStock = product.variants.length > 0 ? product.variants.some((v) => v.stock > 0) : product.stock > 0;
  const availability = inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock";
  const offers =
    product.variants.length > 1
      ? {
          "@type": "AggregateOffer",
          priceCurrency: "EUR",
          lowPrice: price(Math.min(...product.variants.map((v) => v.prices.pvp_web))),
          highPrice: price(Math.max(...product.variants.map((v) => v.prices.pvp_web))),
          offerCount: product.variants.length,
          availability,
          url,
        }
      : { "@type": "Offer", priceCurrency: "EUR", price: price(product.prices.pvp_web), availability, url, itemCondition: "https://schema.org/NewCondition" };
  const productLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.ref,
    description: product.seo.description || product.short_description,
    image: imageUrl ? [imageUrl] : undefined,
    brand: product.brand ? { "@type": "Brand", name: product.brand.name } : undefined,
    offers,
  };
  // From the stored reviews: the product's rating is kept from them, the reviews are the page's first ones.
  if (product.rating.count > 0) {
    productLd.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: product.rating.average,
      reviewCount: product.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
    productLd.review = data.reviews.results.slice(0, 5).map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.author },
      datePublished: r.created_at.slice(0, 10),
      reviewBody: r.body,
      inLanguage: r.language,
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
  }
  const crumbs = [
    { name: translate(lang, "nav.home"), path: "/" },
    ...product.breadcrumbs.map((c) => ({ name: c.name, path: c.path })),
    { name: product.name, path: data.path },
  ];
  const breadcrumbLd = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: origin + localePath(lang, c.path) })),
  };
  const base = seoMeta({
    title: product.seo.title || product.name,
    description: product.seo.description || product.short_description,
    origin,
    lang,
    path: data.path,
    // Product slugs differ per language: the alternates come from the catalog, not from this path.
    languages: [],
    image: imageUrl,
    jsonLd: [productLd, breadcrumbLd],
  }).map((m) => ("property" in m && m.property === "og:type" ? { property: "og:type", content: "product" } : m));
  const alternates: MetaDescriptor[] = [];
  for (const [l, p] of Object.entries(product.alternates)) {
    if (!p) continue;
    alternates.push({ tagName: "link", rel: "alternate", hrefLang: l === "es" ? "es-ES" : "fr-FR", href: origin + p });
  }
  if (product.alternates.es) alternates.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: origin + product.alternates.es });
  return [...base, ...alternates];
}
