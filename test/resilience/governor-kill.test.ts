/**
 * Three governor processes (app/governor.ts's build) on real NATS JetStream and PostgreSQL against the relay
 * simulator, on a clock sixty times faster than the machine's, so a five-minute tick comes every five seconds. One of
 * them is killed with SIGKILL 10 ms after its tick's first submission. Whatever the kill leaves: no tick goes past
 * chain_tag 4, logic_extract 1, 5 in all, nor 60 in any rolling hour; the relay never holds two tasks for one of ours
 * nor two open tasks for one subject; every slot was run once; and the killed tick's claim is closed as abandoned by
 * the next tick of a survivor, so nothing stays 'running'.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CEILINGS } from "../../lib/relay/ceilings.js";
import { connectNatsBus } from "../../lib/bus/nats-bus.js";
import { startRelaySimulator, type RelaySimulator } from "../../relay-simulator/simulator.js";
import { fastClock, type FastClock } from "../helpers/fast-clock.js";
import { startTestNats } from "../helpers/nats-server.js";
import { spawnReady, type Spawned } from "../helpers/spawned.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";
import { addCards, addChainFacts, MIN } from "../fixtures/governor.js";

const nats = await startTestNats();
const SECRET = "governor-kill-secret-0123456789";
const SPEED = 60;
const TICK = 5 * MIN;
const HOUR = 60 * MIN;

describe.skipIf(nats.url === null)("governors killed mid-tick", () => {
  const namespace = `t${randomBytes(4).toString("hex")}`;
  let db: TestDatabase;
  let sim: RelaySimulator;
  let clock: FastClock;
  const governors: Spawned[] = [];

  beforeAll(async () => {
    db = await createTestDatabase(inject("adminUrl"), "govkill");
    await addChainFacts(db.owner, 400, { prefix: "k" });
    await addCards(db.owner, 60, { prefix: "kc", report: "Trim duration. Watch the auction." });
    // Each submission takes 40 ms, so a tick of five lasts long enough to be killed in the middle.
    sim = await startRelaySimulator({
      signingSecret: SECRET,
      fleet: { nodes: 10, slotsPerNode: 1000, queueCap: 10_000, reportedFree: 50 },
      behaviour: { latencyMs: 40, latencyPath: "/v1/tasks" },
    });
    // The first slot boundary comes 90 clock-seconds (1.5 s) after the processes are up.
    clock = fastClock(Date.parse("2026-11-20T08:00:00Z") - 90_000 - 40 * 60_000, SPEED);
    const env = {
      FAST_CLOCK: clock.env,
      DATABASE_URL: db.ownerUrl,
      DATABASE_READER_URL: db.readerUrl,
      NATS_URL: nats.url!,
      NATS_NAMESPACE: namespace,
      RELAY_URL: sim.url,
      RELAY_SIGNING_SECRET: SECRET,
      CALLBACK_URL: "http://127.0.0.1:9/relay/callback",
      LOG_LEVEL: "warn",
    };
    governors.push(
      ...(await Promise.all(
        [1, 2, 3].map(() => spawnReady("test/helpers/governor-process.ts", env, { ready: /^ready$/m })),
      )),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(governors.map((g) => g.kill("SIGTERM")));
    const bus = await connectNatsBus({ servers: nats.url!, namespace }).catch(() => null);
    await bus?.removeStream().catch(() => {});
    await bus?.close();
    await sim?.close();
    await db?.drop();
    await nats.stop();
  });

  const rows = async <T = any>(sql: string, values: unknown[] = []) => (await db.owner.query(sql, values)).rows as T[];

  it("hold every ceiling, submit nothing twice, and close the killed tick's claim", async () => {
    // Wait for the second tick after the start, and kill its governor 10 ms after its first submission.
    const target = Math.ceil(clock.now() / TICK) * TICK + TICK;
    let victim: { claimed_by: string } | undefined;
    const deadline = Date.now() + 60_000;
    while (!victim && Date.now() < deadline) {
      [victim] = await rows<{ claimed_by: string }>(
        `SELECT d.claimed_by FROM governor.decisions d
         WHERE d.kind = 'tick' AND d.slot_at = $1 AND d.outcome = 'running'
           AND EXISTS (SELECT 1 FROM governor.tasks t WHERE t.slot_at = d.slot_at)`,
        [target],
      );
      if (!victim) await new Promise((r) => setTimeout(r, 2));
    }
    expect(victim, "the target tick submitted nothing in time").toBeDefined();
    const pid = Number(victim!.claimed_by.split(":").at(-1));
    const killed = governors.find((g) => g.pid === pid)!;
    expect(killed).toBeDefined();
    await new Promise((r) => setTimeout(r, 10));
    await killed.kill("SIGKILL");

    // Three more ticks run on the survivors.
    const last = target + 3 * TICK;
    await new Promise((r) => setTimeout(r, clock.realMsUntil(last + 30_000)));
    await expect
      .poll(
        async () =>
          (await rows("SELECT outcome FROM governor.decisions WHERE kind = 'tick' AND slot_at = $1", [last]))[0],
        { timeout: 30_000 },
      )
      .toEqual({ outcome: "done" });

    const ticks = await rows<{ slot_at: number; outcome: string; claimed_by: string; inputs: any }>(
      "SELECT slot_at, outcome, claimed_by, inputs FROM governor.decisions WHERE kind = 'tick' ORDER BY slot_at",
    );
    const context = JSON.stringify(ticks.map((t) => [t.slot_at, t.outcome, t.claimed_by]));
    // Every slot from the first to the last ran once (the unique claim), and none is left running.
    const slots = ticks.map((t) => t.slot_at);
    expect(new Set(slots).size, context).toBe(slots.length);
    for (let i = 1; i < slots.length; i++) expect(slots[i]! - slots[i - 1]!, context).toBe(TICK);
    expect(
      ticks.filter((t) => t.outcome === "running"),
      context,
    ).toEqual([]);
    // The killed tick is abandoned, noticed by the next tick of a survivor.
    const dead = ticks.find((t) => t.slot_at === target)!;
    expect(dead.outcome, context).toBe("abandoned");
    expect(dead.claimed_by).toBe(victim!.claimed_by);
    const noticedBy = dead.inputs.abandoned.noticed_by;
    expect(noticedBy).not.toBe(victim!.claimed_by);
    expect(ticks.find((t) => t.slot_at === target + TICK)!.claimed_by).toBe(noticedBy);
    expect(
      ticks.filter((t) => t.slot_at !== target).every((t) => t.outcome === "done"),
      context,
    ).toBe(true);

    // The ceilings held, per tick and per rolling hour, whatever became of the tasks.
    const perTick = await rows<{ slot_at: number; kind: string; n: number }>(
      "SELECT slot_at, kind, count(*)::int AS n FROM governor.tasks GROUP BY slot_at, kind",
    );
    for (const r of perTick) expect(r.n).toBeLessThanOrEqual(CEILINGS.perTick[r.kind as "chain_tag"]);
    const totals = new Map<number, number>();
    for (const r of perTick) totals.set(r.slot_at, (totals.get(r.slot_at) ?? 0) + r.n);
    expect(Math.max(...totals.values())).toBeLessThanOrEqual(CEILINGS.perTickTotal);
    const submitted = (await rows<{ s: number }>("SELECT submitted_at AS s FROM governor.tasks")).map((r) => r.s);
    for (const t of submitted)
      expect(submitted.filter((s) => s >= t - HOUR && s <= t).length).toBeLessThanOrEqual(CEILINGS.perHour);
    // The killed tick got at least its first task out; the ticks after it went on submitting.
    expect(totals.get(target)).toBeGreaterThanOrEqual(1);
    expect(totals.get(target + TICK)).toBe(5);

    // The relay holds one task per task of ours, each one we recorded, and never two open ones for a subject.
    const refs = sim.tasks.map((t) => t.clientRef);
    expect(new Set(refs).size).toBe(refs.length);
    const ours = await rows<{
      task_id: string;
      kind: string;
      subject_id: string;
      submitted_at: number;
      closed_at: number | null;
    }>("SELECT task_id, kind, subject_id, submitted_at, closed_at FROM governor.tasks ORDER BY submitted_at");
    const known = new Set(ours.map((t) => t.task_id));
    expect(refs.every((ref) => known.has(ref))).toBe(true);
    const lastOpen = new Map<string, number | null>();
    for (const t of ours) {
      const key = `${t.kind}:${t.subject_id}`;
      if (lastOpen.has(key)) {
        const closedAt = lastOpen.get(key);
        expect(closedAt, `${key} submitted again while open`).not.toBeNull();
        expect(t.submitted_at).toBeGreaterThanOrEqual(closedAt!);
      }
      lastOpen.set(key, t.closed_at);
    }
    expect(killed.exited).toBe(true);
  }, 180_000);
});
