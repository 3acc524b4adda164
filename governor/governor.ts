/**
 * The governor, composed from injected parts (pool, bus, relay client, embedder, clock and its alarms). start() closes
 * the claims of governors that died mid-tick, subscribes to the slot and callback subjects, starts the slot publisher
 * (ticks, kickoffs, the daily fleet-health snapshot) and a periodic inbox scan, and announces this service to the
 * relay as a coordination participant; stop() undoes all of it and waits for work in flight.
 */
import { hostname } from "node:os";
import type { Bus, Consumption } from "../lib/bus/bus.js";
import type { Pool } from "../lib/db/pool.js";
import type { Embedder } from "../lib/embedding/embedder.js";
import type { Log } from "../lib/log.js";
import { applyPendingCallbacks, type AppliedDelivery } from "./callbacks/apply-callbacks.js";
import type { GovernorObserver } from "./governor-metrics.js";
import { runKickoff, type KickoffReport } from "./kickoff/run-kickoff.js";
import type { GateThresholds } from "./kickoff/similarity-gate.js";
import { governorRoutes } from "./pulse/routes.js";
import { sweepAbandoned } from "./decisions-store.js";
import {
  runDailySnapshot,
  writeFleetHealthSnapshot,
  type DailySnapshotReport,
  type WrittenSnapshot,
} from "./fleet-health/write-snapshot.js";
import type { RelayClient } from "./relay/relay-client.js";
import { TASK_KINDS } from "../lib/relay/ceilings.js";
import { startConsumers } from "./schedule/consumers.js";
import { timerAlarm, type SetAlarm } from "./schedule/alarm.js";
import { publishSlot, startSlotPublisher } from "./schedule/slot-publisher.js";
import { slotOf, SLOT_KINDS } from "./schedule/slots.js";
import { runTick, type TickReport } from "./tick/run-tick.js";

export interface GovernorDeps {
  db: Pool;
  bus: Bus;
  relay: RelayClient;
  embedder: Embedder;
  now: () => number;
  log: Log;
  /** GOVERNOR_ENABLED (the settings row can still turn it off). */
  enabledByConfig: boolean;
  thresholds: GateThresholds;
  callbackUrl: string;
  participant?: string;
  replicaId?: string;
  /** How often unapplied callbacks are looked for besides the bus notifications. */
  callbackScanMs?: number;
  /** Publish slots as they begin on the clock (off in tests that publish by hand). */
  cron?: boolean;
  /** Runs a function once `now()` reaches a time: the schedule's timers (default: Node timers against `now`). */
  alarm?: SetAlarm;
  /** Sees every tick, kickoff and applied callback (the metrics: governor/governor-metrics.ts). */
  observer?: GovernorObserver;
}

export interface Governor {
  tick(slotAt?: number): Promise<TickReport>;
  kickoff(slotAt?: number): Promise<KickoffReport>;
  /** The daily fleet-health slot (once across replicas). */
  fleetHealth(slotAt?: number): Promise<DailySnapshotReport>;
  /** A fleet-health snapshot now, read from this governor's relay, with its audit row. */
  writeFleetHealth(request: { actor: string; address?: string | null }): Promise<WrittenSnapshot>;
  applyCallbacks(): Promise<AppliedDelivery[]>;
  routes: ReturnType<typeof governorRoutes>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createGovernor(deps: GovernorDeps): Governor {
  const replicaId = deps.replicaId ?? `${hostname()}:${process.pid}`;
  let consumptions: Consumption[] = [];
  let cron: { stop(): Promise<void> } | null = null;
  let scan: NodeJS.Timeout | null = null;
  let applying: Promise<AppliedDelivery[]> | null = null;
  let again = false;

  const seen = <R>(report: R, observe?: (r: R) => void) => (observe?.(report), report);
  const tick = (slotAt = slotOf("tick", deps.now())) =>
    runTick(
      {
        db: deps.db,
        relay: deps.relay,
        now: deps.now,
        log: deps.log,
        enabledByConfig: deps.enabledByConfig,
        callbackUrl: deps.callbackUrl,
        replicaId,
      },
      slotAt,
    ).then((r) => seen(r, deps.observer?.tick));
  const kickoff = (slotAt = slotOf("kickoff", deps.now())) =>
    runKickoff(
      { db: deps.db, embedder: deps.embedder, thresholds: deps.thresholds, now: deps.now, log: deps.log, replicaId },
      slotAt,
    ).then((r) => seen(r, deps.observer?.kickoff));

  const snapshotDeps = { db: deps.db, relay: deps.relay, now: deps.now, log: deps.log };
  const fleetHealth = (slotAt = slotOf("fleet-health", deps.now())) =>
    runDailySnapshot({ ...snapshotDeps, replicaId }, slotAt);

  /** One applier per process; a request while it runs makes it go round once more. */
  function applyCallbacks(): Promise<AppliedDelivery[]> {
    if (applying) {
      again = true;
      return applying;
    }
    applying = (async () => {
      const done: AppliedDelivery[] = [];
      do {
        again = false;
        done.push(...(await applyPendingCallbacks({ db: deps.db, now: deps.now, log: deps.log })));
      } while (again);
      return seen(done, deps.observer?.applied);
    })().finally(() => (applying = null));
    return applying;
  }

  return {
    tick,
    kickoff,
    fleetHealth,
    writeFleetHealth: (request) => writeFleetHealthSnapshot(snapshotDeps, request),
    applyCallbacks,
    routes: governorRoutes({ db: deps.db, enabledByConfig: deps.enabledByConfig, now: deps.now }),
    async start() {
      // Whatever a governor that died mid-tick left claimed is closed before this one starts working.
      await sweepAbandoned(deps.db, deps.now(), replicaId)
        .then((closed) => {
          for (const a of closed)
            deps.log.warn(
              { kind: a.kind, slotAt: a.slot_at, claimedBy: a.claimed_by },
              "governor: closed an abandoned claim",
            );
        })
        .catch((err) => deps.log.warn({ err }, "governor: could not look for abandoned claims (the next tick does)"));
      consumptions = await startConsumers({
        bus: deps.bus,
        handlers: { tick, kickoff, "fleet-health": fleetHealth, applyCallbacks },
        now: deps.now,
        log: deps.log,
      });
      if (deps.cron !== false) {
        cron = startSlotPublisher({
          bus: deps.bus,
          now: deps.now,
          alarm: deps.alarm ?? timerAlarm(deps.now),
          log: deps.log,
        });
        // The current slots too: a slot already run (by any replica) is not run again, a stale one is dropped.
        for (const kind of SLOT_KINDS) {
          void publishSlot(deps.bus, kind, deps.now(), deps.log).catch((err) =>
            deps.log.warn({ err, kind }, "governor: could not publish the slot"),
          );
        }
      }
      scan = setInterval(
        () => void applyCallbacks().catch((err) => deps.log.error({ err }, "governor: callback scan failed")),
        deps.callbackScanMs ?? 30_000,
      );
      scan.unref();
      void applyCallbacks().catch((err) => deps.log.error({ err }, "governor: callback scan failed"));
      deps.relay
        .announce({
          participant: deps.participant ?? "institute-publishing",
          callbackUrl: deps.callbackUrl,
          kinds: TASK_KINDS,
          version: "1.0.0",
        })
        .then(({ participantId }) =>
          deps.log.info({ participantId }, "governor: announced to the relay as a coordination participant"),
        )
        .catch((err) =>
          deps.log.warn({ err: (err as Error).message }, "governor: relay announcement failed (submissions go on)"),
        );
      deps.log.info(
        { replicaId, enabled: deps.enabledByConfig, bus: deps.bus.kind, callbackUrl: deps.callbackUrl },
        "governor started",
      );
    },
    async stop() {
      if (scan) clearInterval(scan);
      scan = null;
      await cron?.stop();
      cron = null;
      await Promise.all(consumptions.map((c) => c.stop()));
      consumptions = [];
      await applying?.catch(() => {});
    },
  };
}
