/** The shared-data routes through app.inject() (spec §2.11, §4.1 rule 10, §7.1). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillReportsDataset, TODAY_NOW, TOPICS } from "../../test/fixtures/reports-dataset.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
let key: string;
beforeAll(async () => {
  gw = await startTestGateway({ fill: (db) => fillReportsDataset(db.owner), now: () => TODAY_NOW });
  key = await gw.key(["reports:read"]);
});
afterAll(() => gw?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url: `/api/v1${url}`, headers: { "x-api-key": key, ...headers } });
const JSON_TYPE = "application/json; charset=utf-8";
const bytes = (json: string) => Buffer.byteLength(json);

// jsonb's own text form: keys by length then bytes, a space after ':' and ','.
const FX_TEXT = `{"note": "新元", "pair": "USDSGD", "rate": 1.3421, "nested": {"a": null, "b": [1, 2]}}`;

describe("GET /data/:date/topics", () => {
  it("lists what landed, in known-topic order with unknown topics last, and every known topic", async () => {
    const res = await get("/data/2026-03-05/topics");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(JSON_TYPE);
    expect(res.json()).toEqual({
      date: "2026-03-05",
      available: [
        { topic: "fx", bytes: bytes(TOPICS.fx.json), fetched_at: null },
        { topic: "rates", bytes: bytes(TOPICS.rates.json), fetched_at: "2026-03-04T22:30:00.000Z" },
        { topic: "equities", bytes: bytes(TOPICS.equities.json), fetched_at: "2026-03-04T22:31:05.250Z" },
        { topic: "alt-data", bytes: 2, fetched_at: "2026-03-04T22:40:00.000Z" },
      ],
      known_topics: ["fx", "rates", "equities"],
    });
  });

  it("answers 200 with nothing available for a date that was never ingested", async () => {
    const res = await get("/data/2026-03-06/topics");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ date: "2026-03-06", available: [], known_topics: ["fx", "rates", "equities"] });
  });

  it("is 400 naming the parameter for a malformed or impossible date", async () => {
    for (const [date, detail] of [
      ["2026-3-5", `must match pattern "^\\d{4}-\\d{2}-\\d{2}$"`],
      ["today", `must match pattern "^\\d{4}-\\d{2}-\\d{2}$"`],
      ["2026-02-30", `must match format "date"`],
    ]) {
      const res = await get(`/data/${date}/topics`);
      expect(res.statusCode, date).toBe(400);
      expect(res.json()).toEqual({ error: `invalid path parameter 'date': ${detail}` });
    }
  });
});

describe("GET /data/:date/:topic", () => {
  it("sends the stored document as JSON text, with or without .json", async () => {
    for (const topic of ["fx", "fx.json"]) {
      const res = await get(`/data/2026-03-05/${topic}`);
      expect(res.statusCode, topic).toBe(200);
      expect(res.headers["content-type"]).toBe(JSON_TYPE);
      expect(res.body).toBe(FX_TEXT);
    }
    expect((await get("/data/2026-03-04/fx")).json()).toEqual(JSON.parse(TOPICS.fxMar04.json));
    expect((await get("/data/2026-03-05/alt-data.json")).body).toBe("{}");
  });

  it("is 404 for a date not ingested and for a topic absent on an ingested date", async () => {
    const notIngested = await get("/data/2026-03-06/fx");
    expect(notIngested.statusCode).toBe(404);
    expect(notIngested.json()).toEqual({ error: "no shared data for 2026-03-06" });
    const absent = await get("/data/2026-03-04/rates.json");
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ error: "topic rates absent on 2026-03-04" });
  });

  it("routes the static `topics` segment to the list; `topics.json` reaches a topic of that name", async () => {
    expect((await get("/data/2026-03-05/topics")).json()).toHaveProperty("known_topics");
    const res = await get("/data/2026-03-05/topics.json");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "topic topics absent on 2026-03-05" });
  });

  it("is 400 for a bad date and for an empty topic name", async () => {
    const bad = await get("/data/2026-13-01/fx");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: `invalid path parameter 'date': must match format "date"` });
    const empty = await get("/data/2026-03-05/.json");
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: "missing topic" });
  });
});

describe("authentication and scope", () => {
  it("answers 401 without a key and 403 without reports:read", async () => {
    for (const url of ["/api/v1/data/2026-03-05/topics", "/api/v1/data/2026-03-05/fx", "/api/v1/data/bad/fx"]) {
      const res = await gw.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
    }
    const other = await gw.key(["portfolios:read"]);
    for (const url of ["/data/2026-03-05/topics", "/data/2026-03-05/fx"]) {
      const res = await get(url, { "x-api-key": other });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: "missing scope: reports:read",
        required: "reports:read",
        granted: ["portfolios:read"],
      });
    }
  });
});
