/** A caller over its rate limit is counted as refused for that reason, apart from failed authentications. */
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { mintKey } from "../../gateway/auth/key-admin.js";
import { createUsageRecorder } from "../../lib/usage/usage-recorder.js";
import { refusalsByReason, usageByCredential } from "../../lib/usage/usage-reads.js";
import { startLimitedGateway, type LimitedGateway } from "../helpers/limited-gateway.js";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.js";

const NOW = Date.parse("2026-03-05T02:00:00Z");
let db: TestDatabase;
let gw: LimitedGateway;
const app = () => gw.app;
beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "usage_rate");
});
afterAll(async () => {
  await gw?.close();
  await db?.drop();
});

it("counts 429s of the rate limit by reason, against the credential that sent them", async () => {
  const recorder = createUsageRecorder({ pool: db.owner, flushMs: 0 });
  gw = await startLimitedGateway(db, {
    env: { RATE_LIMIT_PER_MINUTE: "1", RATE_LIMIT_BURST: "2" },
    now: () => NOW,
    usage: recorder,
  });
  const { keyId, key } = await mintKey(db.owner, { name: "busy", scopes: ["analysts:read"] });
  const statuses = [];
  for (let i = 0; i < 4; i++)
    statuses.push((await app().inject({ url: "/api/v1/analysts", headers: { "x-api-key": key } })).statusCode);
  expect(statuses).toEqual([200, 200, 429, 429]);
  await recorder.flush();
  expect(await refusalsByReason(db.owner, { days: 1 })).toEqual([
    { reason: "429 rate_limit", requests: 2, lastAt: expect.any(Number) },
  ]);
  const [day] = await usageByCredential(db.owner, { days: 1 });
  expect([day!.credential, day!.requests, day!.refused]).toEqual([`key:${keyId}`, 4, 2]);
});
