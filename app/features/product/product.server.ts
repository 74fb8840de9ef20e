import type { LoaderFunctionArgs, AppLoadContext } from "react-router";
import { deliveryRange, formatDay } from "../../../core/business-days.ts";
import { cardView } from "../../../core/card-view.ts";
import type { ReviewSort } from "../../../core/product-page.types.ts";
import { REVIEW_SORT_KEYS } from "../../../core/product-page.types.ts";
import { catalogFor } from "~/features/catalog/catalog.server";
import { deferred } from "~/lib/deferred";
import { type Packed, packKept } from "~/lib/packed";
import { notFound } from "~/lib/store.server";
import { preloadParts } from "./parts";
import type { ProductPageWire } from "./product-data";
import { catalogPart } from "./product-view";

/** A deferred part's value packed (a kept page), or the promise React Router streams after the page. */
function packSettled<T extends object>(value: T | Promise<T>): Packed<T> | Promise<T> {
  return value instanceof Promise ? value : packKept(value);
}

/** The reviews' page and order from the address (?opiniones=2&orden=rating_desc), for browsing without JavaScript. */
export function reviewsQuery(url: URL): { page: number; sort: ReviewSort } {
  const page = Number.parseInt(url.searchParams.get("opiniones") ?? "1", 10);
  const sort = url.searchParams.get("orden") as ReviewSort | null;
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    sort: sort && (REVIEW_SORT_KEYS as readonly string[]).includes(sort) ? sort : "newest",
  };
}

/**
 * Everything one product page shows, loaded in parallel; an unknown slug is the 404 page. The
 * catalog part comes from the catalog's product page cache, with the stock (its own and its related
 * products') read fresh: once warm, a page costs that one query (the reviews' and questions' pages
 * are kept until a publication).
 */
export async function loadProductPage(args: LoaderFunctionArgs<AppLoadContext>, slug: string): Promise<ProductPageWire> {
  const { store, lang, path, ctx, catalog, url } = await catalogFor(args.request, args.context);
  const { installations, reviews } = args.context.services;
  const page = await catalog.productPage(ctx, slug);
  if (!page) throw notFound();
  const { product } = page;
  const rq = reviewsQuery(url);
  const user = ctx.user;
  // Below the fold: in place when it comes in with the rest, streamed after the page when slow (lib/deferred).
  const questions = deferred(reviews.questions(ctx, product.id, { pageSize: 20 }));
  const [installation, reviewsPage, delivered, reviewed] = await Promise.all([
    installations.tariff(ctx),
    reviews.list(product.id, { page: rq.page, sort: rq.sort, language: lang }),
    user ? reviews.delivered(user.id, product.id) : false,
    user ? reviews.reviewed(user.id, product.id) : false,
    // The page's deferred parts are rendered by the server: their code must be loaded first.
    preloadParts(),
    questions.ready,
  ]);
  const range = deliveryRange(product.delivery_days);
  return {
    lang,
    path,
    catalog: catalogPart(page),
    related: page.related.map(cardView),
    installationService: store.features.installationService,
    installation: store.features.installationService && installation !== null,
    vatRateBp: store.vatRateBp,
    userType: ctx.customerType,
    delivery: { from: formatDay(range.from, store.locale), to: formatDay(range.to, store.locale) },
    reviews: packKept(reviewsPage),
    questions: packSettled(questions.settled()),
    reviewer: { signedIn: Boolean(user), canReview: delivered && !reviewed, reviewed },
  };
}
