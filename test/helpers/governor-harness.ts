/** A governor over a fresh test database and a relay simulator, on an injected clock (tests only). */
import { inject } from "vitest";
import { createInProcessBus } from "../../lib/bus/in-process-bus.js";
import type { Bus } from "../../lib/bus/bus.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { silentLog, type Log } from "../../lib/log.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";
import {
  startRelaySimulator,
  type RelaySimulator,
  type RelaySimulatorOptions,
} from "../../relay-simulator/simulator.js";
import { createGovernor, type Governor, type GovernorDeps } from "../../governor/governor.js";
import { createHttpRelayClient } from "../../governor/relay/http-relay-client.js";
import type { SetAlarm } from "../../governor/schedule/alarm.js";
import { T0 } from "../fixtures/governor.js";

export const SECRET = "test-signing-secret-0123456789";

export interface Clock {
  now(): number;
  /** Moves the clock, then runs every alarm now due, earliest first (an alarm may set the next one). */
  set(ms: number): void;
  advance(ms: number): void;
  /** The governor's schedule timers on this clock (governor/schedule/alarm.ts). */
  alarm: SetAlarm;
}

export function testClock(start = T0): Clock {
  let t = start;
  let alarms: { at: number; run: () => void }[] = [];
  const fire = () => {
    for (;;) {
      const due = alarms.filter((a) => a.at <= t).sort((a, b) => a.at - b.at)[0];
      if (!due) return;
      alarms = alarms.filter((a) => a !== due);
      due.run();
    }
  };
  return {
    now: () => t,
    set: (ms) => ((t = ms), fire()),
    advance: (ms) => ((t += ms), fire()),
    alarm(at, run) {
      const entry = { at, run };
      alarms.push(entry);
      if (at <= t) fire();
      return () => void (alarms = alarms.filter((a) => a !== entry));
    },
  };
}

export interface Harness {
  db: TestDatabase;
  sim: RelaySimulator;
  clock: Clock;
  governor(overrides?: Partial<GovernorDeps>): Governor;
  close(): Promise<void>;
}

export async function startHarness(
  options: { sim?: Partial<RelaySimulatorOptions>; db?: TestDatabase; log?: Log } = {},
): Promise<Harness> {
  const db = options.db ?? (await createTestDatabase(inject("adminUrl"), "gov"));
  const sim = await startRelaySimulator({ signingSecret: SECRET, ...options.sim });
  const clock = testClock();
  const buses: Bus[] = [];
  return {
    db,
    sim,
    clock,
    governor(overrides = {}) {
      const bus = overrides.bus ?? createInProcessBus({ now: clock.now });
      buses.push(bus);
      return createGovernor({
        db: db.owner,
        bus,
        relay: createHttpRelayClient({
          baseUrl: sim.url,
          backoffMs: 1,
          timeouts: { fleetMs: 2_000, submitMs: 2_000 },
          now: clock.now,
        }),
        embedder: createHashedNgramEmbedder(),
        now: clock.now,
        alarm: clock.alarm,
        log: options.log ?? silentLog,
        enabledByConfig: true,
        thresholds: { skipCosine: 0.85, augmentCosine: 0.5 },
        callbackUrl: "http://127.0.0.1:9/relay/callback",
        replicaId: "test",
        cron: false,
        ...overrides,
      });
    },
    async close() {
      await Promise.all(buses.map((b) => b.close()));
      await sim.close();
      if (!options.db) await db.drop();
    },
  };
}
