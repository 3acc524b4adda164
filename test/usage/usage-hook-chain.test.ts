/**
 * Counting usage leaves the rest of the request's end as it was: every hook after it still runs, so the request log
 * keeps its one line per answered request, refused and unmatched requests included.
 */
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { buildAllInOne } from "../../app/all-in-one.js";
import { loadConfig } from "../../lib/config/config.js";
import { loggerOptions } from "../../lib/observability/logger.js";
import { createUsageRecorder } from "../../lib/usage/usage-recorder.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

let db: TestDatabase;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "usage_chain");
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const config = loadConfig({ LOG_LEVEL: "info", INDEX_DIR: "off" });
  app = await buildAllInOne({
    config,
    db,
    usage: () => createUsageRecorder({ pool: db.owner, flushMs: 0 }),
    logger: loggerOptions({ level: "info", name: "gateway", relayName: config.relay.name, stream }),
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

it("logs one line per answered request with usage counted", async () => {
  const statuses = [];
  for (const url of ["/api/v1/meta", "/api/v1/analysts", "/nowhere", "/api/contract"])
    statuses.push((await app.inject({ url })).statusCode);
  expect(statuses).toEqual([200, 401, 401, 200]);
  const completed = lines.filter((l) => l.includes('"msg":"request completed"'));
  expect(completed.map((l) => JSON.parse(l).res.statusCode)).toEqual([200, 401, 401, 200]);
  const { rows } = await db.owner.query("SELECT count(*)::int AS n FROM usage.requests");
  expect(rows[0].n).toBe(0); // counted in memory, not yet flushed
});
