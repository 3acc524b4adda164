/**
 * The relay misbehaving for two simulated hours: ticks a minute apart (five times the schedule's rate, so the hourly
 * ceiling binds) while the relay simulator, tick by tick from a fixed seed, times out, fails with 5xx bursts or at
 * random, answers garbage, refuses (400, 429), reports no free slots, and the kill switch flips. Whatever happens: no
 * tick fails; per tick at most chain_tag 4, logic_extract 1, 5 in all; never more than 60 in any rolling hour; a
 * submission is tried at most 3 times, under one idempotency key (the relay never holds two tasks for one of ours),
 * with growing pauses; a tick that could not read the fleet submits nothing, and one that met an unknown outcome
 * submits nothing after it; a subject is given up after 3 attempts without a result.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CEILINGS, MAX_ATTEMPTS_PER_SUBJECT } from "../../lib/relay/ceilings.js";
import type { Governor } from "../../governor/governor.js";
import { createHttpRelayClient } from "../../governor/relay/http-relay-client.js";
import { setEnabled } from "../../governor/settings-store.js";
import { startHarness, type Harness } from "../helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, T0 } from "../fixtures/governor.js";
import type { TickReport } from "../../governor/tick/run-tick.js";
import type { RelaySimulator } from "../../relay-simulator/simulator.js";
import { seededRandom } from "./seeded-random.js";

const TICKS = 120;
const HOUR = 60 * MIN;

let h: Harness;
let governor: Governor;
const sleeps: number[] = [];
let requests = 0;

beforeAll(async () => {
  // A fleet far larger than the ceilings, so the relay's own queue never refuses; the reported free slots decide.
  h = await startHarness({
    sim: { seed: 11, fleet: { nodes: 10, slotsPerNode: 1000, queueCap: 10_000, reportedFree: 50 } },
  });
  await addChainFacts(h.db.owner, 400, { prefix: "rf" });
  await addCards(h.db.owner, 60, { prefix: "rc", report: "Trim duration. Watch the auction." });
  const relay = createHttpRelayClient({
    baseUrl: h.sim.url,
    // Generous against a loaded machine; the faults below take far longer than these.
    timeouts: { fleetMs: 400, submitMs: 400, announceMs: 400 },
    now: h.clock.now,
    // Every request counted, every back-off pause recorded (and cut short: this test asserts what is asked, not time).
    fetch: (input, init) => (requests++, fetch(input, init)),
    sleep: async (ms) => void sleeps.push(ms),
  });
  governor = h.governor({ relay });
}, 60_000);
afterAll(() => h?.close());

type Fault = (sim: RelaySimulator, random: () => number) => void;
const FAULTS: Array<[string, number, Fault]> = [
  ["none", 30, () => {}],
  ["submissions time out", 6, (s) => s.setBehaviour({ latencyMs: 900, latencyPath: "/v1/tasks" })],
  ["the fleet read times out", 4, (s) => s.setBehaviour({ latencyMs: 900, latencyPath: "/v1/fleet" })],
  ["a 503 burst on submissions", 10, (s, r) => s.failNext(1 + Math.floor(r() * 4), 503, "/v1/tasks")],
  ["half of all requests fail", 8, (s) => s.setBehaviour({ failureRate: 0.5 })],
  ["the fleet read fails", 4, (s) => s.failNext(1, 502, "/v1/fleet")],
  ["garbage fleet", 4, (s) => s.setBehaviour({ garbage: "/v1/fleet" })],
  ["garbage submission answers", 5, (s) => s.setBehaviour({ garbage: "/v1/tasks" })],
  ["the relay is full (429)", 5, (s) => s.failNext(1, 429, "/v1/tasks")],
  ["refusals (400)", 5, (s) => s.failNext(2, 400, "/v1/tasks")],
  ["no free slot", 5, (s) => s.setFleet({ reportedFree: 1 })],
  ["an empty fleet", 4, (s) => s.setFleet({ nodes: 0 })],
];

function pick(random: () => number): [string, Fault] {
  const total = FAULTS.reduce((n, [, w]) => n + w, 0);
  let r = random() * total;
  for (const [name, weight, fault] of FAULTS) if ((r -= weight) < 0) return [name, fault];
  return ["none", () => {}];
}

function calm(sim: RelaySimulator) {
  sim.setBehaviour({ latencyMs: 0, latencyPath: null, failureRate: 0, garbage: false });
  sim.setFleet({ nodes: 10, reportedFree: 50 });
}

const rows = async <T = any>(sql: string, values: unknown[] = []) => (await h.db.owner.query(sql, values)).rows as T[];

describe("the governor against a misbehaving relay", () => {
  it("holds every ceiling, retries only under one key, and backs off, tick after tick", async () => {
    const random = seededRandom(20261121);
    const seen = new Set<string>();
    for (let i = 0; i < TICKS; i++) {
      const slot = T0 + i * MIN;
      h.clock.set(slot + 5_000);
      calm(h.sim);
      const [fault, inject] = pick(random);
      seen.add(fault);
      inject(h.sim, random);
      // The kill switch is off for a stretch in the middle: the hard ceilings hold without the reserve.
      if (i === 50 || i === 70) await setEnabled(h.db.owner, i === 70, { actor: "resilience-test", at: h.clock.now() });
      const requestsBefore = requests;
      const report: TickReport = await governor.tick(slot);
      const context = `tick ${i} (${fault}): ${JSON.stringify(report).slice(0, 400)}`;

      expect(report.outcome, context).toBe("done");
      const tasks = report.tasks ?? [];
      const byKind = (k: string) => tasks.filter((t) => t.kind === k).length;
      expect(byKind("chain_tag"), context).toBeLessThanOrEqual(CEILINGS.perTick.chain_tag);
      expect(byKind("logic_extract"), context).toBeLessThanOrEqual(CEILINGS.perTick.logic_extract);
      expect(tasks.length, context).toBeLessThanOrEqual(CEILINGS.perTickTotal);
      // A fleet that cannot be read means no headroom (while enabled): nothing goes out.
      if (report.fleet === null && report.enabled) expect(tasks, context).toEqual([]);
      // After an unknown outcome (or a full relay) the tick stops: it is the last thing it submitted.
      const stop = tasks.findIndex((t) => t.outcome === "unknown" || t.reason?.startsWith("HTTP 429"));
      if (stop >= 0) expect(stop, context).toBe(tasks.length - 1);
      // One fleet read, at most three attempts per task: the tick never hammers the relay.
      expect(requests - requestsBefore, context).toBeLessThanOrEqual(1 + tasks.length * 3);
    }
    calm(h.sim);
    expect(seen.size).toBe(FAULTS.length);

    // Never more than 60 in any rolling hour (closed window [t - 60 min, t]), whatever became of them.
    const submitted = (
      await rows<{ submitted_at: number }>("SELECT submitted_at FROM governor.tasks ORDER BY submitted_at")
    ).map((r) => r.submitted_at);
    for (const t of submitted)
      expect(submitted.filter((s) => s >= t - HOUR && s <= t).length).toBeLessThanOrEqual(CEILINGS.perHour);
    expect(submitted.length).toBeGreaterThan(CEILINGS.perHour); // the ceiling was reached, and held

    // At most three attempts per submission, under the task's own key: the relay holds one task per task of ours.
    const attempts = await rows("SELECT task_id, max(attempt)::int AS n FROM governor.submissions GROUP BY task_id");
    expect(attempts.every((a) => a.n <= 3)).toBe(true);
    const relayRefs = h.sim.tasks.map((t) => t.clientRef);
    expect(new Set(relayRefs).size).toBe(relayRefs.length);
    const ours = new Set((await rows("SELECT task_id FROM governor.tasks")).map((r) => r.task_id));
    expect(relayRefs.every((ref) => ours.has(ref))).toBe(true);
    // The pauses between attempts grow: 250 ms, then 500 ms (never a tight retry loop).
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.every((ms) => ms === 250 || ms === 500)).toBe(true);

    // A subject is given up after three attempts without a result, and is never in flight twice.
    const subjects = await rows(
      `SELECT kind, subject_id, count(*) FILTER (WHERE status IN ('failed', 'timed_out', 'rejected'))::int AS ended,
              count(*) FILTER (WHERE status IN ('submitting', 'submitted'))::int AS open
       FROM governor.tasks GROUP BY kind, subject_id`,
    );
    expect(subjects.every((s) => s.ended <= MAX_ATTEMPTS_PER_SUBJECT && s.open <= 1)).toBe(true);
  }, 120_000);
});
