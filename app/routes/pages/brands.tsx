import { placeholderLoader } from "~/lib/placeholder.server";

export const loader = placeholderLoader("brands");
export { placeholderMeta as meta, PlaceholderPage as default } from "~/lib/placeholder-route";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
