import { data } from "react-router";
import { placeholderLoader } from "~/lib/placeholder.server";
import type { Route } from "./+types/catalog-path";

const category = placeholderLoader("category");
const product = placeholderLoader("product");

/** Category paths end with a slash, product paths with .html; anything else is the 404 page. */
export async function loader(args: Route.LoaderArgs) {
  const path = new URL(args.request.url).pathname;
  if (path.endsWith(".html")) return product(args);
  if (path.endsWith("/") && path.length > 1) return category(args);
  throw data(null, { status: 404 });
}
export { placeholderMeta as meta, PlaceholderPage as default } from "~/lib/placeholder-route";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
