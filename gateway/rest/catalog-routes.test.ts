/**
 * The analyst and whiteboard routes through app.inject(): exact JSON bodies, orderings, filters, limits, the
 * gateway's 400/401/403/404 answers, card-report language fallback (rule 1) and conditional GETs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/object-store/object-store.js";
import { BOARD, FIXED_NOW, fillCatalog, NOW_S, REPORT } from "../../test/fixtures/catalog.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import {
  queued,
  running,
  later,
  completed,
  failed,
  cFull,
  cPlain,
  cNone,
  cZh,
  pPromoted,
  pTop,
  pMid,
  pRejected,
  pExpired,
  bulk110,
  bareLog,
  lFresh,
  lSkip,
  lAugment,
  summary_7d,
} from "../../test/fixtures/whiteboard-expected.js";

let gw: TestGateway;
let key: string; // analysts:read and whiteboard:read
let analystsOnly: string;
let whiteboardOnly: string;

beforeAll(async () => {
  gw = await startTestGateway({ fill: (db) => fillCatalog(db.owner), now: () => FIXED_NOW });
  [key, analystsOnly, whiteboardOnly] = await Promise.all([
    gw.key(["analysts:read", "whiteboard:read"]),
    gw.key(["analysts:read"]),
    gw.key(["whiteboard:read", "reports:read"]),
  ]);
});
afterAll(() => gw?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url, headers: { "x-api-key": key, ...headers } });

async function json(url: string, status = 200) {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
  return res.json();
}

// ---- Expected resources, written out in full

const zeta = {
  id: "a-zeta",
  name: "泽塔",
  name_en: "Zeta",
  icon: "📈",
  agent: "claude",
  specialty: "股票研究",
  specialty_en: "Equity research",
  category_id: "equity",
  category_name: "股票",
  category_name_en: null,
  tasks_default: ["daily", "weekly"],
};
const beta = {
  id: "a-beta",
  name: "贝塔",
  name_en: null,
  icon: null,
  agent: null,
  specialty: null,
  specialty_en: null,
  category_id: "macro",
  category_name: "宏观",
  category_name_en: "Macro",
  tasks_default: [],
};
const alpha = {
  id: "a-alpha",
  name: "阿尔法",
  name_en: "Alpha",
  icon: null,
  agent: null,
  specialty: null,
  specialty_en: null,
  category_id: "macro",
  category_name: "宏观",
  category_name_en: "Macro",
  tasks_default: ["weekly"],
};
const gamma = {
  id: "a-gamma",
  name: "伽马",
  name_en: "Gamma",
  icon: "🌐",
  agent: "codex",
  specialty: "利率",
  specialty_en: "Rates",
  category_id: "macro",
  category_name: "宏观",
  category_name_en: "Macro",
  tasks_default: [],
};
const free = {
  id: "a-free",
  name: "自由",
  name_en: "Free",
  icon: null,
  agent: null,
  specialty: null,
  specialty_en: null,
  category_id: null,
  category_name: null,
  category_name_en: null,
  tasks_default: ["daily"],
};

const DAY = 86_400;
const lEdge = bareLog("l-edge", NOW_S - 7 * DAY, "fresh");
const lOutside = bareLog("l-outside", NOW_S - 7 * DAY - 1, "skip-summarize");
const lOld = bareLog("l-old", NOW_S - 30 * DAY, "context-augmented");

// ---- Routes

describe("GET /api/v1/analysts", () => {
  it("lists every analyst, categories flattened, in category and analyst order", async () => {
    expect(await json("/api/v1/analysts")).toEqual({ analysts: [zeta, beta, alpha, gamma, free], count: 5 });
  });

  it("gets one analyst with the nested category, null without one", async () => {
    expect(await json("/api/v1/analysts/a-alpha")).toEqual({
      ...alpha,
      category: { id: "macro", name: "宏观", name_en: "Macro" },
    });
    expect(await json("/api/v1/analysts/a-zeta")).toEqual({
      ...zeta,
      category: { id: "equity", name: "股票", name_en: null },
    });
    expect(await json("/api/v1/analysts/a-free")).toEqual({ ...free, category: null });
  });

  it("answers 404 for an unknown analyst", async () => {
    expect(await json("/api/v1/analysts/nobody", 404)).toEqual({ error: "analyst not found: nobody" });
  });
});

describe("GET /api/v1/whiteboard/threads", () => {
  it("lists the most recently updated first (board_id descending on ties)", async () => {
    expect(await json("/api/v1/whiteboard/threads?limit=5")).toEqual({
      threads: [queued, running, later, completed, failed],
      count: 5,
    });
  });

  it("returns 50 by default and at most the limit", async () => {
    const body = await json("/api/v1/whiteboard/threads");
    expect(body.count).toBe(50);
    expect(body.threads).toHaveLength(50);
    expect(body.threads.slice(0, 5)).toEqual([queued, running, later, completed, failed]);
    expect(body.threads[5]).toMatchObject({ status: "active", card_count: 0, root_topic: null });
    expect((await json("/api/v1/whiteboard/threads?limit=1")).threads).toEqual([queued]);
    expect((await json("/api/v1/whiteboard/threads?limit=200")).count).toBe(65);
  });

  it("filters by status", async () => {
    expect(await json("/api/v1/whiteboard/threads?status=completed")).toEqual({
      threads: [later, completed],
      count: 2,
    });
    expect(await json("/api/v1/whiteboard/threads?status=failed")).toEqual({ threads: [failed], count: 1 });
    const active = await json("/api/v1/whiteboard/threads?status=active&limit=200");
    expect(active.count).toBe(60);
    expect(new Set(active.threads.map((t: { status: string }) => t.status))).toEqual(new Set(["active"]));
  });

  it("ignores query parameters the spec does not define", async () => {
    expect(await json("/api/v1/whiteboard/threads?limit=1&_=123")).toEqual({ threads: [queued], count: 1 });
  });
});

describe("GET /api/v1/whiteboard/threads/{boardId}", () => {
  it("returns the thread with its cards in order", async () => {
    expect(await json(`/api/v1/whiteboard/threads/${BOARD.completed}`)).toEqual({
      ...completed,
      cards: [cFull, cPlain, cNone],
    });
    expect(await json(`/api/v1/whiteboard/threads/${BOARD.running}`)).toEqual({ ...running, cards: [cZh] });
    expect(await json(`/api/v1/whiteboard/threads/${BOARD.queued}`)).toEqual({ ...queued, cards: [] });
  });

  it("answers 404 for an unknown board, uuid or not", async () => {
    expect(await json(`/api/v1/whiteboard/threads/${BOARD.unknown}`, 404)).toEqual({
      error: `board not found: ${BOARD.unknown}`,
    });
    expect(await json("/api/v1/whiteboard/threads/not-a-uuid", 404)).toEqual({ error: "board not found: not-a-uuid" });
  });
});

describe("GET /api/v1/whiteboard/cards/{cardId}/report", () => {
  const report = (card: string, query = "", headers: Record<string, string> = {}) =>
    get(`/api/v1/whiteboard/cards/${card}/report${query}`, headers);

  it("without lang, serves the English report as markdown with validators", async () => {
    const res = await report("c-full");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(res.body).toBe(REPORT.en);
    expect(res.headers.etag).toBe(`"${sha256Hex(REPORT.en)}"`);
    expect(res.headers["last-modified"]).toBe(new Date(1773000210000).toUTCString());
    expect(res.headers["cache-control"]).toBe("private, max-age=60, must-revalidate");
  });

  it("falls back to the language-agnostic report when there is no English one", async () => {
    const res = await report("c-plain");
    expect([res.statusCode, res.headers["content-type"], res.body]).toEqual([
      200,
      "text/markdown; charset=utf-8",
      REPORT.plainOnly,
    ]);
    expect(res.headers.etag).toBe(`"${sha256Hex(REPORT.plainOnly)}"`);
  });

  it("with lang, serves exactly that language", async () => {
    const zh = await report("c-full", "?lang=zh");
    expect([zh.statusCode, zh.body, zh.headers.etag]).toEqual([200, REPORT.zh, `"${sha256Hex(REPORT.zh)}"`]);
    expect((await report("c-full", "?lang=en")).body).toBe(REPORT.en);
    expect((await report("c-zh", "?lang=zh")).body).toBe(REPORT.zhOnly);
  });

  it("answers 404 for a missing card or a missing report, naming which", async () => {
    const cases: [string, string, string][] = [
      ["nope", "", "card not found: nope"],
      ["c-none", "", "no en or plain report for card c-none"],
      ["c-zh", "", "no en or plain report for card c-zh"],
      ["c-plain", "?lang=en", "no en report for card c-plain"],
      ["c-plain", "?lang=zh", "no zh report for card c-plain"],
    ];
    for (const [card, query, error] of cases) {
      const res = await report(card, query);
      expect(res.statusCode, card + query).toBe(404);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.json()).toEqual({ error });
    }
  });

  it("answers 304 to a current If-None-Match, which wins over If-Modified-Since", async () => {
    const etag = `"${sha256Hex(REPORT.en)}"`;
    const lastModified = new Date(1773000210000).toUTCString();
    const hit = await report("c-full", "", { "if-none-match": etag });
    expect([hit.statusCode, hit.body, hit.headers.etag]).toEqual([304, "", etag]);
    expect((await report("c-full", "", { "if-none-match": `W/${etag}, "other"` })).statusCode).toBe(304);
    expect((await report("c-full", "", { "if-modified-since": lastModified })).statusCode).toBe(304);
    const stale = await report("c-full", "", {
      "if-none-match": `"${sha256Hex(REPORT.zh)}"`,
      "if-modified-since": lastModified,
    });
    expect([stale.statusCode, stale.body]).toEqual([200, REPORT.en]);
    // The Chinese copy has its own validator: the English ETag does not match it.
    expect((await report("c-full", "?lang=zh", { "if-none-match": etag })).statusCode).toBe(200);
  });
});

describe("GET /api/v1/whiteboard/topic-pool", () => {
  it("lists every status by default, highest score first, newest first on ties, then pool_id", async () => {
    expect(await json("/api/v1/whiteboard/topic-pool?limit=6")).toEqual({
      entries: [pPromoted, pTop, pMid, pRejected, pExpired, bulk110],
      count: 6,
    });
    expect(await json("/api/v1/whiteboard/topic-pool?status=all&limit=6")).toEqual({
      entries: [pPromoted, pTop, pMid, pRejected, pExpired, bulk110],
      count: 6,
    });
    const all = await json("/api/v1/whiteboard/topic-pool");
    expect([all.count, all.entries.length]).toEqual([100, 100]);
    expect((await json("/api/v1/whiteboard/topic-pool?limit=500")).count).toBe(115);
  });

  it("filters candidates and promoted entries", async () => {
    expect(await json("/api/v1/whiteboard/topic-pool?status=candidate")).toEqual({ entries: [pTop, pMid], count: 2 });
    expect(await json("/api/v1/whiteboard/topic-pool?status=promoted")).toEqual({ entries: [pPromoted], count: 1 });
    expect(await json("/api/v1/whiteboard/topic-pool?status=candidate&limit=1")).toEqual({ entries: [pTop], count: 1 });
  });
});

describe("GET /api/v1/whiteboard/similarity-log", () => {
  it("lists newest first with matches and thresholds, and summarises the trailing seven days", async () => {
    expect(await json("/api/v1/whiteboard/similarity-log?limit=6")).toEqual({
      entries: [lFresh, lSkip, lAugment, lEdge, lOutside, lOld],
      count: 6,
      summary_7d,
    });
  });

  it("keeps summary_7d whole when limit cuts the entries", async () => {
    expect(await json("/api/v1/whiteboard/similarity-log?limit=1")).toEqual({
      entries: [lFresh],
      count: 1,
      summary_7d,
    });
    const page = await json("/api/v1/whiteboard/similarity-log");
    expect([page.count, page.entries.length, page.summary_7d]).toEqual([100, 100, summary_7d]);
  });

  it("filters by decision; summary_7d still counts every decision", async () => {
    expect(await json("/api/v1/whiteboard/similarity-log?decision=skip-summarize")).toEqual({
      entries: [lSkip, lOutside],
      count: 2,
      summary_7d,
    });
    expect(await json("/api/v1/whiteboard/similarity-log?decision=context-augmented&limit=1")).toEqual({
      entries: [lAugment],
      count: 1,
      summary_7d,
    });
  });
});

describe("validation: 400 naming the parameter", () => {
  const cases: [string, string][] = [
    ["/api/v1/whiteboard/threads?limit=201", "invalid query parameter 'limit': must be <= 200"],
    ["/api/v1/whiteboard/threads?limit=0", "invalid query parameter 'limit': must be >= 1"],
    ["/api/v1/whiteboard/threads?limit=-3", "invalid query parameter 'limit': must be >= 1"],
    ["/api/v1/whiteboard/threads?limit=abc", "invalid query parameter 'limit': must be integer"],
    ["/api/v1/whiteboard/threads?limit=2.5", "invalid query parameter 'limit': must be integer"],
    ["/api/v1/whiteboard/threads?limit=", "invalid query parameter 'limit': must be integer"],
    [
      "/api/v1/whiteboard/threads?status=done",
      "invalid query parameter 'status': must be one of queued, active, running, completed, failed",
    ],
    [
      "/api/v1/whiteboard/threads?status=",
      "invalid query parameter 'status': must be one of queued, active, running, completed, failed",
    ],
    ["/api/v1/whiteboard/cards/c-full/report?lang=fr", "invalid query parameter 'lang': must be one of en, zh"],
    ["/api/v1/whiteboard/cards/c-full/report?lang=plain", "invalid query parameter 'lang': must be one of en, zh"],
    [
      "/api/v1/whiteboard/topic-pool?status=expired",
      "invalid query parameter 'status': must be one of candidate, promoted, all",
    ],
    ["/api/v1/whiteboard/topic-pool?limit=501", "invalid query parameter 'limit': must be <= 500"],
    ["/api/v1/whiteboard/topic-pool?limit=x", "invalid query parameter 'limit': must be integer"],
    [
      "/api/v1/whiteboard/similarity-log?decision=skip",
      "invalid query parameter 'decision': must be one of skip-summarize, context-augmented, fresh",
    ],
    ["/api/v1/whiteboard/similarity-log?limit=501", "invalid query parameter 'limit': must be <= 500"],
    ["/api/v1/whiteboard/similarity-log?limit=0", "invalid query parameter 'limit': must be >= 1"],
  ];
  it.each(cases)("%s", async (url, error) => {
    expect(await json(url, 400)).toEqual({ error });
  });
});

describe("authentication and scopes", () => {
  const analystUrls = ["/api/v1/analysts", "/api/v1/analysts/a-alpha"];
  const whiteboardUrls = [
    "/api/v1/whiteboard/threads",
    `/api/v1/whiteboard/threads/${BOARD.completed}`,
    "/api/v1/whiteboard/cards/c-full/report",
    "/api/v1/whiteboard/topic-pool",
    "/api/v1/whiteboard/similarity-log",
  ];

  it("answers 401 without a key on every route", async () => {
    for (const url of [...analystUrls, ...whiteboardUrls]) {
      const res = await gw.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
    }
  });

  it("answers 403 naming the scope when the key lacks it, before validating parameters", async () => {
    for (const url of analystUrls) {
      const res = await gw.app.inject({ url, headers: { "x-api-key": whiteboardOnly } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: "missing scope: analysts:read",
        required: "analysts:read",
        granted: ["reports:read", "whiteboard:read"],
      });
    }
    for (const url of [...whiteboardUrls, "/api/v1/whiteboard/threads?limit=999"]) {
      const res = await gw.app.inject({ url, headers: { "x-api-key": analystsOnly } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: "missing scope: whiteboard:read",
        required: "whiteboard:read",
        granted: ["analysts:read"],
      });
    }
  });

  it("serves each route with just its own scope", async () => {
    for (const url of analystUrls)
      expect((await gw.app.inject({ url, headers: { "x-api-key": analystsOnly } })).statusCode, url).toBe(200);
    for (const url of whiteboardUrls)
      expect((await gw.app.inject({ url, headers: { "x-api-key": whiteboardOnly } })).statusCode, url).toBe(200);
  });
});
