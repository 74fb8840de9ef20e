import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";

/** Back office: payments, transfers, refunds, cancellations, after-sale and quotations (/api/admin/v1). */
export async function moneyAdminRoutes(_app: FastifyInstance, _services: Services) {}
