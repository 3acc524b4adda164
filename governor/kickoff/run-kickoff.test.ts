/** Spec §3: the hourly kickoff promotes the highest-score candidate, expires stale ones, and logs the gate's decision. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addPoolEntries, addThread, resetGovernorState, T0 } from "../../test/fixtures/governor.js";

let h: Harness;
const HOUR = 3_600_000;
const DAY = 86_400_000;
let prior: string;

beforeAll(async () => {
  h = await startHarness();
  prior = await addThread(h.db.owner, {
    topic: "Will the Fed cut rates in December?",
    question: "What would a cut mean for the dollar?",
    createdAt: T0 - 3 * DAY,
  });
  await addThread(h.db.owner, { topic: "Copper supply deficit and Chilean mine output", createdAt: T0 - 10 * DAY });
  await addThread(h.db.owner, { topic: null, question: null, createdAt: T0 - DAY });
  await addPoolEntries(h.db.owner, [
    { poolId: "p-expired", topic: "A stale idea with the best score", score: 0.99, expiresAt: T0 - 1 },
    {
      poolId: "p-fed",
      topic: "Will the Fed cut rates in December?",
      question: "What would a cut mean for the dollar?",
      score: 0.9,
      expiresAt: T0 + DAY,
    },
    {
      poolId: "p-fed-odds",
      topic: "Fed rate cut odds for the December meeting",
      score: 0.7,
      expiresAt: T0 + DAY,
      createdAt: T0 - 2 * DAY,
    },
    {
      poolId: "p-tie-late",
      topic: "Semiconductor export controls on China",
      score: 0.5,
      expiresAt: T0 + DAY,
      createdAt: T0 - DAY,
    },
    {
      poolId: "p-tie-early",
      topic: "Lithium prices and battery demand in Europe",
      score: 0.5,
      expiresAt: T0 + DAY,
      createdAt: T0 - 2 * DAY,
    },
    { poolId: "p-rejected", topic: "Rejected", score: 5, expiresAt: T0 + DAY, status: "rejected" },
  ]);
});
afterAll(() => h?.close());
beforeEach(() => h.clock.set(T0 + 20_000));

const entry = async (id: string) =>
  (
    await h.db.owner.query("SELECT status, promoted_board_id, promoted_at FROM catalog.topic_pool WHERE pool_id = $1", [
      id,
    ])
  ).rows[0];
const logFor = async (poolId: string) =>
  (await h.db.owner.query("SELECT * FROM catalog.similarity_log WHERE pool_id = $1", [poolId])).rows;

describe("the hourly kickoff", () => {
  it("expires candidates past expires_at and promotes the highest-score candidate to a queued thread", async () => {
    await resetGovernorState(h.db.owner);
    const report = await h.governor().kickoff(T0);
    expect(report).toMatchObject({ outcome: "promoted", pool_id: "p-fed", expired: ["p-expired"] });
    expect(await entry("p-expired")).toEqual({ status: "expired", promoted_board_id: null, promoted_at: null });
    const promoted = await entry("p-fed");
    expect(promoted).toEqual({ status: "promoted", promoted_board_id: report.board_id, promoted_at: T0 + 20_000 });
    const { rows } = await h.db.owner.query("SELECT * FROM catalog.threads WHERE board_id = $1", [report.board_id]);
    expect(rows[0]).toMatchObject({
      status: "queued",
      work_date: "2026-11-20",
      root_analyst_id: "desk-macro",
      root_topic: "Will the Fed cut rates in December?",
      root_question: "What would a cut mean for the dollar?",
      created_at: T0 + 20_000,
      updated_at: T0 + 20_000,
      max_cards: 6,
    });
  });

  it("logged one dry-run gate decision with top cosine, matches and thresholds (decided_at in seconds)", async () => {
    const [log, ...more] = await logFor("p-fed");
    expect(more).toEqual([]);
    const { rows } = await h.db.owner.query("SELECT promoted_board_id FROM catalog.topic_pool WHERE pool_id = 'p-fed'");
    expect(log).toMatchObject({
      decided_at: Math.floor((T0 + 20_000) / 1000),
      board_id: rows[0].promoted_board_id,
      candidate_topic: "Will the Fed cut rates in December?",
      candidate_question: "What would a cut mean for the dollar?",
      decision: "skip-summarize",
      top_match_kind: "thread",
      top_match_id: prior,
      top_match_age_days: 3,
      thresholds: { skip_summarize: 0.85, context_augmented: 0.5, top_k: 5 },
    });
    expect(log.top_cosine).toBeCloseTo(1, 3);
    expect(log.reason).toMatch(/^dry-run: top cosine 1 >= skip threshold 0.85/);
    // Every prior thread with a topic, best first; the thread without one is not compared.
    expect(log.matches).toHaveLength(2);
    expect(log.matches[0]).toEqual({
      score: 1,
      kind: "thread",
      id: prior,
      age_days: 3,
      topic: "Will the Fed cut rates in December?",
    });
    expect(log.matches[1].score).toBeLessThan(0.2);
  });

  it("runs a slot once", async () => {
    expect(await h.governor({ replicaId: "other" }).kickoff(T0)).toEqual({ slot_at: T0, outcome: "duplicate-slot" });
    expect((await h.db.owner.query("SELECT count(*)::int AS n FROM catalog.similarity_log")).rows[0].n).toBe(1);
  });

  it("next hour takes the next candidate: overlap gives context-augmented (now also with the thread just launched)", async () => {
    h.clock.set(T0 + HOUR + 5_000);
    const report = await h.governor().kickoff(T0 + HOUR);
    expect(report).toMatchObject({
      outcome: "promoted",
      pool_id: "p-fed-odds",
      gate: { decision: "context-augmented" },
    });
    const [log] = await logFor("p-fed-odds");
    expect(log.top_cosine).toBeGreaterThanOrEqual(0.5);
    expect(log.top_cosine).toBeLessThan(0.85);
    expect(log.matches.map((m: { age_days: number }) => m.age_days)).toContain(0.04); // the thread launched an hour ago
  });

  it("breaks a score tie by age, and logs fresh when nothing is near", async () => {
    h.clock.set(T0 + 2 * HOUR);
    const report = await h.governor().kickoff(T0 + 2 * HOUR);
    expect(report).toMatchObject({ pool_id: "p-tie-early", gate: { decision: "fresh" } });
    const [log] = await logFor("p-tie-early");
    expect(log.decision).toBe("fresh");
    expect(log.reason).toMatch(/< augment threshold 0.5/);
  });

  it("records no-candidate when the pool is drained", async () => {
    h.clock.set(T0 + 3 * HOUR);
    expect((await h.governor().kickoff(T0 + 3 * HOUR)).pool_id).toBe("p-tie-late");
    h.clock.set(T0 + 4 * HOUR);
    expect(await h.governor().kickoff(T0 + 4 * HOUR)).toMatchObject({ outcome: "no-candidate", expired: [] });
    expect(await entry("p-rejected")).toMatchObject({ status: "rejected" });
    const { rows } = await h.db.owner.query(
      "SELECT outcome FROM governor.decisions WHERE kind = 'kickoff' ORDER BY slot_at",
    );
    expect(rows.map((r) => r.outcome)).toEqual(["promoted", "promoted", "promoted", "promoted", "no-candidate"]);
  });
});
