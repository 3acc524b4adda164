/**
 * The gateway's short memory of report validators: 304s without asking the service, staleness bounded by the TTL,
 * and never past a change of the reports data the read cache heard (a withdrawal, a new draft).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addReport, EDITOR, etagOf, sgt } from "../../test/fixtures/reports.js";
import { readCacheLive, startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { createValidatorCache } from "./validator-cache.js";

describe("createValidatorCache", () => {
  const fixed = () => 7;

  it("keeps an entry for its TTL, then forgets it; a TTL of 0 keeps nothing", () => {
    let t = 0;
    const cache = createValidatorCache({ ttlMs: 100, now: () => t, stamp: fixed });
    cache.set("k", { sha256: "a", lastModified: 1 }, cache.begin());
    t = 99;
    expect(cache.get("k")).toMatchObject({ sha256: "a", lastModified: 1 });
    t = 100;
    expect(cache.get("k")).toBeUndefined();
    const off = createValidatorCache({ ttlMs: 0, now: () => t, stamp: fixed });
    off.set("k", { sha256: "a", lastModified: 1 }, off.begin());
    expect(off.get("k")).toBeUndefined();
  });

  it("holds at most maxEntries, dropping the least recently refreshed", () => {
    const cache = createValidatorCache({ ttlMs: 1000, maxEntries: 2, now: () => 0, stamp: fixed });
    for (const k of ["a", "b", "a", "c"]) cache.set(k, { sha256: k, lastModified: 0 }, 7);
    expect([cache.get("a")?.sha256, cache.get("b"), cache.get("c")?.sha256]).toEqual(["a", undefined, "c"]);
  });

  it("trusts an entry only while the stamp it was read under holds, and keeps nothing without one", () => {
    let stamp: number | undefined = 1;
    const cache = createValidatorCache({ ttlMs: 1000, now: () => 0, stamp: () => stamp });
    const before = cache.begin();
    stamp = 2; // a change heard while the report was read: its validators may already be old
    cache.set("k", { sha256: "a", lastModified: 0 }, before);
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", { sha256: "a", lastModified: 0 }, cache.begin());
    expect(cache.get("k")?.sha256).toBe("a");
    stamp = undefined; // not listening: nothing is trusted
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", { sha256: "a", lastModified: 0 }, cache.begin());
    stamp = 2;
    expect(cache.get("k")).toBeUndefined();
  });
});

const draft = (id: string, at: string) => ({
  id,
  kind: "daily" as const,
  analyst: EDITOR,
  date: "2026-04-01",
  lang: "en" as const,
  archivedAt: sgt(at),
  body: `# ${id}`,
});

describe("conditional GETs of a report through the gateway", () => {
  // The gateway's clock: the TTL runs out when the test says so, not after a sleep.
  let clock = Date.now();
  let fast: TestGateway;
  let off: TestGateway;
  const keys: string[] = [];
  beforeAll(async () => {
    [fast, off] = await Promise.all([
      startTestGateway({ env: { REPORT_VALIDATOR_CACHE_MS: "1500" }, now: () => clock }),
      startTestGateway({ env: { REPORT_VALIDATOR_CACHE_MS: "0" } }),
    ]);
    keys.push(await fast.key(["reports:read"]), await off.key(["reports:read"]));
    await readCacheLive(fast.app);
  });
  afterAll(async () => {
    await Promise.all([fast?.close(), off?.close()]);
  });

  const get = (gw: TestGateway, key: string, headers: Record<string, string> = {}) =>
    gw.app.inject({ url: "/api/v1/reports/daily/2026-04-01", headers: { "x-api-key": key, ...headers } });

  it("answers unconditional GETs with the newest draft at once, and 304s never outlive a change heard", async () => {
    const [key] = keys;
    await addReport(fast.db.owner, draft("first", "2026-04-01T09:00"));
    await fast.app.readCache!.settle();
    expect((await get(fast, key!)).body).toBe("# first");
    expect((await get(fast, key!, { "if-none-match": etagOf("# first") })).statusCode).toBe(304);
    await addReport(fast.db.owner, draft("second", "2026-04-01T17:00"));
    await fast.app.readCache!.settle();
    // The change was heard: the previous draft is not confirmed from memory, the service answers the new one.
    const heard = await get(fast, key!, { "if-none-match": etagOf("# first") });
    expect([heard.statusCode, heard.body]).toEqual([200, "# second"]);
    expect((await get(fast, key!)).body).toBe("# second");
    // The plain GET refreshed the validators: the previous draft is no longer confirmed.
    const fresh = await get(fast, key!, { "if-none-match": etagOf("# first") });
    expect([fresh.statusCode, fresh.body, fresh.headers.etag]).toEqual([200, "# second", etagOf("# second")]);
    expect((await get(fast, key!, { "if-none-match": etagOf("# second") })).statusCode).toBe(304);
  });

  it("after the TTL, or with the cache off, a newer draft is never confirmed as the old one", async () => {
    const [fastKey, offKey] = keys;
    await addReport(fast.db.owner, draft("third", "2026-04-01T18:00"));
    clock += 1_600;
    const expired = await get(fast, fastKey!, { "if-none-match": etagOf("# second") });
    expect([expired.statusCode, expired.body]).toEqual([200, "# third"]);

    await addReport(off.db.owner, draft("first", "2026-04-01T09:00"));
    expect((await get(off, offKey!)).body).toBe("# first");
    await addReport(off.db.owner, draft("second", "2026-04-01T17:00"));
    const res = await get(off, offKey!, { "if-none-match": etagOf("# first") });
    expect([res.statusCode, res.body]).toEqual([200, "# second"]);
  });
});
