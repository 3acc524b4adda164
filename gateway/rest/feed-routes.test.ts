/**
 * The report feeds through the gateway: Atom and JSON Feed 1.1 parsed by a maintained feed parser (feedsmith), every
 * entry's id, updated and link checked, newest first, one entry per date (daily) or ISO week (weekly) as the report
 * routes choose it, per language; the markdown rendered to HTML with nothing that runs or loads; conditional GETs
 * answered 304; and the feed token: accepted in the URL on feeds only, any other key refused there.
 */
import { parseAtomFeed, parseJsonFeed } from "feedsmith";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintKey, revokeKey } from "../auth/key-admin.js";
import { addReport, EDITOR, sgt } from "../../test/fixtures/reports.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";

const HOSTILE = [
  "# Markets on 2 March",
  "",
  "Rates rose. <script>alert(1)</script> <img src=https://evil.example/raw.png>",
  "",
  "![chart](https://evil.example/pixel.png)",
  "",
  "[a source](https://example.org/a) and [a trap](javascript:alert(1))",
  "",
  "| tenor | yield |",
  "|:--|--:|",
  "| 2y | 3.1 |",
].join("\n");

let gw: TestGateway;
let key: string;
let base: string;
beforeAll(async () => {
  gw = await startTestGateway({
    fill: async (db) => {
      const r = (
        id: string,
        kind: "daily" | "weekly",
        analyst: string,
        date: string,
        lang: "en" | "zh" | "plain",
        at: string,
        body: string,
      ) => addReport(db.owner, { id, kind, analyst, date, lang, archivedAt: sgt(at), body });
      await r("d-0302-en", "daily", EDITOR, "2026-03-02", "en", "2026-03-02T18:00", HOSTILE);
      await r("d-0302-zh", "daily", EDITOR, "2026-03-02", "zh", "2026-03-02T18:30", "# 3月2日市场\n\n利率上升。");
      await r("d-0303-draft", "daily", EDITOR, "2026-03-03", "en", "2026-03-03T17:00", "# Draft\n\nnot this one");
      await r(
        "d-0303-final",
        "daily",
        EDITOR,
        "2026-03-03",
        "en",
        "2026-03-03T19:00",
        "# Markets on 3 March\n\nFinal.",
      );
      await r("d-0304-plain", "daily", EDITOR, "2026-03-04", "plain", "2026-03-04T18:00", "Notes without a heading.");
      await r("d-0305-other", "daily", "someone-else", "2026-03-05", "en", "2026-03-05T18:00", "# Not canonical");
      await r("w-0224", "weekly", "chen-yu", "2026-02-24", "en", "2026-02-27T18:00", "# Week of 23 February");
      await r("w-0303", "weekly", "chen-yu", "2026-03-03", "en", "2026-03-03T18:00", "# Early copy");
      await r("w-0305", "weekly", "chen-yu", "2026-03-05", "en", "2026-03-05T18:00", "# Week of 2 March\n\nFinal.");
      await r("w-0304-zh", "weekly", "chen-yu", "2026-03-04", "zh", "2026-03-04T18:00", "# 3月第一周");
      await r("w-li", "weekly", "li-wei", "2026-03-04", "zh", "2026-03-04T18:00", "# 只有中文");
    },
  });
  key = await gw.key(["reports:read"]);
  base = `http://${gw.config.host}:${gw.config.port}`;
});
afterAll(() => gw?.close());

const get = (url: string, headers: Record<string, string> = { "x-api-key": key }) => gw.app.inject({ url, headers });
const iso = (local: string) => new Date(sgt(local)).toISOString();

/** Parses an Atom answer and checks what every entry must carry. */
function atom(body: string, linksAreIds = true) {
  const feed = parseAtomFeed(body);
  for (const e of feed.entries ?? []) {
    expect(e.id).toMatch(/^http:\/\//);
    expect(e.updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    if (linksAreIds) expect(e.links?.find((l) => l.rel === "alternate")?.href).toBe(e.id);
  }
  return feed;
}

function jsonFeed(body: string) {
  const feed = parseJsonFeed(JSON.parse(body));
  for (const item of feed.items ?? []) {
    expect(item.id).toMatch(/^http:\/\//);
    expect(item.url).toBe(item.id);
    expect(item.date_modified).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  }
  return feed;
}

describe("GET /api/v1/feeds/daily/feed.atom and feed.json", () => {
  it("lists the canonical daily of each work date, newest first, English or language-agnostic by default", async () => {
    const res = await get("/api/v1/feeds/daily/feed.atom");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const feed = atom(res.body);
    expect(feed.id).toBe(`${base}/api/v1/feeds/daily/feed.atom`);
    expect(feed.title?.value).toBe("Institute Research Publishing: Daily reports (en)");
    expect(feed.updated).toBe(iso("2026-03-04T18:00"));
    expect(feed.links?.find((l) => l.rel === "self")?.href).toBe(`${base}/api/v1/feeds/daily/feed.atom`);
    expect(feed.entries!.map((e) => [e.id, e.updated, e.title?.value])).toEqual([
      [`${base}/api/v1/reports/daily/2026-03-04`, iso("2026-03-04T18:00"), "daily 2026-03-04"],
      [`${base}/api/v1/reports/daily/2026-03-03`, iso("2026-03-03T19:00"), "daily 2026-03-03"],
      [`${base}/api/v1/reports/daily/2026-03-02`, iso("2026-03-02T18:00"), "daily 2026-03-02"],
    ]);
    expect(feed.entries![1]!.content?.value).toBe("<h1>Markets on 3 March</h1>\n<p>Final.</p>");
  });

  it("renders the markdown to HTML without anything that runs or loads", async () => {
    const html = atom((await get("/api/v1/feeds/daily/feed.atom")).body).entries![2]!.content!.value!;
    expect(html).toContain("<h1>Markets on 2 March</h1>");
    expect(html).toContain('<a href="https://example.org/a" rel="nofollow noopener noreferrer">a source</a>');
    expect(html).toContain('<th style="text-align:left">tenor</th>');
    // No element that runs, loads or styles, no attribute that loads, no script URL; the image is gone entirely.
    for (const banned of [
      /<script/i,
      /<img/i,
      /<iframe/i,
      /<style/i,
      /<[a-z][^>]*\s(src|on\w+)=/i,
      /href="(?!https?:)/i,
      /pixel\.png/,
    ]) {
      expect(html).not.toMatch(banned);
    }
    // The report's own tags and the script link are shown as text, not markup.
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("[a trap](javascript:alert(1))");
  });

  it("serves the same entries as JSON Feed 1.1, and the Chinese feed with lang=zh", async () => {
    const res = await get("/api/v1/feeds/daily/feed.json");
    expect(res.headers["content-type"]).toBe("application/feed+json; charset=utf-8");
    const feed = jsonFeed(res.body);
    expect(JSON.parse(res.body).version).toBe("https://jsonfeed.org/version/1.1");
    expect(feed.feed_url).toBe(`${base}/api/v1/feeds/daily/feed.json`);
    expect(feed.items!.map((i) => [i.id, i.date_modified, i.language])).toEqual([
      [`${base}/api/v1/reports/daily/2026-03-04`, iso("2026-03-04T18:00"), "en"],
      [`${base}/api/v1/reports/daily/2026-03-03`, iso("2026-03-03T19:00"), "en"],
      [`${base}/api/v1/reports/daily/2026-03-02`, iso("2026-03-02T18:00"), "en"],
    ]);
    const zh = atom((await get("/api/v1/feeds/daily/feed.atom?lang=zh")).body);
    expect(zh.entries!.map((e) => [e.id, e.content?.value])).toEqual([
      [`${base}/api/v1/reports/daily/2026-03-02?lang=zh`, "<h1>3月2日市场</h1>\n<p>利率上升。</p>"],
    ]);
    expect((await get("/api/v1/feeds/daily/feed.json?lang=fr")).json()).toEqual({
      error: "invalid query parameter 'lang': must be one of en, zh",
    });
  });

  it("answers conditional GETs 304 on the ETag or Last-Modified", async () => {
    const first = await get("/api/v1/feeds/daily/feed.atom");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(first.headers["last-modified"]).toBe(new Date(sgt("2026-03-04T18:00")).toUTCString());
    const hit = await get("/api/v1/feeds/daily/feed.atom", { "x-api-key": key, "if-none-match": etag });
    expect(hit.statusCode).toBe(304);
    expect(hit.body).toBe("");
    const since = await get("/api/v1/feeds/daily/feed.atom", {
      "x-api-key": key,
      "if-modified-since": first.headers["last-modified"] as string,
    });
    expect(since.statusCode).toBe(304);
    const older = await get("/api/v1/feeds/daily/feed.atom", {
      "x-api-key": key,
      "if-modified-since": new Date(sgt("2026-03-03T00:00")).toUTCString(),
    });
    expect(older.statusCode).toBe(200);
    // If-None-Match decides alone: a stale ETag is a 200 whatever the date says.
    const stale = await get("/api/v1/feeds/daily/feed.atom", {
      "x-api-key": key,
      "if-none-match": '"0000"',
      "if-modified-since": first.headers["last-modified"] as string,
    });
    expect(stale.statusCode).toBe(200);
    const json = await get("/api/v1/feeds/daily/feed.json");
    expect(json.headers.etag).not.toBe(etag);
    expect(
      (await get("/api/v1/feeds/daily/feed.json", { "x-api-key": key, "if-none-match": json.headers.etag as string }))
        .statusCode,
    ).toBe(304);
  });
});

describe("GET /api/v1/feeds/weekly/{analystId}/feed.atom and feed.json", () => {
  it("lists one entry per ISO week, the latest archive of the week, newest first", async () => {
    const feed = atom((await get("/api/v1/feeds/weekly/chen-yu/feed.atom")).body);
    expect(feed.title?.value).toBe("Institute Research Publishing: Weekly reports of chen-yu (en)");
    expect(feed.entries!.map((e) => [e.id, e.updated, e.authors?.[0]?.name])).toEqual([
      [`${base}/api/v1/reports/weekly/2026-03-02/chen-yu`, iso("2026-03-05T18:00"), "chen-yu"],
      [`${base}/api/v1/reports/weekly/2026-02-23/chen-yu`, iso("2026-02-27T18:00"), "chen-yu"],
    ]);
    expect(feed.entries![0]!.content?.value).toBe("<h1>Week of 2 March</h1>\n<p>Final.</p>");
    const json = jsonFeed((await get("/api/v1/feeds/weekly/chen-yu/feed.json?lang=zh")).body);
    expect(json.items!.map((i) => i.id)).toEqual([`${base}/api/v1/reports/weekly/2026-03-02/chen-yu?lang=zh`]);
  });

  it("is an empty feed for an author without reports in that language, 404 for an author without weeklies", async () => {
    const empty = await get("/api/v1/feeds/weekly/li-wei/feed.atom");
    expect(empty.statusCode).toBe(200);
    expect(atom(empty.body).entries ?? []).toEqual([]);
    const unknown = await get("/api/v1/feeds/weekly/nobody/feed.json");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: "nobody has not published a weekly report" });
  });
});

describe("feed credentials", () => {
  it("accepts a feed token in the URL and in X-API-Key, on feeds only", async () => {
    const token = (await mintKey(gw.db.owner, { name: "reader", scopes: ["feeds:read"] })).key;
    expect((await get(`/api/v1/feeds/daily/feed.atom?token=${token}`, {})).statusCode).toBe(200);
    expect((await get(`/api/v1/feeds/weekly/chen-yu/feed.json?lang=zh&token=${token}`, {})).statusCode).toBe(200);
    expect((await get("/api/v1/feeds/daily/feed.atom", { "x-api-key": token })).statusCode).toBe(200);
    // The reports a feed links to read it too (in the URL or the header); any other route refuses it.
    expect((await get(`/api/v1/reports/daily/2026-03-03?token=${token}`, {})).statusCode).toBe(200);
    expect((await get("/api/v1/reports/weekly/2026-03-05/chen-yu", { "x-api-key": token })).statusCode).toBe(200);
    const health = await get("/api/v1/reports/fleet-health/latest", { "x-api-key": token });
    expect(health.statusCode).toBe(403);
    expect(health.json()).toEqual({
      error: "missing scope: reports:read",
      required: "reports:read",
      granted: ["feeds:read"],
    });
    const inUrl = await get(`/api/v1/reports/fleet-health/latest?token=${token}`, {});
    expect(inUrl.statusCode).toBe(401);
    expect(inUrl.json()).toEqual({ error: "missing API key: send it in the X-API-Key header" });
  });

  it("read with ?token=, links entries, self and alternate with the same token, and each link answers 200", async () => {
    const token = (await mintKey(gw.db.owner, { name: "linked reader", scopes: ["feeds:read"] })).key;
    const other = (await mintKey(gw.db.owner, { name: "second reader", scopes: ["feeds:read"] })).key;
    const withToken = (url: string, t = token) => `${url}${url.includes("?") ? "&" : "?"}token=${t}`;
    for (const path of ["/api/v1/feeds/daily/feed.atom", "/api/v1/feeds/weekly/chen-yu/feed.atom?lang=en"]) {
      const feed = atom((await get(withToken(path), {})).body, false);
      expect(feed.links?.find((l) => l.rel === "self")?.href).toBe(withToken(`${base}${path.replace("?lang=en", "")}`));
      expect(feed.links?.find((l) => l.rel === "alternate")?.href).toBe(
        withToken(`${base}${path.replace("?lang=en", "").replace("feed.atom", "feed.json")}`),
      );
      expect(feed.entries?.length).toBeGreaterThan(0);
      for (const e of feed.entries ?? []) {
        // The id stays the report's own address; the link is what a reader follows.
        expect(e.id).not.toContain("token=");
        const href = e.links?.find((l) => l.rel === "alternate")?.href ?? "";
        expect(href).toBe(withToken(e.id!));
        const followed = await get(href.slice(base.length), {});
        expect([followed.statusCode, followed.headers["content-type"]]).toEqual([200, "text/markdown; charset=utf-8"]);
      }
      // A second reader's copy links with its own token, never the first's (the read cache keeps them apart).
      const second = (await get(withToken(path, other), {})).body;
      expect(second).not.toContain(token);
      expect(second).toContain(other);
    }
    const json = JSON.parse((await get(withToken("/api/v1/feeds/daily/feed.json"), {})).body);
    expect(json.feed_url).toBe(withToken(`${base}/api/v1/feeds/daily/feed.json`));
    for (const item of json.items) expect(item.url).toBe(withToken(item.id));
    // Read with a header key, the links carry nothing.
    expect((await get("/api/v1/feeds/daily/feed.atom", { "x-api-key": token })).body).not.toContain("token=");
  });

  it("refuses with a WWW-Authenticate challenge naming the header, and on feeds the query parameter too", async () => {
    const refused = await get("/api/v1/analysts", {});
    expect([refused.statusCode, refused.headers["www-authenticate"]]).toEqual([
      401,
      'ApiKey realm="institute-research", header="X-API-Key"',
    ]);
    const wrongKey = await get("/api/v1/analysts", { "x-api-key": "sk_ins_wrong" });
    expect([wrongKey.statusCode, wrongKey.headers["www-authenticate"]]).toEqual([
      401,
      'ApiKey realm="institute-research", header="X-API-Key"',
    ]);
    for (const url of ["/api/v1/feeds/daily/feed.atom", "/api/v1/feeds/daily/feed.atom?token=sk_ins_nope"]) {
      const feed = await get(url, {});
      expect([feed.statusCode, feed.headers["www-authenticate"]]).toEqual([
        401,
        'ApiKey realm="institute-research", header="X-API-Key", ApiKey realm="institute-research", query="token"',
      ]);
    }
    const unknown = await get("/api/v1/no-such-route", {});
    expect([unknown.statusCode, unknown.headers["www-authenticate"]]).toEqual([
      401,
      'ApiKey realm="institute-research", header="X-API-Key"',
    ]);
  });

  it("refuses an institute key in the URL, a wrong token and a revoked one", async () => {
    const inUrl = await get(`/api/v1/feeds/daily/feed.atom?token=${key}`, {});
    expect(inUrl.statusCode).toBe(401);
    expect(inUrl.json()).toEqual({
      error:
        "only a feed token (a key whose one scope is feeds:read) may be sent in a URL; send an institute key in the X-API-Key header",
    });
    expect((await get("/api/v1/feeds/daily/feed.atom?token=sk_ins_nope", {})).json()).toEqual({
      error: "invalid feed token",
    });
    const minted = await mintKey(gw.db.owner, { name: "revoked reader", scopes: ["feeds:read"] });
    expect((await get(`/api/v1/feeds/daily/feed.atom?token=${minted.key}`, {})).statusCode).toBe(200);
    await revokeKey(gw.db.owner, minted.keyId);
    expect((await get(`/api/v1/feeds/daily/feed.atom?token=${minted.key}`, {})).statusCode).toBe(401);
    expect((await get("/api/v1/feeds/daily/feed.atom", {})).json()).toEqual({
      error: "missing API key: send it in the X-API-Key header",
    });
  });

  it("cannot be minted together with another scope", async () => {
    await expect(mintKey(gw.db.owner, { name: "mixed", scopes: ["feeds:read", "reports:read"] })).rejects.toThrow(
      "feeds:read makes a feed token, which may be sent in a URL: it is held alone (mint another key for reports:read)",
    );
  });
});
