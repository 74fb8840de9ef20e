/** vite.config.ts (viewPreloads): per lazily loaded view, the script URLs to modulepreload with its route. */
declare module "virtual:shop/view-preloads" {
  const preloads: Readonly<Record<string, readonly string[]>>;
  export default preloads;
}
