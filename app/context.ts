import type { LoadContextInput } from "../server/ssr.ts";

declare module "react-router" {
  interface AppLoadContext extends LoadContextInput {}
}
