import type { CardView } from "../../../core/card-view.ts";
import { type Packed, unpack } from "~/lib/packed";

/** The product pages a listing shows at once: pages `from`..`to` of `pages`, merged in order; the cards packed (listing.server.ts). */
export type ListingPage = { results: Packed<CardView[]>; from: number; to: number; pages: number; total: number; page_size: number };

/** A listing's cards. */
export const listingCards = (listing: ListingPage): CardView[] => unpack(listing.results);

/** A small card for the recently viewed strip (localStorage db_recently_viewed). */
export type RecentCard = { id: number; name: string; path: string; image: string | null; price: number; original?: number | null };
