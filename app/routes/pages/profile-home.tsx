import { placeholderLoader } from "~/lib/placeholder.server";

export const loader = placeholderLoader("profile", { requireLogin: true, noindex: true });
export { placeholderMeta as meta, PlaceholderPage as default } from "~/lib/placeholder-route";
export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
