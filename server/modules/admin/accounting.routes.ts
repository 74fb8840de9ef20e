import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";

/** Back office: invoices, VERI*FACTU, exports and the dashboard (/api/admin/v1). */
export async function accountingAdminRoutes(_app: FastifyInstance, _services: Services) {}
