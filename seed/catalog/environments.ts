/** The environments live in core (the storefront shows them); the seed draws their pictures. */
export { ENVIRONMENTS, type Environment } from "../../core/environments.ts";
