/** Ticks against real PostgreSQL and the relay simulator over HTTP, on an injected clock. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { setEnabled } from "../settings-store.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";
import { slotOf } from "../schedule/slots.js";

let h: Harness;
const longReport = "Rates should fall. ".repeat(700) + "é".repeat(100); // 13,400 characters

beforeAll(async () => {
  h = await startHarness();
  await addChainFacts(h.db.owner, 40);
  await addCards(h.db.owner, 6, { report: longReport });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await resetGovernorState(h.db.owner);
  h.clock.set(T0);
  h.sim.setFleet({ nodes: 3, slotsPerNode: 2, queueCap: 20, reportedFree: 6 });
  h.sim.setBehaviour({ garbage: false, latencyMs: 0 });
  h.sim.reset();
});

const tasks = async () =>
  (
    await h.db.owner.query(
      "SELECT task_id, kind, subject_id, status, detail, submitted_at, closed_at, error FROM governor.tasks ORDER BY submitted_at, task_id",
    )
  ).rows;

describe("a tick", () => {
  it("submits chain_tag then logic_extract within 4/1/5, with timeout_ms 1800000, our callback address and at most 8000 characters", async () => {
    const before = h.sim.tasks.length;
    const report = await h.governor().tick(T0);
    expect(report.outcome).toBe("done");
    expect(report.drains).toMatchObject({
      chain_tag: { allocated: 4, submitted: 4 },
      logic_extract: { allocated: 1, submitted: 1 },
    });
    const sent = h.sim.tasks.slice(before);
    expect(sent.map((t) => t.kind)).toEqual(["chain_tag", "chain_tag", "chain_tag", "chain_tag", "logic_extract"]);
    for (const t of sent) {
      expect(t.timeoutMs).toBe(1_800_000);
      expect(t.callbackUrl).toBe("http://127.0.0.1:9/relay/callback");
    }
    const extract = sent[4]!;
    expect(extract.payload.source).toBe("report:en");
    expect([...(extract.payload.text as string)].length).toBe(8000);
    expect(extract.payload.text).toBe([...longReport].slice(0, 8000).join(""));
    const rows = await tasks();
    expect(rows.map((r) => r.status)).toEqual(Array(5).fill("submitted"));
    expect(rows.find((r) => r.kind === "logic_extract")!.detail).toEqual({
      source: "report:en",
      chars: 8000,
      truncated: true,
    });
  });

  it("records the decision with its inputs", async () => {
    await h.governor().tick(T0);
    const { rows } = await h.db.owner.query("SELECT kind, slot_at, outcome, inputs FROM governor.decisions");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "tick",
      slot_at: T0,
      outcome: "done",
      inputs: {
        enabled: true,
        fleet: { nodes: 3, free_slots: 6 },
        reserve: 1,
        reserve_binds: false,
        headroom: 5,
        headroom_basis: "free-slots",
        submitted_last_hour: 0,
        hourly_ceiling: 60,
        budget: 5,
        drains: {
          chain_tag: { ceiling: 4, candidates: 4, allocated: 4, submitted: 4 },
          logic_extract: { ceiling: 1, candidates: 1, allocated: 1 },
        },
      },
    });
  });

  it("runs a slot once: a second delivery of the same slot does nothing", async () => {
    const g = h.governor();
    expect((await g.tick(T0)).outcome).toBe("done");
    expect((await h.governor({ replicaId: "other" }).tick(T0)).outcome).toBe("duplicate-slot");
    expect(await tasks()).toHaveLength(5);
  });

  it("never submits a fact or card that is already in flight", async () => {
    const g = h.governor();
    for (let i = 0; i < 4; i++) {
      h.clock.set(T0 + i * 5 * MIN);
      await g.tick(slotOf("tick", h.clock.now()));
    }
    const rows = await tasks();
    expect(new Set(rows.map((r) => `${r.kind}:${r.subject_id}`)).size).toBe(rows.length);
  });
});

describe("the edge reserve (spec §8)", () => {
  const submittedBy = async (setup: () => Promise<void> | void, governorEnabled = true) => {
    await resetGovernorState(h.db.owner);
    await setup();
    const report = await h.governor({ enabledByConfig: governorEnabled }).tick(T0);
    return { report, n: (await tasks()).length };
  };

  it("binds when the fleet is non-empty and free slots are at or below 1", async () => {
    for (const free of [0, 1]) {
      const { report, n } = await submittedBy(() => h.sim.setFleet({ nodes: 2, reportedFree: free }));
      expect(n).toBe(0);
      expect(report).toMatchObject({ reserve: 1, reserve_binds: true, headroom: 0, headroom_basis: "free-slots" });
    }
  });

  it("leaves free - 1 otherwise", async () => {
    for (const [free, expected] of [
      [2, 1],
      [3, 2],
      [4, 3],
      [6, 5],
      [10, 5],
    ] as const) {
      const { report, n } = await submittedBy(() => h.sim.setFleet({ nodes: 2, reportedFree: free }));
      expect(n, `free ${free}`).toBe(expected);
      expect(report).toMatchObject({ reserve: 1, reserve_binds: false, headroom: free - 1 });
    }
  });

  it("does not apply to an empty fleet: the relay's queue room is the headroom", async () => {
    const { report, n } = await submittedBy(() => h.sim.setFleet({ nodes: 0, reportedFree: null, queueCap: 3 }));
    expect(report).toMatchObject({ reserve: 0, reserve_binds: false, headroom: 3, headroom_basis: "relay-queue" });
    expect(n).toBe(3);
  });

  it("is not applied with the kill switch (settings row): only the hard ceilings remain", async () => {
    const { report, n } = await submittedBy(async () => {
      h.sim.setFleet({ nodes: 2, reportedFree: 1 });
      await setEnabled(h.db.owner, false, { actor: "test", at: T0 });
    });
    expect(report).toMatchObject({
      enabled: false,
      kill_switch: { config: true, setting: false },
      reserve: 0,
      reserve_binds: false,
      headroom: null,
    });
    expect(n).toBe(5);
  });

  it("is not applied with GOVERNOR_ENABLED=false either", async () => {
    const { report, n } = await submittedBy(() => h.sim.setFleet({ nodes: 2, reportedFree: 0 }), false);
    expect(report).toMatchObject({ enabled: false, reserve: 0, headroom: null });
    expect(n).toBe(5);
  });

  it("submits nothing when the fleet cannot be read while enabled", async () => {
    const { report, n } = await submittedBy(() => h.sim.setBehaviour({ garbage: true }));
    expect(n).toBe(0);
    expect(report).toMatchObject({ fleet: null, headroom: 0, headroom_basis: "fleet-unavailable" });
    expect(report.fleet_error).toMatch(/not JSON/);
  });
});

describe("submission outcomes", () => {
  const attempts = async () =>
    (await h.db.owner.query("SELECT attempt, http_status, outcome FROM governor.submissions ORDER BY attempt")).rows;

  it("retries a POST that failed in transit under the same idempotency key: one task at the relay", async () => {
    h.sim.setFleet({ nodes: 3, reportedFree: 2 }); // headroom 1
    const before = h.sim.tasks.length;
    h.sim.failNext(1, 503, "/v1/tasks");
    const report = await h.governor().tick(T0);
    expect(report.tasks).toMatchObject([{ kind: "chain_tag", outcome: "accepted" }]);
    expect(h.sim.tasks.length - before).toBe(1);
    expect(await attempts()).toEqual([
      { attempt: 1, http_status: 503, outcome: "error" },
      { attempt: 2, http_status: 202, outcome: "accepted" },
    ]);
  });

  it("keeps a task whose outcome is unknown open (the relay may hold it) and stops submitting this tick", async () => {
    h.sim.setBehaviour({ garbage: "/v1/tasks" });
    const before = h.sim.tasks.length;
    const report = await h.governor().tick(T0);
    expect(report.tasks).toHaveLength(1);
    expect(report.tasks![0]).toMatchObject({ outcome: "unknown" });
    // Three attempts, one idempotency key: the relay made one task.
    expect(h.sim.tasks.length - before).toBe(1);
    expect((await attempts()).map((a) => a.outcome)).toEqual(["error", "error", "error"]);
    const [row] = await tasks();
    expect(row).toMatchObject({ status: "submitted", closed_at: null });
    expect(row.error).toMatch(/^submission outcome unknown/);
  });

  it("keeps it open after timeouts too, and the relay still holds only one task", async () => {
    h.sim.setBehaviour({ latencyMs: 150 });
    const before = h.sim.submissions.length;
    const relayTasks = h.sim.tasks.length;
    const { createHttpRelayClient } = await import("../relay/http-relay-client.js");
    const relay = createHttpRelayClient({
      baseUrl: h.sim.url,
      backoffMs: 1,
      timeouts: { fleetMs: 2_000, submitMs: 50 },
      now: h.clock.now,
    });
    const report = await h.governor({ relay }).tick(T0);
    expect(report.tasks).toMatchObject([
      { outcome: "unknown", reason: expect.stringMatching(/timed out after 3 attempt/) },
    ]);
    // The relay answers each attempt 150 ms late, after the client gave up on it: wait until it has seen all three
    // (its own latency is real time, which no test clock moves), then count what it made of them.
    await vi.waitFor(() => expect(h.sim.submissions.length - before).toBe(3), { timeout: 5_000, interval: 10 });
    expect(h.sim.tasks.length - relayTasks).toBe(1);
  });

  it("closes a refused task at once and stops when the relay is full (429)", async () => {
    h.sim.failNext(1, 429, "/v1/tasks");
    const report = await h.governor().tick(T0);
    expect(report.tasks).toMatchObject([{ outcome: "refused", reason: expect.stringMatching(/^HTTP 429/) }]);
    expect(await attempts()).toEqual([{ attempt: 1, http_status: 429, outcome: "refused" }]);
    expect((await tasks())[0]).toMatchObject({ status: "rejected", closed_at: T0 });
  });
});
