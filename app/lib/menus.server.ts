import type { MenuItem } from "../../core/stores.ts";
import { type Packed, pack } from "./packed";
import { menuLink, type Menus } from "./root-data";

const kept = new WeakMap<MenuItem[], WeakMap<MenuItem[], Packed<Menus>>>();

/**
 * The menus every page's root data carries, packed once per menu (lib/packed.ts): the stores'
 * service keeps each menu (the main one, the footer of a page) as one array until a reseed, and
 * a request hands the serialiser one kept string instead of ~100 values.
 */
export function packedMenus(main: MenuItem[], footer: MenuItem[]): Packed<Menus> {
  let byFooter = kept.get(main);
  if (!byFooter) {
    byFooter = new WeakMap();
    kept.set(main, byFooter);
  }
  let packed = byFooter.get(footer);
  if (!packed) {
    packed = pack({ main: main.map(menuLink), footer: footer.map(menuLink) });
    byFooter.set(footer, packed);
  }
  return packed;
}
