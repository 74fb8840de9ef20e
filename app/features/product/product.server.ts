import type { LoaderFunctionArgs, AppLoadContext } from "react-router";
import { deliveryRange, formatDay } from "../../../core/business-days.ts";
import { type CardView, cardView } from "../../../core/card-view.ts";
import type { ComplementTypeDto, CustomerType, TechnicalDatum } from "../../../core/catalog.types.ts";
import type { QuestionsPage, ReviewSort, ReviewsPage } from "../../../core/product-page.types.ts";
import { REVIEW_SORT_KEYS } from "../../../core/product-page.types.ts";
import { catalogFor } from "~/features/catalog/catalog.server";
import { deferred } from "~/lib/deferred";
import { notFound } from "~/lib/store.server";
import { preloadParts } from "./parts";
import { type AttributeView, type ComplementView, catalogPartView, type ProductView } from "./product-view";

export type ProductPageData = {
  lang: "es" | "fr";
  /** Store-relative path of the product ("/<slug>.html"). */
  path: string;
  product: ProductView;
  attributes: AttributeView[];
  complements: ComplementView[];
  complementTypes: ComplementTypeDto[];
  technical: TechnicalDatum[];
  related: CardView[];
  /** The store sells the installation service (Spain); the French store does not. */
  installationService: boolean;
  /**
   * The store has the installation wizard's prices (facility options). The prices themselves
   * (the cities' tariff, ~4 KB) are fetched when the wizard's step comes near (installation-tariff.ts).
   */
  installation: boolean;
  /** The store's VAT (basis points), added to the installation services' net prices (spec 9). */
  vatRateBp: number;
  userType: CustomerType;
  /** Delivery window in business days from today, formatted on the server (the browser's ICU may differ). */
  delivery: { from: string; to: string };
  /** The page of reviews asked for (?opiniones=N&orden=...), with the average and the stars: awaited, the JSON-LD carries them. */
  reviews: ReviewsPage;
  /**
   * Answered questions: below the fold, deferred (lib/deferred): in place when their query answers
   * with the rest of the page's or within a few milliseconds, streamed after the page otherwise.
   */
  questions: QuestionsPage | Promise<QuestionsPage>;
  /** Whether the visitor may write a review (a signed-in customer with a delivered order of it). */
  reviewer: { signedIn: boolean; canReview: boolean; reviewed: boolean };
};

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
export async function loadProductPage(args: LoaderFunctionArgs<AppLoadContext>, slug: string): Promise<ProductPageData> {
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
    ...catalogPartView(page),
    related: page.related.map(cardView),
    installationService: store.features.installationService,
    installation: store.features.installationService && installation !== null,
    vatRateBp: store.vatRateBp,
    userType: ctx.customerType,
    delivery: { from: formatDay(range.from, store.locale), to: formatDay(range.to, store.locale) },
    reviews: reviewsPage,
    questions: questions.settled(),
    reviewer: { signedIn: Boolean(user), canReview: delivered && !reviewed, reviewed },
  };
}
