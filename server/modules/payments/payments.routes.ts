import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";

/** /api/payment/v1/... (spec 7) and the providers' webhooks. PLACEHOLDER: being written. */
export async function paymentsRoutes(_app: FastifyInstance, _services: Services) {}

/** The sandbox provider's hosted payment pages (outside /api). PLACEHOLDER: being written. */
export async function paymentsRootRoutes(_app: FastifyInstance, _services: Services) {}
