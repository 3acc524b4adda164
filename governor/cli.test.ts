/**
 * `npm run governor -- disable|enable|status|fleet-health`, run as a process against a database, as an operator
 * would.
 */
import { execFile } from "node:child_process";
import { userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { startRelaySimulator } from "../relay-simulator/simulator.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..");
let db: TestDatabase;
const governorWith = (env: Record<string, string>, ...args: string[]) =>
  run(path.join(root, "node_modules/.bin/tsx"), ["governor/cli.ts", ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: db.ownerUrl,
      DATABASE_READER_URL: db.readerUrl,
      GOVERNOR_ENABLED: "true",
      RELAY_URL: "",
      ...env,
    },
  });
const governor = (...args: string[]) => governorWith({}, ...args);

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "govcli");
});
afterAll(() => db?.drop());

describe("npm run governor", () => {
  it("flips the kill switch in the settings row and reports it", async () => {
    const off = await governor("disable", "--by", "alice");
    expect(off.stderr).toContain("governor disabled by alice: from the next tick no reserve, only the hard ceilings");
    expect(JSON.parse(off.stdout).pulse).toMatchObject({
      enabled: false,
      enabledByConfig: true,
      enabledBySetting: false,
      hourlyCeiling: 60,
    });
    const { rows } = await db.owner.query("SELECT name, value, updated_by FROM governor.settings");
    expect(rows).toEqual([{ name: "enabled", value: false, updated_by: "alice" }]);

    await governor("enable");
    const status = await governor("status");
    expect(JSON.parse(status.stdout).pulse).toMatchObject({ enabled: true, enabledBySetting: true });

    // Each flip is one audit row: who (the --by name, else operator:<unix user>), what, when; no address.
    const audit = await db.owner.query(
      "SELECT actor, action, target, address, detail, at FROM audit.events ORDER BY event_id",
    );
    expect(audit.rows.map(({ at: _at, ...row }) => row)).toEqual([
      {
        actor: "alice",
        action: "governor.disable",
        target: "kill switch",
        address: null,
        detail: { was_enabled: true },
      },
      {
        actor: `operator:${userInfo().username}`,
        action: "governor.enable",
        target: "kill switch",
        address: null,
        detail: { was_enabled: false },
      },
    ]);
    expect(audit.rows.every((r) => Math.abs(r.at - Date.now()) < 60_000)).toBe(true);
  });

  it("writes a fleet-health snapshot on demand, reading the relay at RELAY_URL, and audits it", async () => {
    const sim = await startRelaySimulator({ signingSecret: "cli-test-secret-0123456789" });
    try {
      const relayEnv = { RELAY_URL: sim.url, RELAY_SIGNING_SECRET: "cli-test-secret-0123456789" };
      const written = await governorWith(relayEnv, "fleet-health", "--by", "alice");
      const out = JSON.parse(written.stdout);
      expect(out).toMatchObject({ relay: "read", object_key: `reports/fleet-health/${out.snapshot_id}.md` });
      expect(written.stderr).toBe(
        `fleet-health snapshot ${out.snapshot_id} written by alice; GET /api/v1/reports/fleet-health/latest serves it\n`,
      );
      const { rows } = await db.owner.query(
        `SELECT f.snapshot_id, f.generated_at, b.body FROM reports.fleet_health f JOIN objects.blobs b ON b.key = f.object_key`,
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ snapshot_id: out.snapshot_id, generated_at: out.generated_at });
      expect(rows[0].body).toContain("on demand, at an operator's request");
      expect(rows[0].body).toContain("Read at ");
      expect(rows[0].body).toContain(": 3 nodes, 6 free slots, queue 0 of 20.");
    } finally {
      await sim.close();
    }

    // Without RELAY_URL the all-in-one's simulator is out of reach: the snapshot says so, and is written.
    const blind = JSON.parse((await governor("fleet-health")).stdout);
    expect(blind.relay).toBe(
      "RELAY_URL is unset: the relay simulator runs inside the service, out of this process's reach",
    );
    const audit = await db.owner.query(
      "SELECT actor, target, address, detail->>'relay' AS relay FROM audit.events WHERE action = 'fleet-health.generate' ORDER BY event_id",
    );
    expect(audit.rows).toEqual([
      { actor: "alice", target: expect.stringMatching(/^fh_/), address: null, relay: "read" },
      { actor: `operator:${userInfo().username}`, target: blind.snapshot_id, address: null, relay: blind.relay },
    ]);
  });

  it("prints its usage for anything else", async () => {
    await expect(governor("explode")).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("usage: governor disable|enable"),
    });
  });
});
