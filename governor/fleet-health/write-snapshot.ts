/**
 * Writing a fleet-health snapshot, the two ways it happens: on demand (`npm run governor -- fleet-health`, the
 * console's button, the admin route: one function, which writes the audit row itself) and daily at 00:00
 * Asia/Singapore, once across governor replicas (the slot is claimed in the transaction that writes the snapshot, so
 * a replica that dies half-way leaves neither, and the bus hands the slot to another). The relay is read before the
 * transaction opens; a relay that cannot be read gives a snapshot that says so, never an error.
 */
import { recordAudit } from "../../lib/audit/audit-log.js";
import type { Pool } from "../../lib/db/pool.js";
import { inTransaction } from "../../lib/db/transaction.js";
import type { Log } from "../../lib/log.js";
import { silentLog } from "../../lib/log.js";
import type { Queryable } from "../db.js";
import { claimSlot, completeDecision } from "../decisions-store.js";
import type { RelayClient } from "../relay/relay-client.js";
import { readFleetHealthFacts, readFleetNow, type FleetNow } from "./facts.js";
import { renderFleetHealth, type SnapshotTrigger } from "./render.js";
import { newSnapshotId, storeSnapshot, type StoredSnapshot } from "./snapshot-store.js";

export interface FleetHealthDeps {
  /** The owner pool. */
  db: Pool;
  /** The relay to read the fleet from; null where this process has none (then `relayUnavailable` says why). */
  relay: RelayClient | null;
  now: () => number;
  log?: Log;
  relayUnavailable?: string;
}

export interface WrittenSnapshot extends StoredSnapshot {
  /** "read", or why the relay could not be read. */
  relay: string;
}

export const FLEET_HEALTH_AUDIT_ACTION = "fleet-health.generate";

const NO_RELAY = "no relay address is configured in this process (RELAY_URL)";

async function writeOne(
  q: Queryable,
  deps: FleetHealthDeps,
  trigger: SnapshotTrigger,
  fleetNow: FleetNow,
): Promise<WrittenSnapshot> {
  const generatedAt = deps.now();
  const facts = await readFleetHealthFacts(q, generatedAt);
  const markdown = renderFleetHealth(facts, { generatedAt, trigger, fleetNow });
  const stored = await storeSnapshot(q, { snapshotId: newSnapshotId(generatedAt), generatedAt, markdown });
  return { ...stored, relay: fleetNow.fleet ? "read" : fleetNow.error };
}

/** On demand: writes a snapshot now and one audit row (who, from where), in one transaction. */
export async function writeFleetHealthSnapshot(
  deps: FleetHealthDeps,
  request: { actor: string; address?: string | null },
): Promise<WrittenSnapshot> {
  const fleetNow = await readFleetNow(deps.relay, deps.now, deps.relayUnavailable ?? NO_RELAY);
  const written = await inTransaction(deps.db, async (client) => {
    const w = await writeOne(client, deps, "on-demand", fleetNow);
    await recordAudit(client, {
      actor: request.actor,
      action: FLEET_HEALTH_AUDIT_ACTION,
      target: w.snapshotId,
      address: request.address ?? null,
      detail: { relay: w.relay, bytes: w.bytes },
      at: w.generatedAt,
    });
    return w;
  });
  (deps.log ?? silentLog).info(
    { snapshotId: written.snapshotId, actor: request.actor, relay: written.relay },
    "governor: fleet-health snapshot written on demand",
  );
  return written;
}

export interface DailySnapshotReport {
  slot_at: number;
  outcome: "written" | "duplicate-slot";
  snapshot_id?: string;
  relay?: string;
}

/** The daily slot: written once across replicas. A failure rolls the claim back and is thrown, for a redelivery. */
export async function runDailySnapshot(
  deps: FleetHealthDeps & { replicaId: string },
  slotAt: number,
): Promise<DailySnapshotReport> {
  const log = deps.log ?? silentLog;
  const fleetNow = await readFleetNow(deps.relay, deps.now, deps.relayUnavailable ?? NO_RELAY);
  const report = await inTransaction(deps.db, async (client): Promise<DailySnapshotReport> => {
    const decisionId = await claimSlot(client, "fleet-health", slotAt, deps.now(), deps.replicaId);
    if (decisionId === null) return { slot_at: slotAt, outcome: "duplicate-slot" };
    const w = await writeOne(client, deps, "schedule", fleetNow);
    const inputs = { snapshot_id: w.snapshotId, object_key: w.objectKey, bytes: w.bytes, relay: w.relay };
    await completeDecision(client, decisionId, "written", inputs, deps.now());
    return { slot_at: slotAt, outcome: "written", snapshot_id: w.snapshotId, relay: w.relay };
  });
  if (report.outcome === "written")
    log.info({ slotAt, snapshotId: report.snapshot_id, relay: report.relay }, "governor: daily fleet-health snapshot");
  else log.info({ slotAt }, "governor fleet-health: slot already taken");
  return report;
}
