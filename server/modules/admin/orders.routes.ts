import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";

/** Back office: orders, packages, bulk actions, notes and timeline (/api/admin/v1). */
export async function ordersAdminRoutes(_app: FastifyInstance, _services: Services) {}
