import type { FastifyRequest } from "fastify";
import { cookieValue } from "../../../core/cookies.ts";
import type { StaffGate } from "../../lib/api-route.ts";
import type { Db } from "../../db/client.ts";
import { writeAudit } from "./staff.audit.ts";
import { STAFF_COOKIE, type StaffService, type StaffUser } from "./staff.service.ts";

/**
 * The staff side of every request: the session from the bd_staff cookie (the staff
 * application) or `Authorization: Bearer bds_…` (API clients, tests), read once per request;
 * and the audit writer bound to the request (who, role, address, request id).
 */
export function createStaffGate(staff: StaffService, db: Db): StaffGate {
  const seen = new WeakMap<FastifyRequest, Promise<StaffUser | null>>();
  return {
    authenticate(req) {
      let p = seen.get(req);
      if (!p) {
        const m = /^Bearer\s+(bds_[\w-]+)\s*$/i.exec(req.headers.authorization ?? "");
        p = staff.fromToken(m ? m[1] : cookieValue(req.headers.cookie, STAFF_COOKIE));
        seen.set(req, p);
      }
      return p;
    },
    async audit(req, s, entry, tx) {
      await writeAudit((tx as Db | undefined) ?? db, { staffId: s.id, email: s.email, role: s.role, ip: req.ip, requestId: String(req.id) }, entry);
    },
  };
}
