/** The reports routes through app.inject(): exact bodies and headers, rules 2 to 5, conditional GETs per RFC 9110. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DAILY, fillReportsDataset, SNAPSHOTS, TODAY_NOW, WEEKLY } from "../../test/fixtures/reports-dataset.js";
import { etagOf, type ReportFixture } from "../../test/fixtures/reports.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

let gw: TestGateway;
let empty: TestGateway;
let key: string;
let emptyKey: string;
beforeAll(async () => {
  [gw, empty] = await Promise.all([
    startTestGateway({ fill: (db) => fillReportsDataset(db.owner), now: () => TODAY_NOW }),
    startTestGateway({ now: () => TODAY_NOW }),
  ]);
  [key, emptyKey] = await Promise.all([gw.key(["reports:read"]), empty.key(["reports:read"])]);
});
afterAll(async () => {
  await Promise.all([gw?.close(), empty?.close()]);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  gw.app.inject({ url: `/api/v1${url}`, headers: { "x-api-key": key, ...headers } });

const MARKDOWN = "text/markdown; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

function expectReport(res: Awaited<ReturnType<typeof get>>, r: ReportFixture) {
  expect(res.statusCode).toBe(200);
  expect(res.body).toBe(r.body);
  expect(res.headers["content-type"]).toBe(MARKDOWN);
  expect(res.headers.etag).toBe(etagOf(r.body));
  expect(res.headers["last-modified"]).toBe(new Date(r.archivedAt).toUTCString());
  expect(res.headers["cache-control"]).toBe("private, max-age=60, must-revalidate");
}

function expectError(res: Awaited<ReturnType<typeof get>>, status: number, body: object) {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toBe(JSON_TYPE);
  expect(res.json()).toEqual(body);
}

describe("GET /reports/fleet-health/latest (rule 5)", () => {
  it("sends the newest snapshot with Cache-Control: no-store and no validators", async () => {
    const res = await get("/reports/fleet-health/latest");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SNAPSHOTS.latest.body);
    expect(res.headers["content-type"]).toBe(MARKDOWN);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers["last-modified"]).toBeUndefined();
  });

  it("ignores conditional headers", async () => {
    const res = await get("/reports/fleet-health/latest", {
      "if-none-match": "*",
      "if-modified-since": "Fri, 01 Jan 2100 00:00:00 GMT",
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SNAPSHOTS.latest.body);
  });

  it("is 404 before any snapshot exists", async () => {
    const res = await empty.app.inject({
      url: "/api/v1/reports/fleet-health/latest",
      headers: { "x-api-key": emptyKey },
    });
    expectError(res, 404, { error: "no fleet-health snapshot generated yet" });
  });
});

describe("GET /reports/daily/:date (rule 2)", () => {
  it("sends the editor's latest English draft, ignoring other analysts and a later language-agnostic copy", async () => {
    expectReport(await get("/reports/daily/2026-03-03"), DAILY.mar03EnFinal);
  });

  it("with lang sends that language; without it falls back from English to language-agnostic", async () => {
    expectReport(await get("/reports/daily/2026-03-03?lang=zh"), DAILY.mar03Zh);
    expectReport(await get("/reports/daily/2026-03-03?lang=en"), DAILY.mar03EnFinal);
    expectReport(await get("/reports/daily/2026-03-02"), DAILY.mar02Plain);
    expectReport(await get("/reports/daily/2026-03-01?lang=zh"), DAILY.mar01Zh);
  });

  it("is 404 when the editor wrote none (in that language)", async () => {
    expectError(await get("/reports/daily/2026-03-05"), 404, { error: "no daily report for 2026-03-05" });
    expectError(await get("/reports/daily/2026-03-02?lang=en"), 404, { error: "no daily report for 2026-03-02" });
    expectError(await get("/reports/daily/2026-03-01"), 404, { error: "no daily report for 2026-03-01" });
  });

  it("is 400 naming the parameter for a malformed or impossible date and an unknown lang", async () => {
    expectError(await get("/reports/daily/2026-3-3"), 400, {
      error: `invalid path parameter 'date': must match pattern "^\\d{4}-\\d{2}-\\d{2}$"`,
    });
    expectError(await get("/reports/daily/2026-02-30"), 400, {
      error: `invalid path parameter 'date': must match format "date"`,
    });
    expectError(await get("/reports/daily/latest"), 400, {
      error: `invalid path parameter 'date': must match pattern "^\\d{4}-\\d{2}-\\d{2}$"`,
    });
    expectError(await get("/reports/daily/2026-03-03?lang=fr"), 400, {
      error: "invalid query parameter 'lang': must be one of en, zh",
    });
    expectError(await get("/reports/daily/2026-03-03?lang=plain"), 400, {
      error: "invalid query parameter 'lang': must be one of en, zh",
    });
  });
});

describe("conditional GET on a daily report (RFC 9110 §13.2.2)", () => {
  const url = "/reports/daily/2026-03-03";
  const r = DAILY.mar03EnFinal;
  const etag = etagOf(r.body);
  const lastModified = new Date(r.archivedAt).toUTCString();

  function expectNotModified(res: Awaited<ReturnType<typeof get>>) {
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe("");
    expect(res.headers.etag).toBe(etag);
    expect(res.headers["last-modified"]).toBe(lastModified);
  }

  it("If-None-Match matching the ETag: 304 with the ETag", async () => {
    expectNotModified(await get(url, { "if-none-match": etag }));
  });

  it("If-None-Match: a list, `*`, and a weak W/ form all match (weak comparison)", async () => {
    expectNotModified(await get(url, { "if-none-match": `"nope", ${etag}` }));
    expectNotModified(await get(url, { "if-none-match": "*" }));
    expectNotModified(await get(url, { "if-none-match": `W/${etag}` }));
  });

  it("If-None-Match that does not match: 200, even with an If-Modified-Since in the future (If-None-Match wins)", async () => {
    expectReport(
      await get(url, { "if-none-match": '"stale"', "if-modified-since": "Fri, 01 Jan 2100 00:00:00 GMT" }),
      r,
    );
    expectReport(
      await get(url, { "if-none-match": etagOf(DAILY.mar03EnDraft.body), "if-modified-since": lastModified }),
      r,
    );
  });

  it("If-Modified-Since alone: 304 at or after Last-Modified, 200 before it or when unparseable", async () => {
    expectNotModified(await get(url, { "if-modified-since": lastModified }));
    expectNotModified(await get(url, { "if-modified-since": "Fri, 01 Jan 2100 00:00:00 GMT" }));
    expectReport(await get(url, { "if-modified-since": new Date(r.archivedAt - 1000).toUTCString() }), r);
    expectReport(await get(url, { "if-modified-since": "yesterday" }), r);
  });

  it("a different language is a different representation: its own ETag", async () => {
    const res = await get("/reports/daily/2026-03-03?lang=zh", { "if-none-match": etag });
    expectReport(res, DAILY.mar03Zh);
  });
});

describe("GET /reports/weekly/:date (rule 3)", () => {
  const index = {
    week_start: "2026-03-02",
    week_end: "2026-03-08",
    count: 4,
    authors: [
      {
        analyst_id: "Zhou-Q",
        work_date: "2026-03-03",
        languages: ["en"],
        report_url: "/api/v1/reports/weekly/2026-03-03/Zhou-Q",
      },
      {
        analyst_id: "ana-m",
        work_date: "2026-03-08",
        languages: ["plain"],
        report_url: "/api/v1/reports/weekly/2026-03-08/ana-m",
      },
      {
        analyst_id: "chen-yu",
        work_date: "2026-03-06",
        languages: ["en", "zh"],
        report_url: "/api/v1/reports/weekly/2026-03-06/chen-yu",
      },
      {
        analyst_id: "dmitri",
        work_date: "2026-03-05",
        languages: ["en"],
        report_url: "/api/v1/reports/weekly/2026-03-05/dmitri",
      },
    ],
  };

  it("lists the week's authors from its Monday and from its Sunday alike", async () => {
    for (const date of ["2026-03-02", "2026-03-08"]) {
      const res = await get(`/reports/weekly/${date}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(JSON_TYPE);
      expect(res.json()).toEqual(index);
    }
  });

  it("starts a new week on Monday and ends the previous one on Sunday", async () => {
    expect((await get("/reports/weekly/2026-03-09")).json()).toEqual({
      week_start: "2026-03-09",
      week_end: "2026-03-15",
      count: 1,
      authors: [
        {
          analyst_id: "b-lee",
          work_date: "2026-03-09",
          languages: ["en"],
          report_url: "/api/v1/reports/weekly/2026-03-09/b-lee",
        },
      ],
    });
    expect((await get("/reports/weekly/2026-03-01")).json()).toEqual({
      week_start: "2026-02-23",
      week_end: "2026-03-01",
      count: 1,
      authors: [
        {
          analyst_id: "b-lee",
          work_date: "2026-03-01",
          languages: ["zh"],
          report_url: "/api/v1/reports/weekly/2026-03-01/b-lee",
        },
      ],
    });
  });

  it("is 200 with no authors for an empty week, and 400 for a bad date", async () => {
    expect((await get("/reports/weekly/2026-04-15")).json()).toEqual({
      week_start: "2026-04-13",
      week_end: "2026-04-19",
      count: 0,
      authors: [],
    });
    expectError(await get("/reports/weekly/2026-02-29"), 400, {
      error: `invalid path parameter 'date': must match format "date"`,
    });
  });
});

describe("GET /reports/weekly/:date/:analystId (rule 4)", () => {
  it("sends the most recently archived copy of the week, so a re-run wins", async () => {
    expectReport(await get("/reports/weekly/2026-03-02/chen-yu"), WEEKLY.chenFri);
    expectReport(await get("/reports/weekly/2026-03-08/dmitri"), WEEKLY.dmitriFinal);
    expectReport(await get("/reports/weekly/2026-03-04/chen-yu?lang=zh"), WEEKLY.chenZh);
    expectReport(await get("/reports/weekly/2026-03-04/ana-m"), WEEKLY.anaSun);
  });

  it("answers 304 to a current cached copy and 200 once a re-run replaced it", async () => {
    const res = await get("/reports/weekly/2026-03-04/chen-yu", { "if-none-match": etagOf(WEEKLY.chenFri.body) });
    expect(res.statusCode).toBe(304);
    expect(res.headers.etag).toBe(etagOf(WEEKLY.chenFri.body));
    expectReport(
      await get("/reports/weekly/2026-03-04/chen-yu", { "if-none-match": etagOf(WEEKLY.chenMon.body) }),
      WEEKLY.chenFri,
    );
  });

  it("is 404 when the analyst published no weekly in that week (or not in that language)", async () => {
    expectError(await get("/reports/weekly/2026-03-08/b-lee"), 404, {
      error: "b-lee published no weekly report in the week of 2026-03-08",
    });
    expectError(await get("/reports/weekly/2026-03-04/ana-m?lang=zh"), 404, {
      error: "ana-m published no weekly report in the week of 2026-03-04",
    });
    expectError(await get("/reports/weekly/2026-03-04/nobody"), 404, {
      error: "nobody published no weekly report in the week of 2026-03-04",
    });
  });

  it("is 400 for a bad date or lang", async () => {
    expectError(await get("/reports/weekly/2026-02-31/chen-yu"), 400, {
      error: `invalid path parameter 'date': must match format "date"`,
    });
    expectError(await get("/reports/weekly/2026-03-04/chen-yu?lang=jp"), 400, {
      error: "invalid query parameter 'lang': must be one of en, zh",
    });
  });
});

describe("authentication and scope", () => {
  const urls = [
    "/reports/fleet-health/latest",
    "/reports/daily/2026-03-03",
    "/reports/weekly/2026-03-03",
    "/reports/weekly/2026-03-03/chen-yu",
  ];

  it("answers 401 without a key, before validating anything", async () => {
    for (const url of [...urls, "/reports/daily/not-a-date"]) {
      const res = await gw.app.inject({ url: `/api/v1${url}` });
      expectError(res, 401, { error: "missing API key: send it in the X-API-Key header" });
    }
  });

  it("answers 403 to a key without reports:read", async () => {
    const other = await gw.key(["analysts:read", "whiteboard:read"]);
    for (const url of urls) {
      expectError(await get(url, { "x-api-key": other }), 403, {
        error: "missing scope: reports:read",
        required: "reports:read",
        granted: ["analysts:read", "whiteboard:read"],
      });
    }
  });
});

describe("a report whose archived body is missing", () => {
  it("is a 500 that names no internal detail (the message is logged, never sent)", async () => {
    await empty.db.owner.query(
      `INSERT INTO reports.reports (report_id, kind, analyst_id, work_date, lang, object_key, archived_at)
       VALUES ('orphan', 'weekly', 'orphan-analyst', '2026-03-04', 'en', 'reports/missing.md', 1)`,
    );
    const res = await empty.app.inject({
      url: "/api/v1/reports/weekly/2026-03-04/orphan-analyst",
      headers: { "x-api-key": emptyKey },
    });
    expectError(res, 500, { error: "internal error" });
  });
});
