/**
 * POST /api/v1/admin/fleet-health: writes a fleet-health snapshot now, as the console's button and
 * `npm run governor -- fleet-health` do (one function, which writes the audit row), behind the operator token.
 * 201 with the snapshot's id, time, size and whether the relay could be read; the public
 * GET /api/v1/reports/fleet-health/latest serves it at once.
 */
import type { FastifyInstance } from "fastify";
import type { WrittenSnapshot } from "../../governor/fleet-health/write-snapshot.js";

export interface FleetHealthRouteOptions {
  writeFleetHealth(request: { actor: string; address: string | null }): Promise<WrittenSnapshot>;
}

const written = {
  type: "object",
  required: ["snapshot_id", "generated_at", "bytes", "relay"],
  properties: {
    snapshot_id: { type: "string" },
    generated_at: { type: "integer" },
    bytes: { type: "integer" },
    relay: { type: "string", description: '"read", or why the relay could not be read' },
  },
} as const;

export async function adminFleetHealthRoute(app: FastifyInstance, opts: FleetHealthRouteOptions) {
  app.post("/v1/admin/fleet-health", { schema: { response: { 201: written } } }, async (request, reply) => {
    const w = await opts.writeFleetHealth({ actor: "admin-api", address: request.ip ?? null });
    request.log.info(
      { admin: "fleet-health", snapshot_id: w.snapshotId, relay: w.relay },
      "admin: fleet health written",
    );
    return reply
      .code(201)
      .send({ snapshot_id: w.snapshotId, generated_at: w.generatedAt, bytes: w.bytes, relay: w.relay });
  });
}
