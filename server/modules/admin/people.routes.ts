import type { FastifyInstance } from "fastify";
import type { Services } from "../index.ts";

/** Back office: customers, professionals, GDPR, newsletter and moderation (/api/admin/v1). */
export async function peopleAdminRoutes(_app: FastifyInstance, _services: Services) {}
