/**
 * What the governor observed, read back as the console and the fleet-health snapshot read it, after half an hour of
 * real ticks against the relay simulator on real PostgreSQL: a normal tick, an unreadable fleet, the reserve binding,
 * a refusal, a submission without an answer, a governor that died mid-tick, the kill switch, the sweep, callbacks
 * applied, duplicated, refused and pending, and a kickoff.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyPendingCallbacks } from "../callbacks/apply-callbacks.js";
import { createCallbackTally } from "../callbacks/callback-tally.js";
import { createCallbackInbox } from "../callbacks/inbox-store.js";
import { claimSlot } from "../decisions-store.js";
import { setEnabled } from "../settings-store.js";
import { silentLog } from "../../lib/log.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, addPoolEntries, MIN, T0 } from "../../test/fixtures/governor.js";
import {
  callbackCounts,
  kickoffDecisions,
  lastTicks,
  relayErrors,
  submissionsSummary,
  tasksByState,
  tickSeries,
  timeoutsSwept,
} from "./index.js";

let h: Harness;
const window = { from: T0, to: T0 + 2 * 60 * MIN };
const tickIds: Record<string, string[]> = {};

async function tick(minute: number) {
  h.clock.set(T0 + minute * MIN + 1_000);
  const report = await h.governor({ replicaId: "observer" }).tick(T0 + minute * MIN);
  tickIds[minute] = (report.tasks ?? []).map((t) => t.task_id);
  return report;
}

beforeAll(async () => {
  h = await startHarness({ sim: { fleet: { nodes: 3, slotsPerNode: 1000, queueCap: 20, reportedFree: 6 } } });
  await addChainFacts(h.db.owner, 40);
  await addCards(h.db.owner, 6, { report: "Trim duration. Watch the auction." });

  await tick(0); // 4 + 1 accepted
  h.sim.failNext(1, 502, "/v1/fleet");
  await tick(5); // the fleet cannot be read: nothing goes out
  h.sim.setFleet({ reportedFree: 1 });
  await tick(10); // the reserve binds
  h.sim.setFleet({ reportedFree: 6 });
  h.sim.failNext(1, 400, "/v1/tasks");
  await tick(15); // the first chain_tag is refused, 3 + 1 accepted
  h.sim.failNext(3, 503, "/v1/tasks");
  await tick(20); // no answer after three attempts: the tick stops there

  // A governor claims 25, half-submits a task, and dies.
  const dead = new pg.Client({ connectionString: h.db.ownerUrl });
  await dead.connect();
  await claimSlot(dead, "tick", T0 + 25 * MIN, T0 + 25 * MIN + 500, "dead:1", { hold: true });
  await dead.query(
    `INSERT INTO governor.tasks (task_id, kind, subject_id, status, slot_at, submitted_at, deadline_at)
     VALUES ('gt_dead', 'chain_tag', 'f-dead', 'submitting', $1, $2, $3)`,
    [T0 + 25 * MIN, T0 + 25 * MIN + 600, T0 + 50 * MIN + 600],
  );
  await dead.end();

  // Callbacks for tick 15's tasks: one completed, one failed, one repeated under a new delivery id (ignored), one
  // redelivered under the same id (duplicate); the receiver also turned away three bad signatures.
  const inbox = createCallbackInbox({ db: h.db.owner });
  const tally = createCallbackTally({ db: h.db.owner, now: h.clock.now, flushMs: 3_600_000 });
  const [done, failed] = tickIds[15]!.slice(1, 3) as [string, string];
  const cb = async (deliveryId: string, taskId: string, type: "task.completed" | "task.failed") => {
    const body = JSON.stringify(
      type === "task.completed"
        ? { type, client_ref: taskId, result: { tags: ["copper"] } }
        : { type, client_ref: taskId, error: { code: "worker_failed", message: "no" } },
    );
    tally.count(
      await inbox.record({
        deliveryId,
        eventType: type,
        clientRef: taskId,
        relayTaskId: null,
        body,
        receivedAt: h.clock.now(),
      }),
    );
  };
  h.clock.set(T0 + 27 * MIN);
  await cb("d-1", done, "task.completed");
  await cb("d-2", failed, "task.failed");
  await cb("d-3", done, "task.completed");
  await cb("d-1", done, "task.completed");
  for (let i = 0; i < 3; i++) tally.count("refused-signature");
  h.clock.set(T0 + 28 * MIN);
  await applyPendingCallbacks({ db: h.db.owner, now: h.clock.now, log: silentLog });

  await setEnabled(h.db.owner, false, { actor: "operator:test", at: T0 + 29 * MIN });
  await tick(30); // kill switch: no reserve; the dead claim is closed; tick 0's tasks are swept

  h.clock.set(T0 + 31 * MIN);
  await cb("d-4", tickIds[30]![0]!, "task.completed"); // kept, not applied yet
  await tally.close();

  await addPoolEntries(h.db.owner, [
    { poolId: "pool-1", topic: "Copper supply in 2027", score: 0.9, expiresAt: T0 + 86_400_000 },
  ]);
  h.clock.set(T0 + 60 * MIN + 2_000);
  await h.governor({ replicaId: "observer" }).kickoff(T0 + 60 * MIN);
}, 60_000);
afterAll(() => h?.close());

const at = (minute: number) => T0 + minute * MIN;

describe("the governor observed", () => {
  it("its ticks, flattened, oldest first over a window and newest first as the last few", async () => {
    const series = await tickSeries(h.db.owner, window);
    expect(
      series.map((t) => [
        (t.slotAt - T0) / MIN,
        t.outcome,
        t.enabled,
        t.fleet?.freeSlots ?? null,
        t.headroomBasis,
        t.headroom,
        t.reserveBinds,
        t.drains?.chain_tag.submitted ?? null,
        t.drains?.logic_extract.submitted ?? null,
        t.swept,
      ]),
    ).toEqual([
      [0, "done", true, 6, "free-slots", 5, false, 4, 1, 0],
      [5, "done", true, null, "fleet-unavailable", 0, false, 0, 0, 0],
      [10, "done", true, 1, "free-slots", 0, true, 0, 0, 0],
      [15, "done", true, 6, "free-slots", 5, false, 3, 1, 0],
      [20, "done", true, 6, "free-slots", 5, false, 0, 0, 0],
      [25, "abandoned", null, null, null, null, null, null, null, 0],
      [30, "done", false, 6, "kill-switch", null, false, 4, 1, 5],
    ]);
    expect(series[0]).toMatchObject({
      claimedBy: "observer",
      decidedAt: at(0) + 1_000,
      fleet: { nodes: 3, freeSlots: 6, queue: { depth: 0, cap: 20 } },
      reserve: 1,
      submittedLastHour: 0,
      budget: 5,
      fleetError: null,
      error: null,
    });
    expect(series[1]).toMatchObject({ fleet: null, fleetError: "fleet: HTTP 502" });
    expect(series[3]!.drains!.chain_tag).toEqual({
      ceiling: 4,
      candidates: 4,
      allocated: 4,
      submitted: 3,
      refused: 1,
      unknown: 0,
    });
    expect(series[4]!.drains!.chain_tag).toMatchObject({ submitted: 0, unknown: 1 });
    expect(series[5]).toMatchObject({ claimedBy: "dead:1", decidedAt: at(30) + 1_000 });

    const last = await lastTicks(h.db.owner, 3);
    expect(last.map((t) => [(t.slotAt - T0) / MIN, t.outcome])).toEqual([
      [30, "done"],
      [25, "abandoned"],
      [20, "done"],
    ]);
    expect(await tickSeries(h.db.owner, { from: at(10), to: at(20) })).toHaveLength(2);
  });

  it("its tasks by state, now and for the submissions of a window", async () => {
    const zero = { submitting: 0, submitted: 0, completed: 0, failed: 0, timed_out: 0, rejected: 0 };
    expect(await tasksByState(h.db.owner)).toEqual({
      chain_tag: { ...zero, submitting: 1, submitted: 6, completed: 1, failed: 1, timed_out: 4, rejected: 1 },
      logic_extract: { ...zero, submitted: 2, timed_out: 1 },
    });
    expect(await tasksByState(h.db.owner, { from: at(30), to: at(31) })).toEqual({
      chain_tag: { ...zero, submitted: 4 },
      logic_extract: { ...zero, submitted: 1 },
    });
  });

  it("its submissions against the ceilings, per kind and outcome", async () => {
    expect(await submissionsSummary(h.db.owner, window)).toEqual({
      byKind: {
        chain_tag: {
          submitted: 14,
          accepted: 11,
          refused: 1,
          unknown: 2,
          completed: 1,
          failed: 1,
          timedOut: 4,
          open: 7,
          mostInOneTick: 4,
        },
        logic_extract: {
          submitted: 3,
          accepted: 3,
          refused: 0,
          unknown: 0,
          completed: 0,
          failed: 0,
          timedOut: 1,
          open: 2,
          mostInOneTick: 1,
        },
      },
      total: 17,
      mostInOneTick: 5,
      busiestHour: { count: 17, endingAt: at(30) + 1_000 },
    });
    const empty = await submissionsSummary(h.db.owner, { from: at(90), to: at(120) });
    expect([empty.total, empty.mostInOneTick, empty.busiestHour]).toEqual([0, 0, null]);
  });

  it("the timeouts the sweep closed", async () => {
    const swept = await timeoutsSwept(h.db.owner, window);
    expect([swept.count, swept.byKind]).toEqual([5, { chain_tag: 4, logic_extract: 1 }]);
    expect(new Set(swept.newest.map((t) => t.taskId))).toEqual(new Set(tickIds[0]));
    expect(swept.newest.every((t) => t.submittedAt === at(0) + 1_000 && t.closedAt === at(30) + 1_000)).toBe(true);
    expect((await timeoutsSwept(h.db.owner, window, 2)).newest).toHaveLength(2);
  });

  it("the callbacks answered, kept, applied and pending", async () => {
    expect(await callbackCounts(h.db.owner, window)).toEqual({
      answered: 8,
      received: 5,
      byOutcome: {
        recorded: 4,
        duplicate: 1,
        untracked: 0,
        "refused-signature": 3,
        "refused-request": 0,
        "refused-too-large": 0,
        error: 0,
      },
      kept: 4,
      applied: { total: 3, completed: 1, failed: 1, ignored: 1, error: 0 },
      pending: 1,
      oldestPendingAt: at(31),
    });
  });

  it("the relay's errors, the most frequent reasons first", async () => {
    expect(await relayErrors(h.db.owner, window)).toEqual({
      fleetReads: { ticks: 6, failed: 1, reasons: [{ reason: "fleet: HTTP 502", count: 1, lastAt: at(5) + 1_000 }] },
      submissionAttempts: {
        total: 18,
        errors: 3,
        refused: 1,
        reasons: [
          { reason: "HTTP 503", count: 3, lastAt: at(20) + 1_000 },
          { reason: "refused: HTTP 400", count: 1, lastAt: at(15) + 1_000 },
        ],
      },
    });
  });

  it("the kickoff's decisions", async () => {
    const [k] = await kickoffDecisions(h.db.owner, 5);
    expect(k).toMatchObject({
      slotAt: at(60),
      decidedAt: at(60) + 2_000,
      outcome: "promoted",
      poolId: "pool-1",
      score: 0.9,
      gate: { decision: "fresh", matches: 1 },
      expired: 0,
      error: null,
    });
    expect(k!.boardId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
