/**
 * The fleet-health snapshot the service writes itself (spec §4.1 rule 5): daily at 16:00 UTC on the governor's clock,
 * once however many governors run, and on demand with an audit row; built from the governor's last 24 hours and
 * ending with the fleet as read then. A relay that cannot be read gives a snapshot that says so, never an error.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createInProcessBus } from "../../lib/bus/in-process-bus.js";
import { startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { addCards, addChainFacts, MIN, resetGovernorState } from "../../test/fixtures/governor.js";
import { createHttpRelayClient } from "../relay/http-relay-client.js";
import { setEnabled } from "../settings-store.js";
import { listSnapshots } from "./snapshot-store.js";
import { writeFleetHealthSnapshot } from "./write-snapshot.js";

const DAY = 24 * 60 * MIN;
/** 16:00 UTC on 2026-11-20: 00:00 on the 21st in Singapore. */
const EVENING = Date.parse("2026-11-20T16:00:00Z");

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sim: { fleet: { nodes: 3, slotsPerNode: 1000, queueCap: 20, reportedFree: 6 } } });
  await addChainFacts(h.db.owner, 300);
  await addCards(h.db.owner, 30, { report: "Trim duration." });
});
afterAll(() => h?.close());
beforeEach(async () => {
  await resetGovernorState(h.db.owner);
  await h.db.owner.query("TRUNCATE reports.fleet_health, audit.events");
  h.sim.reset();
  h.sim.setFleet({ nodes: 3, reportedFree: 6 });
});

const body = async (objectKey: string) =>
  (await h.db.owner.query("SELECT body FROM objects.blobs WHERE key = $1", [objectKey])).rows[0]?.body as string;
const snapshotDecisions = async () =>
  (
    await h.db.owner.query(
      "SELECT slot_at, outcome, claimed_by, inputs FROM governor.decisions WHERE kind = 'fleet-health' ORDER BY slot_at",
    )
  ).rows;

describe("the daily fleet-health snapshot", () => {
  it("is written when the governor's clock reaches 16:00 UTC, from the day's ticks, ending with the fleet now", async () => {
    h.clock.set(EVENING - 12 * MIN + 5_000);
    const g = h.governor({ cron: true, replicaId: "gov-a" });
    await g.start();
    try {
      const decided = async () =>
        (await h.db.owner.query("SELECT count(*)::int AS n FROM governor.decisions WHERE decided_at IS NOT NULL"))
          .rows[0].n;
      await expect.poll(decided).toBe(1); // 15:45, run at start
      for (const minute of [10, 5]) {
        h.clock.set(EVENING - minute * MIN + 5_000);
        await expect.poll(decided).toBe(minute === 10 ? 2 : 3);
      }
      expect(await listSnapshots(h.db.owner, 5)).toEqual([]); // not before midnight in Singapore
      h.clock.set(EVENING + 700);
      await expect.poll(async () => (await listSnapshots(h.db.owner, 5)).length).toBe(1);
    } finally {
      await g.stop();
    }
    const [snapshot] = await listSnapshots(h.db.owner, 5);
    expect(snapshot).toMatchObject({
      generatedAt: EVENING + 700,
      objectKey: `reports/fleet-health/${snapshot!.snapshotId}.md`,
    });
    expect(snapshot!.snapshotId).toMatch(/^fh_20261120T160000700Z_[0-9a-f]{8}$/);
    expect(await snapshotDecisions()).toEqual([
      {
        slot_at: EVENING,
        outcome: "written",
        claimed_by: "gov-a",
        inputs: {
          snapshot_id: snapshot!.snapshotId,
          object_key: snapshot!.objectKey,
          bytes: snapshot!.bytes,
          relay: "read",
        },
      },
    ]);
    const md = await body(snapshot!.objectKey);
    expect(Buffer.byteLength(md)).toBe(snapshot!.bytes);
    const lines = md.split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "# Fleet health — 2026-11-21 00:00 SGT",
      "",
      "Generated at 2026-11-20T16:00:00.700Z by the governor's daily schedule (00:00 Asia/Singapore), from what the " +
        "governor recorded between 2026-11-19 16:00 and 2026-11-20 16:00 UTC; it ends with the fleet as read at that moment.",
    ]);
    // The ticks of 15:45, 15:50 and 15:55 ran before it, each submitting 4 + 1 (the 16:00 tick runs beside it).
    for (const at of ["15:45", "15:50", "15:55"])
      expect(md).toContain(`| ${at} | done | 3 | 6 | 0 / 20 | 5 | no | 4 | 1 | 0 |`);
    expect(lines.slice(lines.indexOf("## The fleet now"))).toEqual([
      "## The fleet now",
      "",
      "Read at 2026-11-20T16:00:00.700Z: 3 nodes, 6 free slots, queue 0 of 20.",
      "",
      "| Node | Slots |",
      "| --- | --- |",
      "| node-1 | 1000 |",
      "| node-2 | 1000 |",
      "| node-3 | 1000 |",
      "",
    ]);
  });

  it("is written once when two governors' schedules fire, each on its own bus", async () => {
    h.clock.set(EVENING + DAY - 30_000);
    const a = h.governor({ cron: true, replicaId: "gov-a", bus: createInProcessBus({ now: h.clock.now }) });
    const b = h.governor({ cron: true, replicaId: "gov-b", bus: createInProcessBus({ now: h.clock.now }) });
    await Promise.all([a.start(), b.start()]);
    try {
      h.clock.set(EVENING + DAY + 100);
      await expect.poll(snapshotDecisions).toHaveLength(1);
      // Both handled the slot: one wrote, the other found it claimed. Asked again, both find it claimed.
      const again = await Promise.all([a.fleetHealth(EVENING + DAY), b.fleetHealth(EVENING + DAY)]);
      expect(again.map((r) => r.outcome)).toEqual(["duplicate-slot", "duplicate-slot"]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(await listSnapshots(h.db.owner, 5)).toHaveLength(1);
    expect((await snapshotDecisions()).map((d) => [d.slot_at, d.outcome])).toEqual([[EVENING + DAY, "written"]]);
  });

  it("is written once when two governors run the slot at the same moment", async () => {
    h.clock.set(EVENING + 2 * DAY + 100);
    const reports = await Promise.all(
      ["gov-a", "gov-b", "gov-c"].map((replicaId) => h.governor({ replicaId }).fleetHealth(EVENING + 2 * DAY)),
    );
    expect(reports.map((r) => r.outcome).sort()).toEqual(["duplicate-slot", "duplicate-slot", "written"]);
    expect(await listSnapshots(h.db.owner, 5)).toHaveLength(1);
  });
});

describe("what a snapshot says", () => {
  it("sums up the day: ticks, the fleet, the reserve, submissions against the ceilings, relay errors", async () => {
    const g = h.governor({ replicaId: "gov-a" });
    const tickAt = async (minutesBefore: number) => {
      h.clock.set(EVENING - minutesBefore * MIN + 1_000);
      expect((await g.tick(EVENING - minutesBefore * MIN)).outcome).toBe("done");
    };
    await tickAt(30);
    h.sim.failNext(1, 502, "/v1/fleet");
    await tickAt(25);
    h.sim.setFleet({ reportedFree: 1 });
    await tickAt(20);
    h.sim.setFleet({ reportedFree: 6 });
    await setEnabled(h.db.owner, false, { actor: "operator:test", at: h.clock.now() });
    await tickAt(15);
    await setEnabled(h.db.owner, true, { actor: "operator:test", at: h.clock.now() });
    h.clock.set(EVENING + 700);
    const report = await g.fleetHealth(EVENING);
    expect(report).toMatchObject({ slot_at: EVENING, outcome: "written", relay: "read" });
    const [snapshot] = await listSnapshots(h.db.owner, 1);
    const md = await body(snapshot!.objectKey);
    const section = (title: string) => md.split(`## ${title}\n\n`)[1]!.split("\n\n## ")[0]!;
    expect(section("Summary").split("\n")).toEqual([
      "- Ticks: 4 recorded of 288 slots (4 done, 0 failed, 0 abandoned by a governor that died, 0 running).",
      "- Fleet: read at 3 ticks, unreadable at 1; nodes 3, free slots 1 to 6.",
      "- Reserve: bound at 1 tick; headroom control off (kill switch) at 1 tick.",
      "- Submissions: 10 (chain_tag 8, logic_extract 2); at most 5 in one tick (ceiling 5), 10 in the busiest hour (ceiling 60).",
      "- Timeouts: 0 tasks closed by the sweep.",
      "- Callbacks: 0 received, 0 applied, 0 duplicate, 0 refused for a bad signature; 0 waiting now.",
      "- Relay errors: 1 fleet read failed, 0 submission attempts without an answer, 0 refused.",
      "- The fleet now: 3 nodes, 6 free slots.",
    ]);
    expect(md).toContain(
      [
        "| 15:30 | done | 3 | 6 | 0 / 20 | 5 | no | 4 | 1 | 0 |",
        "| 15:35 | done, fleet unreadable | — | — | — | 0 (fleet-unavailable) | no | 0 | 0 | 0 |",
        "| 15:40 | done | 3 | 1 | 0 / 20 | 0 | yes | 0 | 0 | 0 |",
        "| 15:45 | done | 3 | 6 | 0 / 20 | off (kill switch) | no | 4 | 1 | 0 |",
      ].join("\n"),
    );
    expect(md).toContain(
      "| 2026-11-20 15:00 | 4 | 3 | 1 to 6 | 0 / 20 | 0 to 5 | 1 | 8 / 2 | 1 |\n| 2026-11-20 16:00 | 0 |",
    );
    expect(section("Headroom and the reserve").split("\n").slice(2)).toEqual([
      "| Headroom from | Ticks |",
      "| --- | --- |",
      "| free-slots | 2 |",
      "| fleet-unavailable | 1 |",
      "| kill switch (no reserve, no free-slot limit) | 1 |",
      "",
      "The reserve bound at 1 tick (UTC): 15:40.",
    ]);
    expect(section("Submissions against the ceilings").split("\n").slice(2)).toEqual([
      "| chain_tag | 4 | 4 | 8 | 8 | 0 | 0 | 0 | 0 | 0 | 8 |",
      "| logic_extract | 1 | 1 | 2 | 2 | 0 | 0 | 0 | 0 | 0 | 2 |",
      "| all | 5 | 5 | 10 | 10 | 0 | 0 | 0 | 0 | 0 | 10 |",
      "",
      "Busiest rolling hour: 10 submissions in the hour ending 2026-11-20 15:45 UTC (ceiling 60 an hour).",
    ]);
    expect(section("Relay errors")).toBe(
      [
        "Fleet reads: 1 of 4 failed.",
        "",
        "| Reason | Times | Last (UTC) |",
        "| --- | --- | --- |",
        "| fleet: HTTP 502 | 1 | 2026-11-20 15:35 |",
        "",
        "Submission attempts: 10, of which 0 got no answer and 0 were refused.",
      ].join("\n"),
    );
  });
});

describe("a snapshot on demand", () => {
  it("is written now, with one audit row naming who asked and from where", async () => {
    h.clock.set(EVENING + 3 * DAY + 5 * 60 * MIN);
    const written = await h.governor().writeFleetHealth({ actor: "console:alice", address: "127.0.0.1" });
    expect(written).toMatchObject({ generatedAt: h.clock.now(), relay: "read" });
    const md = await body(written.objectKey);
    expect(md.split("\n")[0]).toBe("# Fleet health — 2026-11-24 05:00 SGT");
    expect(md).toContain("on demand, at an operator's request");
    expect(md).not.toContain("alice"); // who asked is in the audit log, not in what every reader may read
    expect(md).toContain("No tick was recorded in these 24 hours: no governor ran, or none could reach the database.");
    const { rows } = await h.db.owner.query("SELECT at, actor, action, target, address, detail FROM audit.events");
    expect(rows).toEqual([
      {
        at: h.clock.now(),
        actor: "console:alice",
        action: "fleet-health.generate",
        target: written.snapshotId,
        address: "127.0.0.1",
        detail: { relay: "read", bytes: written.bytes },
      },
    ]);
  });

  it("says so when the relay cannot be read, and is written all the same", async () => {
    h.clock.set(EVENING + 3 * DAY + 6 * 60 * MIN);
    h.sim.failNext(1, 502, "/v1/fleet");
    const failed = await h.governor().writeFleetHealth({ actor: "operator:root" });
    expect(failed.relay).toBe("fleet: HTTP 502");
    expect((await body(failed.objectKey)).split("## The fleet now")[1]).toBe(
      `\n\nThe relay could not be read at ${new Date(h.clock.now()).toISOString()}: fleet: HTTP 502. ` +
        "This snapshot holds the governor's own records only.\n",
    );

    const nowhere = createHttpRelayClient({ baseUrl: "http://127.0.0.1:9", now: h.clock.now });
    const unreachable = await writeFleetHealthSnapshot(
      { db: h.db.owner, relay: nowhere, now: h.clock.now },
      { actor: "operator:root" },
    );
    expect(unreachable.relay).toMatch(/^fleet: unreachable/);

    const none = await writeFleetHealthSnapshot(
      { db: h.db.owner, relay: null, now: h.clock.now },
      { actor: "operator:root" },
    );
    expect(none.relay).toBe("no relay address is configured in this process (RELAY_URL)");
    expect(await body(none.objectKey)).toContain(
      "could not be read at 2026-11-23T22:00:00.000Z: no relay address is configured in this process (RELAY_URL).",
    );
    const { rows } = await h.db.owner.query("SELECT detail->>'relay' AS relay FROM audit.events ORDER BY event_id");
    expect(rows.map((r) => r.relay)).toEqual([failed.relay, unreachable.relay, none.relay]);
  });

  it("becomes the newest; a snapshot imported with a later time stays the latest until a newer one is written", async () => {
    h.clock.set(EVENING + 4 * DAY);
    const first = await h.governor().writeFleetHealth({ actor: "operator:root" });
    await h.db.owner.query(
      "INSERT INTO reports.fleet_health (snapshot_id, generated_at, object_key) VALUES ('fh_20261125', $1, 'reports/fleet-health/fh_20261125.md')",
      [EVENING + 4 * DAY + 60_000],
    );
    expect((await listSnapshots(h.db.owner, 1))[0]!.snapshotId).toBe("fh_20261125");
    h.clock.advance(30_000);
    await h.governor().writeFleetHealth({ actor: "operator:root" });
    expect((await listSnapshots(h.db.owner, 1))[0]!.snapshotId).toBe("fh_20261125");
    h.clock.advance(60_000);
    const newest = await h.governor().writeFleetHealth({ actor: "operator:root" });
    expect((await listSnapshots(h.db.owner, 5)).map((s) => s.snapshotId)).toEqual([
      newest.snapshotId,
      "fh_20261125",
      expect.stringMatching(/^fh_20261124T160030000Z_/),
      first.snapshotId,
    ]);
  });
});
