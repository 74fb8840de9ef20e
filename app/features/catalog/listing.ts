import type { CardView } from "../../../core/card-view.ts";

/** The product pages a listing shows at once: pages `from`..`to` of `pages`, merged in order. */
export type ListingPage = { results: CardView[]; from: number; to: number; pages: number; total: number; page_size: number };

/** A small card for the recently viewed strip (localStorage db_recently_viewed). */
export type RecentCard = { id: number; name: string; path: string; image: string | null; price: number; original?: number | null };
