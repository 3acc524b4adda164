/**
 * ajv coerces a query value such as "1e999" (or 400 nines) to Infinity and then skips `minimum` and `maximum`,
 * whose checks only run on finite numbers, so `limit=1e999` would pass validation and fail in the service. This
 * preHandler refuses any coerced query or path value that is not a finite number, as the 400 validation gives.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "./errors.js";

const PARTS = [
  ["query", "query parameter"],
  ["params", "path parameter"],
] as const;

export async function refuseNonFiniteNumbers(request: FastifyRequest, reply: FastifyReply) {
  for (const [part, noun] of PARTS) {
    const values = request[part];
    if (typeof values !== "object" || values === null) continue;
    for (const [name, value] of Object.entries(values)) {
      const all: unknown[] = Array.isArray(value) ? value : [value];
      if (all.some((v) => typeof v === "number" && !Number.isFinite(v))) {
        return sendError(reply, 400, `invalid ${noun} '${name}': must be a finite number`);
      }
    }
  }
}
