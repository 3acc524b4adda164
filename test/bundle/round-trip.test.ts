/**
 * The round trip: the demo dataset exported from database A and imported into an empty database B answers every
 * REST route and every tool byte for byte as A does; each REST-shaped line is the route's answer; B exports the
 * same bundle back; importing the same bundle again changes nothing; and edited lines imported into B while its gateway runs show up there
 * without a restart (report bodies, NAV series, fact cards, search documents, analysts).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportBundle } from "../../bundle/export.js";
import { importBundle } from "../../bundle/import.js";
import { KINDS } from "../../bundle/kinds/index.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { seedDemoData } from "../../demo-data/index.js";
import { embedPending } from "../../services/embedding/embed-job.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { waitFor } from "../cluster/compare.js";
import {
  restRequests,
  sampleIds,
  toolArguments,
  type RestRequest,
  type SampleIds,
} from "../cluster/sample-requests.js";
import { startTestGateway, type TestGateway } from "../helpers/gateway.js";
import { newKey, writePeersFile } from "../mcp/harness.js";
import { tempFolder, writeBundle } from "./bundle-files.js";
import { tableDigests } from "./table-digests.js";

const AS_OF = Date.parse("2026-11-20T10:00:00Z");
const peerKey = newKey("coverage");
const peers = writePeersFile([{ id: "party-bundle", keys: [peerKey], coverage: true }]);
const env = { PEERS_FILE: peers.file, CURSOR_SECRET: "bundle-round-trip-cursor-secret", INDEX_REFRESH_MS: "200" };
const exported = tempFolder("bundle-export-");
const edited = tempFolder("bundle-edited-");
const embedder = createHashedNgramEmbedder();

let a: TestGateway;
let b: TestGateway;
let keys: { a: string; b: string };
let ids: SampleIds;

beforeAll(async () => {
  a = await startTestGateway({
    now: () => AS_OF,
    env,
    fill: async (db) => {
      await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF });
      await embedPending(db.owner, embedder);
    },
  });
  await exportBundle(a.db.owner, exported.dir, KINDS);
  b = await startTestGateway({
    now: () => AS_OF,
    env,
    fill: async (db) => {
      const result = await importBundle(db.owner, exported.dir, KINDS);
      if (result.problems) throw new Error(result.problems.join("\n"));
      await embedPending(db.owner, embedder);
    },
  });
  keys = { a: await a.key([...ALL_SCOPES]), b: await b.key([...ALL_SCOPES]) };
  ids = await sampleIds(a.db.owner);
}, 180_000);

afterAll(async () => {
  await Promise.allSettled([a?.close(), b?.close()]);
  exported.remove();
  edited.remove();
  peers.remove();
});

/**
 * A portfolio's series version is its database's change counter (a bundle carries no counters, as it carries no
 * cursors): B counts its own writes. The series and tear-sheet answers name it; everything else must match as is.
 */
const withoutSeriesVersions = (text: string) => text.replace(/("series_version\\?":\\?")[^"\\]*/g, "$1…");

async function ask(gw: TestGateway, key: string, r: Pick<RestRequest, "method" | "url" | "body">) {
  const res = await gw.app.inject({
    method: r.method,
    url: r.url,
    headers: { "x-api-key": key },
    ...(r.body ? { payload: r.body as object } : {}),
  });
  const text = withoutSeriesVersions(res.body);
  // A JSON answer's ETag hashes its bytes: one that names B's own series version carries B's own tag.
  const etag = text === res.body ? res.headers.etag : res.headers.etag && "(a tag of bytes holding a series version)";
  return {
    status: res.statusCode,
    type: res.headers["content-type"],
    etag,
    lastModified: res.headers["last-modified"],
    text,
  };
}

const both = (r: Pick<RestRequest, "method" | "url" | "body">) => Promise.all([ask(a, keys.a, r), ask(b, keys.b, r)]);

function callTool(gw: TestGateway, key: string, name: string, args: unknown) {
  return gw.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "x-api-key": key, accept: "application/json, text/event-stream", "content-type": "application/json" },
    payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } },
  });
}

const linesOf = (kind: string) =>
  readFileSync(path.join(exported.dir, `${kind}.ndjson`), "utf8")
    .trimEnd()
    .split("\n");

/** Whole lists, beyond the sample requests' short pages. */
const fullLists: RestRequest[] = [
  { route: "threads", method: "GET", url: "/api/v1/whiteboard/threads?limit=200" },
  { route: "threads", method: "GET", url: "/api/v1/whiteboard/threads?status=completed&limit=200" },
  { route: "topic-pool", method: "GET", url: "/api/v1/whiteboard/topic-pool?limit=500" },
  { route: "similarity-log", method: "GET", url: "/api/v1/whiteboard/similarity-log?limit=500" },
  { route: "factcards", method: "GET", url: "/api/v1/factcards?limit=200" },
  {
    route: "search",
    method: "POST",
    url: "/api/v1/search",
    body: { query: "semiconductor export controls", top_k: 12 },
  },
];

describe("a bundle of the demo dataset, exported from A and imported into an empty B", () => {
  it("answers every REST route on B byte for byte as on A", async () => {
    const requests = [...restRequests(ids), ...fullLists];
    const openapi = JSON.parse((await ask(a, keys.a, { method: "GET", url: "/api/openapi.json" })).text)
      .paths as Record<string, object>;
    const routes = Object.entries(openapi).flatMap(([p, ops]) =>
      Object.keys(ops)
        .filter((m) => ["get", "post"].includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(new Set(restRequests(ids).map((r) => `${r.method} ${r.route}`))).toEqual(new Set(routes));
    for (const r of requests) {
      const [there, here] = await both(r);
      expect(there.status, `${r.method} ${r.url}`).toBeLessThan(500);
      // The change feed is each instance's own commit history (its times, its order), not the data: compared below.
      if (r.url.startsWith("/api/v1/changes")) continue;
      expect(here, `${r.method} ${r.url}`).toEqual(there);
    }
  });

  it("lists on B's change feed every item A's lists, each as upserted", async () => {
    async function published(gw: TestGateway, key: string) {
      const items = new Set<string>();
      let cursor = "";
      for (;;) {
        const page = JSON.parse(
          (await ask(gw, key, { method: "GET", url: `/api/v1/changes?limit=1000${cursor}` })).text,
        );
        for (const c of page.changes as { kind: string; id: string; change: string }[])
          if (c.change === "upserted") items.add(`${c.kind} ${c.id}`);
        if (!page.has_more) return [...items].sort();
        cursor = `&cursor=${page.next_cursor}`;
      }
    }
    const there = await published(a, keys.a);
    expect(there.length).toBeGreaterThan(100);
    expect(await published(b, keys.b)).toEqual(there);
  });

  it("answers every tool on B byte for byte as on A", async () => {
    const args = toolArguments(ids);
    expect(Object.keys(args).sort()).toEqual(TOOLS.map((t) => t.name).sort());
    for (const [name, input] of Object.entries(args)) {
      const [keyA, keyB] = name === "coverage_artifacts" ? [peerKey, peerKey] : [keys.a, keys.b];
      const [there, here] = await Promise.all([callTool(a, keyA, name, input), callTool(b, keyB, name, input)]);
      expect(there.statusCode, name).toBe(200);
      expect(JSON.parse(there.body).result?.isError, `${name}: ${there.body.slice(0, 300)}`).toBe(false);
      // changes_since answers each instance's own commit history, like the route (compared by items above).
      if (name === "changes_since") continue;
      expect(withoutSeriesVersions(here.body), name).toBe(withoutSeriesVersions(there.body));
    }
  });

  it("holds each REST-shaped resource exactly as its route answers it", async () => {
    const exactly = async (kind: string, url: (line: Record<string, string>) => string) => {
      for (const text of linesOf(kind))
        expect((await ask(a, keys.a, { method: "GET", url: url(JSON.parse(text)) })).text, kind).toBe(text);
    };
    await exactly("analysts", (l) => `/api/v1/analysts/${l.id}`);
    await exactly("threads", (l) => `/api/v1/whiteboard/threads/${l.board_id}`);
    await exactly("fact-cards", (l) => `/api/v1/factcards/${l.fact_card_id}`);
    const listed = async (url: string, id: string) =>
      new Map(
        (JSON.parse((await ask(a, keys.a, { method: "GET", url })).text).entries as Record<string, string>[]).map(
          (e) => [e[id], JSON.stringify(e)],
        ),
      );
    const pool = await listed("/api/v1/whiteboard/topic-pool?limit=500", "pool_id");
    expect(linesOf("topic-pool").map((t) => pool.get(JSON.parse(t).pool_id))).toEqual(linesOf("topic-pool"));
    const log = await listed("/api/v1/whiteboard/similarity-log?limit=500", "log_id");
    expect(linesOf("similarity-log").map((t) => log.get(JSON.parse(t).log_id))).toEqual(linesOf("similarity-log"));
    // analysts.ndjson is in the list's order.
    const list = JSON.parse((await ask(a, keys.a, { method: "GET", url: "/api/v1/analysts" })).text).analysts as {
      id: string;
    }[];
    expect(linesOf("analysts").map((t) => JSON.parse(t).id)).toEqual(list.map((x) => x.id));
  });

  it("exports from B the very bundle it was loaded from, file for file", async () => {
    const again = tempFolder("bundle-again-");
    try {
      await exportBundle(b.db.owner, again.dir, KINDS);
      const files = (dir: string) =>
        readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
          .sort();
      expect(files(again.dir)).toEqual(files(exported.dir));
      for (const file of files(exported.dir).filter((f) => f !== "manifest.json")) {
        expect(readFileSync(path.join(again.dir, file), "utf8"), file).toBe(
          readFileSync(path.join(exported.dir, file), "utf8"),
        );
      }
      const manifest = (dir: string) => JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")).counts;
      expect(manifest(again.dir)).toEqual(manifest(exported.dir));
    } finally {
      again.remove();
    }
  });

  it("changes nothing when the same bundle is imported again: every table holds the same rows", async () => {
    const before = await tableDigests(b.db.owner);
    const again = await importBundle(b.db.owner, exported.dir, KINDS);
    expect(Object.values(again.kinds).every((k) => k.changed === 0)).toBe(true);
    expect(Object.keys(again.kinds)).toEqual(KINDS.map((k) => k.name));
    expect(await embedPending(b.db.owner, embedder)).toMatchObject({
      documents: { embedded: 0 },
      factCards: { embedded: 0 },
    });
    expect(await tableDigests(b.db.owner)).toEqual(before);
  });
});

describe("edited lines imported into B while its gateway runs", () => {
  it("show up on B's routes without a restart, and only the changed texts are embedded again", async () => {
    const pick = (kind: string, test: (l: Record<string, any>) => boolean) =>
      JSON.parse(linesOf(kind).find((t) => test(JSON.parse(t)))!);
    const daily = await a.db.owner.query(
      `SELECT r.work_date, r.object_key FROM reports.reports r WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' ORDER BY work_date DESC, archived_at DESC LIMIT 1`,
    );
    const { work_date: date, object_key: dailyKey } = daily.rows[0];
    const portfolio = ids.portfolios[0]!;
    const latestNav = (
      await a.db.owner.query("SELECT max(taken_at) AS t FROM portfolio.nav_snapshots WHERE portfolio_id = $1", [
        portfolio,
      ])
    ).rows[0].t;

    // Warm every cache on the way: report bodies and validators, metrics, the vector indexes.
    const dailyUrl = `/api/v1/reports/daily/${date}?lang=en`;
    const metricsUrl = `/api/v1/portfolios/${portfolio}/metrics`;
    const factUrl = `/api/v1/factcards/${ids.factCard.fact_card_id}`;
    const searchFor = (query: string) =>
      ask(b, keys.b, { method: "POST", url: "/api/v1/search", body: { query, top_k: 3 } });
    const [dailyBefore, metricsBefore] = [
      await ask(b, keys.b, { method: "GET", url: dailyUrl }),
      await ask(b, keys.b, { method: "GET", url: metricsUrl }),
    ];
    await ask(b, keys.b, { method: "GET", url: `${factUrl}/similar` });
    await searchFor("zirconium tantalum niobium supply");

    const analyst = pick("analysts", (l) => l.id === ids.analyst.analyst_id);
    const object = pick("objects", (l) => l.key === dailyKey);
    const nav = pick("nav-snapshots", (l) => l.portfolio_id === portfolio && l.taken_at === latestNav);
    const fact = pick("fact-cards", (l) => l.fact_card_id === ids.factCard.fact_card_id);
    const doc = JSON.parse(linesOf("search-documents")[0]!);
    // A new row merges with what B holds.
    const newEntry = {
      ...pick("topic-pool", () => true),
      pool_id: "pool_imported_later",
      topic: "Imported later",
      score: 1e6,
    };
    writeBundle(edited.dir, {
      lines: {
        analysts: [{ ...analyst, name: `${analyst.name} (edited)` }],
        objects: [object],
        "nav-snapshots": [{ ...nav, nav: nav.nav * 1.5 }],
        "fact-cards": [{ ...fact, claim_text_en: "Zirconium tantalum niobium output tripled in the quarter." }],
        "search-documents": [
          {
            ...doc,
            title: "Zirconium tantalum niobium supply",
            body: "Zirconium, tantalum and niobium supply is the edited body.",
          },
        ],
        "topic-pool": [newEntry],
      },
      files: { [object.file]: "# Edited daily\n\nThe edited body of the daily report.\n" },
    });
    const result = await importBundle(b.db.owner, edited.dir, KINDS);
    expect(result.problems).toBeUndefined();
    expect(Object.fromEntries(Object.entries(result.kinds).filter(([, k]) => k.lines > 0))).toEqual({
      objects: { lines: 1, changed: 1 },
      analysts: { lines: 1, changed: 1 },
      "nav-snapshots": { lines: 1, changed: 1 },
      "search-documents": { lines: 1, changed: 1 },
      "fact-cards": { lines: 1, changed: 1 },
      "topic-pool": { lines: 1, changed: 1 },
    });
    expect(await embedPending(b.db.owner, embedder)).toMatchObject({
      documents: { embedded: 1 },
      factCards: { embedded: 1 },
    });
    // A writer in the gateway's own process: once the read cache has settled, every read sees its changes.
    await b.app.readCache?.settle();

    const dailyAfter = await ask(b, keys.b, { method: "GET", url: dailyUrl });
    expect(dailyAfter.text).toBe("# Edited daily\n\nThe edited body of the daily report.\n");
    expect(dailyAfter.etag).not.toBe(dailyBefore.etag);
    expect(
      (
        await b.app.inject({
          method: "GET",
          url: dailyUrl,
          headers: { "x-api-key": keys.b, "if-none-match": dailyBefore.etag! },
        })
      ).statusCode,
    ).toBe(200);
    const metrics = JSON.parse((await ask(b, keys.b, { method: "GET", url: metricsUrl })).text);
    expect(metrics.latest_nav).toBe(nav.nav * 1.5);
    expect(metrics.latest_nav).not.toBe(JSON.parse(metricsBefore.text).latest_nav);
    expect(JSON.parse((await ask(b, keys.b, { method: "GET", url: `/api/v1/analysts/${analyst.id}` })).text).name).toBe(
      `${analyst.name} (edited)`,
    );
    const card = JSON.parse((await ask(b, keys.b, { method: "GET", url: factUrl })).text);
    expect(card).toMatchObject({
      claim_text_en: "Zirconium tantalum niobium output tripled in the quarter.",
      embedding_status: "done",
    });
    // The vector indexes poll committed rows: the edited document and claim are found by their new text.
    await waitFor(
      async () =>
        JSON.parse((await searchFor("zirconium tantalum niobium supply")).text).results[0]?.title ===
        "Zirconium tantalum niobium supply",
      10_000,
    );
    const top = JSON.parse((await searchFor("zirconium tantalum niobium supply")).text).results[0];
    expect(top).toMatchObject({ path: doc.path, title: "Zirconium tantalum niobium supply" });
    expect(top.excerpt).toContain("edited body");
    const pool = JSON.parse(
      (await ask(b, keys.b, { method: "GET", url: "/api/v1/whiteboard/topic-pool?limit=500" })).text,
    );
    expect(pool.count).toBe(linesOf("topic-pool").length + 1);
    expect(JSON.stringify(pool.entries[0])).toBe(JSON.stringify(newEntry));
    // Nothing else moved: the analyst list keeps its order (an existing analyst keeps its place).
    const [listA, listB] = await both({ method: "GET", url: "/api/v1/analysts" });
    expect(JSON.parse(listB.text).analysts.map((x: { id: string }) => x.id)).toEqual(
      JSON.parse(listA.text).analysts.map((x: { id: string }) => x.id),
    );
  });
});
