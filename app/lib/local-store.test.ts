import { describe, expect, it } from "vitest";
import { pushRecentlyViewed, type RecentlyViewedItem } from "./local-store";

const item = (id: number): RecentlyViewedItem => ({ id, name: `P${id}`, path: `/p${id}.html`, image: null, price: 100 });

describe("recently viewed", () => {
  it("puts the newest first and moves a repeat to the front", () => {
    let list = [item(1), item(2), item(3)];
    list = pushRecentlyViewed(list, item(3));
    expect(list.map((x) => x.id)).toEqual([3, 1, 2]);
  });
  it("keeps at most 12", () => {
    let list: RecentlyViewedItem[] = [];
    for (let i = 1; i <= 15; i++) list = pushRecentlyViewed(list, item(i));
    expect(list).toHaveLength(12);
    expect(list[0].id).toBe(15);
    expect(list.at(-1)?.id).toBe(4);
  });
});
