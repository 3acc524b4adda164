/** The governor process's internal listener: /healthz, /readyz (database and bus) and its decisions as metrics. */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../lib/config/config.js";
import { sample } from "../test/helpers/metrics-sample.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { build } from "./governor.js";
import { slotOf } from "../governor/schedule/slots.js";
import { addChainFacts } from "../test/fixtures/governor.js";

const env = {
  LOG_LEVEL: "silent",
  CALLBACK_URL: "http://127.0.0.1:9/relay/callback",
  RELAY_SIGNING_SECRET: "observability-secret-0123456789",
};
let db: TestDatabase;
let g: Awaited<ReturnType<typeof build>>;
let base: string;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "govobs");
  await addChainFacts(db.owner, 3);
  g = await build({ config: loadConfig(env), db, cron: false, embedding: false });
  const { metricsPort } = await g.listen("127.0.0.1", 0, 0);
  base = `http://127.0.0.1:${metricsPort}`;
});
afterAll(async () => {
  await g?.close();
  await db?.drop();
});

describe("app/governor.ts internal listener", () => {
  it("is live and ready when its database and bus answer", async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(await (await fetch(`${base}/readyz`)).json()).toEqual({
      status: "ready",
      checks: { database: "ok", bus: "ok" },
    });
  });

  it("exports each tick's headroom, reserve and submissions by drain", async () => {
    await g.governor.tick(slotOf("tick", Date.now()));
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, "governor_ticks_total", { outcome: "done" })).toBe(1);
    expect(sample(text, "governor_headroom", {})).toBe(5);
    expect(sample(text, "governor_reserve", {})).toBe(1);
    expect(sample(text, "governor_submissions_total", { drain: "chain_tag", outcome: "accepted" })).toBe(3);
    expect(sample(text, "db_pool_connections", { pool: "owner", state: "total" })).toBeGreaterThanOrEqual(1);
  });
});
