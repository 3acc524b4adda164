/**
 * GET /api/v1/reports/fleet-health/latest serves the snapshot the governor wrote, the newest at every read:
 * Cache-Control: no-store, no validators, and the gateway's read cache never keeps it (rule 5).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCacheLive, startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { writeFleetHealthSnapshot } from "./write-snapshot.js";

const AT = Date.parse("2026-11-20T16:00:00Z");
let now = AT;
let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ now: () => now });
  key = await gw.key(["reports:read"]);
  await readCacheLive(gw.app);
});
afterAll(() => gw?.close());

const latest = () => gw.app.inject({ url: "/api/v1/reports/fleet-health/latest", headers: { "x-api-key": key } });
const write = () =>
  writeFleetHealthSnapshot({ db: gw.db.owner, relay: null, now: () => now }, { actor: "operator:test" });
const bodyOf = async (objectKey: string) =>
  (await gw.db.owner.query("SELECT body FROM objects.blobs WHERE key = $1", [objectKey])).rows[0].body as string;

describe("the latest fleet-health snapshot over REST", () => {
  it("is the one the governor wrote last, never a kept copy", async () => {
    expect((await latest()).statusCode).toBe(404);

    const first = await write();
    for (let i = 0; i < 3; i++) {
      const res = await latest();
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(await bodyOf(first.objectKey));
      expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers["last-modified"]).toBeUndefined();
    }
    expect(gw.app.readCache!.store.stats().entries).toBe(0);

    now += 60_000;
    const second = await write();
    const res = await latest();
    expect(res.body).toBe(await bodyOf(second.objectKey));
    expect(res.body).toContain(`# Fleet health — 2026-11-21 00:01 SGT`);
  });
});
