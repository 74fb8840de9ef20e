import type { TestProject } from "vitest/node";
import { storefrontBuild } from "./storefront-build.ts";

/** Integration project: build the storefront once per run for the SSR and process tests. */
export default function setup(project: TestProject) {
  project.provide("buildDir", storefrontBuild());
}
