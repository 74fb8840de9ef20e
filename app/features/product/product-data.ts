import type { CardView } from "../../../core/card-view.ts";
import type { CustomerType } from "../../../core/catalog.types.ts";
import type { QuestionsPage, ReviewsPage } from "../../../core/product-page.types.ts";
import { type Packed, unpack } from "~/lib/packed";
import type { CatalogPartView } from "./product-view";

/**
 * The product page's loader data as it leaves the server: its big parts packed into texts
 * (lib/packed.ts): the catalog part (the product and its configurator's data, the same for every
 * visitor until the catalog or the stock changes) and the reviews' and questions' pages, once per
 * kept page. The related products' cards (made for every request with their stock) and the
 * visitor's parts go as values.
 */
export type ProductPageWire = {
  lang: "es" | "fr";
  /** Store-relative path of the product ("/<slug>.html"). */
  path: string;
  catalog: Packed<CatalogPartView>;
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
  reviews: Packed<ReviewsPage>;
  /**
   * Answered questions: below the fold, deferred (lib/deferred): in place when their query answers
   * with the rest of the page's or within a few milliseconds, streamed after the page otherwise.
   */
  questions: Packed<QuestionsPage> | Promise<QuestionsPage>;
  /** Whether the visitor may write a review (a signed-in customer with a delivered order of it). */
  reviewer: { signedIn: boolean; canReview: boolean; reviewed: boolean };
};

/** What the product page reads: the loader's data with its packed parts unpacked. */
export type ProductPageData = Omit<ProductPageWire, "catalog" | "reviews" | "questions"> &
  CatalogPartView & {
    reviews: ReviewsPage;
    questions: QuestionsPage | Promise<QuestionsPage>;
  };

const read = new WeakMap<ProductPageWire, ProductPageData>();

/** The page's data from the loader's, the same object for the same loader data (hooks keep their dependencies). */
export function productPageData(wire: ProductPageWire): ProductPageData {
  let data = read.get(wire);
  if (!data) {
    const { catalog, reviews, questions, ...rest } = wire;
    data = {
      ...rest,
      ...unpack(catalog),
      reviews: unpack(reviews),
      questions: questions instanceof Promise ? questions : unpack(questions),
    };
    read.set(wire, data);
  }
  return data;
}
