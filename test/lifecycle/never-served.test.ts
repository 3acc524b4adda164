/**
 * A withdrawn item is never served through any path (docs/lifecycle.md): over the demo dataset, one item of each
 * withdrawable kind is withdrawn in turn, then every sample REST request, every tool an institute key may call and
 * every resource listed (and read) is asked, and no answer may carry the item: its body, its ETag, its id in the
 * fields that name it. Tombstones are the one place a withdrawn item's address may appear, so they are cut out first.
 * The item's own route answers 404 saying it was withdrawn; reinstating it brings the answers back as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../demo-data/index.js";
import { TOOLS } from "../../gateway/mcp/tools/index.js";
import { inTransaction } from "../../lib/db/transaction.js";
import { ALL_SCOPES } from "../../lib/scopes.js";
import { addDays, isoWeekOf } from "../../lib/work-date.js";
import { reinstate, withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { restRequests, sampleIds, toolArguments, type SampleIds } from "../cluster/sample-requests.js";
import { readCacheLive, startTestGateway, type TestGateway } from "../helpers/gateway.js";

const AS_OF = Date.parse("2026-11-20T10:00:00Z");
let gw: TestGateway;
let key: string;
let ids: SampleIds;
/** A document the sample search finds, with a path no other document has. */
let searchDoc: { docId: string; path: string };

beforeAll(async () => {
  gw = await startTestGateway({
    now: () => AS_OF,
    fill: async (db) => void (await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: AS_OF })),
  });
  key = await gw.key([...ALL_SCOPES, "viewer:read", "sessions:read", "mailbox:read", "events:read"]);
  ids = await sampleIds(gw.db.owner);
  await readCacheLive(gw.app);
  const search = restRequests(ids).find((r) => r.method === "POST")!;
  const found = await gw.app.inject({
    method: "POST",
    url: search.url,
    headers: { "x-api-key": key, "content-type": "application/json" },
    payload: search.body as object,
  });
  for (const { path } of found.json().results as { path: string | null }[]) {
    const { rows } = await gw.db.owner.query("SELECT doc_id FROM search.documents WHERE path = $1", [path]);
    if (path !== null && rows.length === 1) {
      searchDoc = { docId: rows[0].doc_id, path };
      break;
    }
  }
  expect(searchDoc).toBeDefined();
}, 180_000);
afterAll(async () => gw?.close());

interface Answer {
  where: string;
  status: number;
  etag?: string;
  body: string;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** `"field": "value"` as JSON writes it, with or without spaces, and escaped once more inside a JSON string. */
const field = (name: string, value: string) => new RegExp(`\\\\?"${escape(name)}\\\\?"\\s*:\\s*\\\\?"${escape(value)}`);
/** Tombstones name what was withdrawn on purpose: an Atom deleted-entry and the JSON Feed extension. */
const withoutTombstones = (body: string) =>
  body.replace(/<at:deleted-entry[\s\S]*?<\/at:deleted-entry>/g, "").replace(/"_institute":\{[^}]*\}/g, "");

const rpc = async (method: string, params: unknown) =>
  gw.app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "x-api-key": key, "content-type": "application/json" },
    payload: { jsonrpc: "2.0", id: 1, method, params },
  });

/** Every sample REST request, every tool an institute key may call, the resource list and each listed resource. */
async function walk(): Promise<Answer[]> {
  const out: Answer[] = [];
  for (const r of restRequests(ids)) {
    const res = await gw.app.inject({
      method: r.method,
      url: r.url,
      headers: { "x-api-key": key, ...(r.body ? { "content-type": "application/json" } : {}) },
      ...(r.body ? { payload: r.body as object } : {}),
    });
    out.push({ where: r.url, status: res.statusCode, etag: res.headers.etag as string | undefined, body: res.body });
  }
  const args = toolArguments(ids);
  for (const tool of TOOLS) {
    if ("party" in tool.grant) continue;
    const res = await rpc("tools/call", { name: tool.name, arguments: args[tool.name] ?? {} });
    out.push({ where: `tool ${tool.name}`, status: res.statusCode, body: res.body });
  }
  let cursor: string | undefined;
  do {
    const res = await rpc("resources/list", cursor ? { cursor } : {});
    out.push({ where: "resources/list", status: res.statusCode, body: res.body });
    const { result } = res.json() as { result: { resources: { uri: string }[]; nextCursor?: string } };
    for (const { uri } of result.resources) {
      const read = await rpc("resources/read", { uri });
      out.push({ where: `resource ${uri}`, status: read.statusCode, body: read.body });
    }
    cursor = result.nextCursor;
  } while (cursor);
  return out;
}

/**
 * Governor logs and workspace records (events, sessions, mailbox, memory) refer to items by id or path: they are
 * records about the item, not the item, and stay (docs/lifecycle.md).
 */
const REFERENCES =
  /topic-pool|\/changes|similarity-log|tool (whiteboard_topic_pool|whiteboard_similarity_log|events_|sessions_|mailbox_|institute_memory|research_queue|changes_since)/;

interface Case {
  kind: string;
  args: () => string[];
  /** What no answer may carry while it is withdrawn. */
  markers: () => Promise<{ text?: RegExp[]; etags?: string[]; bodies?: string[]; skip?: RegExp }>;
  /** Requests that must answer 404 naming the withdrawal. */
  own: () => Array<{ url?: string; tool?: [string, Record<string, unknown>] }>;
}

const bodiesOf = async (where: string, values: unknown[]) =>
  (
    await gw.db.owner.query<{ body: string; sha256: string }>(
      `SELECT o.body, o.sha256 FROM reports.reports r JOIN objects.blobs o ON o.key = r.object_key WHERE ${where}`,
      values,
    )
  ).rows;

const weekDates = (date: string) => {
  const { weekStart } = isoWeekOf(date);
  return Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
};

const CASES: Case[] = [
  {
    kind: "daily",
    args: () => [ids.daily.date!],
    markers: async () => {
      const rows = await bodiesOf("r.kind = 'daily' AND r.work_date = $1", [ids.daily.date!]);
      return {
        text: [new RegExp(`daily/${ids.daily.date!}(?![0-9])`)],
        etags: rows.map((r) => `"${r.sha256}"`),
        bodies: rows.map((r) => r.body),
        skip: REFERENCES,
      };
    },
    own: () => [
      { url: `/api/v1/reports/daily/${ids.daily.date!}` },
      { tool: ["reports_daily", { date: ids.daily.date! }] },
    ],
  },
  {
    kind: "weekly",
    args: () => [ids.weekly.date!, ids.weekly.analyst_id!],
    markers: async () => {
      const week = weekDates(ids.weekly.date!);
      const rows = await bodiesOf("r.kind = 'weekly' AND r.work_date BETWEEN $1 AND $2 AND r.analyst_id = $3", [
        week[0],
        week[6],
        ids.weekly.analyst_id!,
      ]);
      return {
        text: week.map(
          (d) => new RegExp(`weekly/${d}/${escape(encodeURIComponent(ids.weekly.analyst_id!))}(?![\\w-])`),
        ),
        etags: rows.map((r) => `"${r.sha256}"`),
        bodies: rows.map((r) => r.body),
        skip: REFERENCES,
      };
    },
    own: () => [{ url: `/api/v1/reports/weekly/${ids.weekly.date!}/${ids.weekly.analyst_id!}` }],
  },
  {
    kind: "data-topics",
    args: () => [`${ids.data.date!}/${ids.data.topic!}`],
    markers: async () => {
      const { rows } = await gw.db.owner.query(
        "SELECT document::text AS json FROM reports.data_topics WHERE work_date = $1 AND topic = $2",
        [ids.data.date!, ids.data.topic!],
      );
      return { bodies: [rows[0].json], text: [field("topic", ids.data.topic!)], skip: /tool data_list_topics/ };
    },
    own: () => [{ url: `/api/v1/data/${ids.data.date!}/${ids.data.topic!}` }],
  },
  {
    kind: "threads",
    args: () => [ids.thread.board_id!],
    markers: async () => ({ text: [field("board_id", ids.thread.board_id!)], skip: REFERENCES }),
    own: () => [
      { url: `/api/v1/whiteboard/threads/${ids.thread.board_id!}` },
      { tool: ["whiteboard_get_thread", { board_id: ids.thread.board_id! }] },
    ],
  },
  {
    kind: "cards",
    args: () => [ids.report.card_id!],
    markers: async () => ({
      text: [field("card_id", ids.report.card_id!), new RegExp(`cards/${escape(ids.report.card_id!)}/report`)],
      skip: REFERENCES,
    }),
    own: () => [
      { url: `/api/v1/whiteboard/cards/${ids.report.card_id!}/report` },
      { tool: ["whiteboard_get_card", { card_id: ids.report.card_id! }] },
      { tool: ["whiteboard_card_actions", { card_id: ids.report.card_id! }] },
    ],
  },
  {
    kind: "fact-cards",
    args: () => [ids.factCard.fact_card_id!],
    markers: async () => ({ text: [field("fact_card_id", ids.factCard.fact_card_id!)] }),
    own: () => [
      { url: `/api/v1/factcards/${ids.factCard.fact_card_id!}` },
      { url: `/api/v1/factcards/${ids.factCard.fact_card_id!}/similar` },
      { tool: ["factcards_get", { fact_card_id: ids.factCard.fact_card_id! }] },
    ],
  },
  {
    kind: "search-documents",
    args: () => [searchDoc.docId],
    markers: async () => ({ text: [field("path", searchDoc.path)] }),
    own: () => [],
  },
  {
    kind: "chain-facts",
    args: () => [ids.fact.fact_id!],
    markers: async () => ({ text: [field("fact_id", ids.fact.fact_id!)] }),
    own: () => [{ tool: ["chain_fact_get", { fact_id: ids.fact.fact_id! }] }],
  },
];

async function apply(op: "withdraw" | "reinstate", kind: string, args: string[]) {
  const k = withdrawalKind(kind);
  const id = k.itemId(args);
  const actor = { by: "operator:test", at: AS_OF };
  await inTransaction(gw.db.owner, (c) =>
    op === "withdraw" ? withdraw(c, k, id, "published in error", actor) : reinstate(c, k, id, actor),
  );
  await gw.app.readCache?.settle();
}

async function ownAnswers(c: Case) {
  const out: { status: number; body: string }[] = [];
  for (const own of c.own()) {
    if (own.url) {
      const res = await gw.app.inject({ url: own.url, headers: { "x-api-key": key } });
      out.push({ status: res.statusCode, body: res.body });
    } else {
      const res = await rpc("tools/call", { name: own.tool![0], arguments: own.tool![1] });
      out.push({ status: res.statusCode, body: res.body });
    }
  }
  return out;
}

describe("after a withdrawal of each kind, no route, tool or resource serves it", () => {
  for (const c of CASES) {
    it(`${c.kind}`, async () => {
      const markers = await c.markers();
      const before = await ownAnswers(c);
      for (const a of before) expect(a.body).not.toContain("withdrawn");
      // The markers find the item before it is withdrawn: the check can fail.
      const seen = (await walk()).filter((a) => !markers.skip?.test(a.where));
      const carries = (a: Answer) =>
        (markers.text ?? []).some((re) => re.test(withoutTombstones(a.body))) ||
        (markers.etags ?? []).includes(a.etag ?? "") ||
        (markers.bodies ?? []).some((b) => a.body.includes(b) || a.body.includes(JSON.stringify(b).slice(1, -1)));
      expect(seen.some(carries), `${c.kind}: the markers find the item before`).toBe(true);

      await apply("withdraw", c.kind, c.args());
      for (const a of await ownAnswers(c)) {
        expect(a.body, c.kind).toMatch(/was withdrawn|were withdrawn/);
        if (!a.body.startsWith('{"jsonrpc"')) expect(a.status).toBe(404);
      }
      const after = (await walk()).filter((a) => !markers.skip?.test(a.where));
      const served = after.filter(carries).map((a) => a.where);
      expect(served, `${c.kind} served by`).toEqual([]);
      for (const a of after) expect(a.status, a.where).toBeLessThan(500);

      await apply("reinstate", c.kind, c.args());
      expect(await ownAnswers(c)).toEqual(before);
    }, 120_000);
  }
});
