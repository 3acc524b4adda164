/**
 * Withdrawing and reinstating reports and shared-data documents through the gateway (docs/lifecycle.md): the item's
 * own route answers 404 "withdrawn" (a conditional GET with its old ETag too, never 304), lists and counts drop it,
 * /latest falls back, the feeds carry a tombstone, resources/list drops it; reinstating brings everything back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../lib/db/transaction.js";
import { reinstate, withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { DAILY, fillReportsDataset, TODAY_NOW, WEEKLY } from "../fixtures/reports-dataset.js";
import { etagOf } from "../fixtures/reports.js";
import { readCacheLive, startTestGateway, type TestGateway } from "../helpers/gateway.js";

let gw: TestGateway;
let key: string;
let viewer: string;
const BASE = "http://127.0.0.1:8080";
const WITHDRAWN_AT = Date.parse("2026-03-05T02:00:00Z");
const actor = { by: "operator:test", at: WITHDRAWN_AT };

beforeAll(async () => {
  gw = await startTestGateway({ now: () => TODAY_NOW, fill: (db) => fillReportsDataset(db.owner) });
  [key, viewer] = await Promise.all([gw.key(["reports:read"]), gw.key(["viewer:read"])]);
  await readCacheLive(gw.app);
}, 120_000);
afterAll(async () => gw?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url, headers: { "x-api-key": key, ...headers } });

async function rpc(method: string, params: unknown) {
  const res = await gw.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", "x-api-key": viewer },
    payload: { jsonrpc: "2.0", id: 1, method, params },
  });
  return res.json() as any;
}

async function resourceUris(): Promise<string[]> {
  const uris: string[] = [];
  let cursor: string | undefined;
  do {
    const { result } = await rpc("resources/list", cursor ? { cursor } : {});
    uris.push(...result.resources.map((r: { uri: string }) => r.uri));
    cursor = result.nextCursor;
  } while (cursor);
  return uris;
}

/** Applies an operation as the command line does: in one transaction, then waits until the read cache heard it. */
async function apply(op: "withdraw" | "reinstate", kind: string, args: string[]) {
  const k = withdrawalKind(kind);
  const id = k.itemId(args);
  const outcome = await inTransaction(gw.db.owner, (client) =>
    op === "withdraw" ? withdraw(client, k, id, "wrong figure", actor) : reinstate(client, k, id, actor),
  );
  await gw.app.readCache?.settle();
  return outcome;
}

describe("a daily report withdrawn by its work date", () => {
  it("is served before, with an ETag, in the feed, /latest and the resource list", async () => {
    const res = await get("/api/v1/reports/daily/2026-03-03");
    // English first, then the latest archive: the final English draft.
    expect([res.statusCode, res.headers.etag]).toEqual([200, etagOf(DAILY.mar03EnFinal.body)]);
    expect((await get("/api/v1/latest")).json().daily).toEqual({
      work_date: "2026-03-03",
      report_url: "/api/v1/reports/daily/2026-03-03",
    });
    expect(await resourceUris()).toContain("institute://reports/daily/2026-03-03");
    expect(
      (await get("/api/v1/reports/daily/2026-03-03", { "if-none-match": etagOf(DAILY.mar03EnFinal.body) })).statusCode,
    ).toBe(304);
  });

  it("leaves every surface at once: 404 withdrawn (never 304), /latest falls back, feeds carry a tombstone", async () => {
    const outcome = await apply("withdraw", "daily", ["2026-03-03"]);
    expect(outcome).toMatchObject({ changed: true, state: { kind: "daily", itemId: "2026-03-03" } });
    const gone = { error: "the daily report for 2026-03-03 was withdrawn" };
    for (const url of ["/api/v1/reports/daily/2026-03-03", "/api/v1/reports/daily/2026-03-03?lang=zh"]) {
      const res = await get(url);
      expect([res.statusCode, res.json()]).toEqual([404, gone]);
    }
    const conditional = await get("/api/v1/reports/daily/2026-03-03", {
      "if-none-match": etagOf(DAILY.mar03EnFinal.body),
    });
    expect([conditional.statusCode, conditional.json()]).toEqual([404, gone]);
    expect((await get("/api/v1/latest")).json().daily).toEqual({
      work_date: "2026-03-02",
      report_url: "/api/v1/reports/daily/2026-03-02",
    });

    const atom = (await get("/api/v1/feeds/daily/feed.atom")).body;
    expect(atom).not.toContain("/api/v1/reports/daily/2026-03-03</id>");
    expect(atom).toContain(
      `<at:deleted-entry ref="${BASE}/api/v1/reports/daily/2026-03-03" when="2026-03-05T02:00:00.000Z">`,
    );
    const json = JSON.parse((await get("/api/v1/feeds/daily/feed.json")).body);
    expect(json.items.map((i: { id: string }) => i.id)).toEqual([`${BASE}/api/v1/reports/daily/2026-03-02`]);
    expect(json._institute).toEqual({
      deleted_items: [{ id: `${BASE}/api/v1/reports/daily/2026-03-03`, date_deleted: "2026-03-05T02:00:00.000Z" }],
    });
    const zh = JSON.parse((await get("/api/v1/feeds/daily/feed.json?lang=zh")).body);
    expect(zh._institute.deleted_items.map((d: { id: string }) => d.id)).toEqual([
      `${BASE}/api/v1/reports/daily/2026-03-03?lang=zh`,
    ]);

    const uris = await resourceUris();
    expect(uris).not.toContain("institute://reports/daily/2026-03-03");
    const read = await rpc("resources/read", { uri: "institute://reports/daily/2026-03-03" });
    expect(read.error).toMatchObject({ message: expect.stringContaining("was withdrawn") });
    const tool = await rpc("tools/call", { name: "reports_daily", arguments: { date: "2026-03-03" } });
    expect(JSON.stringify(tool)).toContain("was withdrawn");
  });

  it("withdrawing it again changes nothing; reinstating brings it back everywhere", async () => {
    expect((await apply("withdraw", "daily", ["2026-03-03"])).changed).toBe(false);
    expect((await apply("reinstate", "daily", ["2026-03-03"])).changed).toBe(true);
    const res = await get("/api/v1/reports/daily/2026-03-03");
    expect([res.statusCode, res.body]).toEqual([200, DAILY.mar03EnFinal.body]);
    expect((await get("/api/v1/latest")).json().daily.work_date).toBe("2026-03-03");
    expect(JSON.parse((await get("/api/v1/feeds/daily/feed.json")).body)._institute).toEqual({ deleted_items: [] });
    expect(await resourceUris()).toContain("institute://reports/daily/2026-03-03");
    expect((await apply("reinstate", "daily", ["2026-03-03"])).changed).toBe(false);
  });
});

describe("a single draft withdrawn by its report id", () => {
  it("lets the latest archived among the rest win, and the last one's withdrawal says withdrawn", async () => {
    await apply("withdraw", "reports", [DAILY.mar03EnFinal.id]);
    expect((await get("/api/v1/reports/daily/2026-03-03")).body).toBe(DAILY.mar03EnDraft.body);
    await apply("withdraw", "reports", [DAILY.mar03EnDraft.id]);
    // No English copy left: the language-agnostic one, as spec rule 1 orders.
    expect((await get("/api/v1/reports/daily/2026-03-03")).body).toBe(DAILY.mar03Plain.body);
    await apply("withdraw", "reports", [DAILY.mar03Plain.id]);
    const res = await get("/api/v1/reports/daily/2026-03-03");
    expect([res.statusCode, res.json()]).toEqual([404, { error: "the daily report for 2026-03-03 was withdrawn" }]);
    // The Chinese copy is still published.
    expect((await get("/api/v1/reports/daily/2026-03-03?lang=zh")).body).toBe(DAILY.mar03Zh.body);
    for (const draft of [DAILY.mar03Plain, DAILY.mar03EnFinal, DAILY.mar03EnDraft])
      await apply("reinstate", "reports", [draft.id]);
    expect((await get("/api/v1/reports/daily/2026-03-03")).body).toBe(DAILY.mar03EnFinal.body);
  });
});

describe("a weekly report withdrawn by its week and analyst", () => {
  it("drops every draft and language from the index, its count and /latest, and its route says withdrawn", async () => {
    const before = (await get("/api/v1/reports/weekly/2026-03-05")).json();
    expect(before.authors.map((a: { analyst_id: string }) => a.analyst_id)).toContain("chen-yu");
    // Any date of the week names it.
    await apply("withdraw", "weekly", ["2026-03-08", "chen-yu"]);
    const after = (await get("/api/v1/reports/weekly/2026-03-05")).json();
    expect(after.count).toBe(before.count - 1);
    expect(after.authors.map((a: { analyst_id: string }) => a.analyst_id)).not.toContain("chen-yu");
    expect((await get("/api/v1/latest")).json().weekly.count).toBe(before.count - 1);
    for (const lang of ["", "?lang=zh"]) {
      const res = await get(`/api/v1/reports/weekly/2026-03-02/chen-yu${lang}`);
      expect([res.statusCode, res.json()]).toEqual([
        404,
        { error: "chen-yu's weekly report in the week of 2026-03-02 was withdrawn" },
      ]);
    }
    const feed = JSON.parse((await get("/api/v1/feeds/weekly/chen-yu/feed.json")).body);
    expect(feed.items).toEqual([]);
    expect(feed._institute.deleted_items).toEqual([
      { id: `${BASE}/api/v1/reports/weekly/2026-03-02/chen-yu`, date_deleted: "2026-03-05T02:00:00.000Z" },
    ]);
    expect((await resourceUris()).some((u) => u.includes("/chen-yu"))).toBe(false);
    await apply("reinstate", "weekly", ["2026-03-02", "chen-yu"]);
    expect((await get(`/api/v1/reports/weekly/2026-03-02/chen-yu`)).body).toBe(WEEKLY.chenFri.body);
    expect((await get("/api/v1/reports/weekly/2026-03-05")).json()).toEqual(before);
  });
});

describe("a shared-data document withdrawn by its date and topic", () => {
  it("leaves the topics list and answers 404 withdrawn, until reinstated", async () => {
    const before = (await get("/api/v1/data/2026-03-05/topics")).json();
    await apply("withdraw", "data-topics", ["2026-03-05/fx"]);
    const topics = (await get("/api/v1/data/2026-03-05/topics")).json();
    expect(topics.available.map((t: { topic: string }) => t.topic)).not.toContain("fx");
    for (const url of ["/api/v1/data/2026-03-05/fx", "/api/v1/data/2026-03-05/fx.json"]) {
      const res = await get(url);
      expect([res.statusCode, res.json()]).toEqual([404, { error: "topic fx on 2026-03-05 was withdrawn" }]);
    }
    await apply("reinstate", "data-topics", ["2026-03-05/fx"]);
    expect((await get("/api/v1/data/2026-03-05/topics")).json()).toEqual(before);
  });
});

describe("refusals", () => {
  it("refuses an item that does not exist, an empty reason, and reinstating what was never withdrawn", async () => {
    await expect(apply("withdraw", "daily", ["2026-02-01"])).rejects.toThrow(
      "there is no the daily report of 2026-02-01 to withdraw",
    );
    await expect(apply("reinstate", "reports", ["nope"])).rejects.toThrow("the report draft nope was never withdrawn");
    expect(() => withdrawalKind("daily").itemId(["2026-02-30"])).toThrow("daily DATE must be a YYYY-MM-DD date");
    expect(() => withdrawalKind("pets")).toThrow("unknown kind 'pets'");
  });
});
