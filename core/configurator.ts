/**
 * The product configurator (spec sections 4 and 5): pure, browser-safe logic shared by the
 * product page (live feedback) and the server (re-validation and pricing before a line is
 * added to the cart), so both always agree. One module per concern under core/configurator/:
 * types (its shapes, subsets of core/catalog.types.ts), rules (the catalog's rules for one
 * product), evaluate (check and price), steps (steps and reducer), check (the server's check).
 */
export * from "./configurator/types.ts";
export { bandFor, blockedOptions, configCatalog, isRequired, lockedComplementTypes, rangeLimits, resolveVariant } from "./configurator/rules.ts";
export { evaluate, issueMessageKey, statusMessageKey } from "./configurator/evaluate.ts";
export { buildSteps, initialState, reduce, stepComplete } from "./configurator/steps.ts";
export { checkConfiguration } from "./configurator/check.ts";
export * from "./configurator/facility.ts";
