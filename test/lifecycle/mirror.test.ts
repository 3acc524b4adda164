/**
 * A mirror follows GET /api/v1/changes while writers in other sessions change what it mirrors at random,
 * concurrently: two archive drafts and withdraw and reinstate dailies; one imports bundles of drafts, some carrying a
 * withdrawal of the daily they bring; and one is the governor's callbacks (signed relay callbacks through the real
 * callback route of either replica, duplicates and failures among them, applied by the governor's own step into the
 * cards' extracted actions) beside withdrawals and reinstatements of threads. The mirror fetches each changed item's
 * route as the change arrives (a thread with each of its cards' actions). When the writers are done and the mirror
 * has caught up, its copy equals what every route serves now, byte for byte, for every item ever written: no change
 * was skipped, whatever order the writers' transactions committed in.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importBundle } from "../../bundle/import.js";
import { KINDS } from "../../bundle/kinds/index.js";
import { applyPendingCallbacks } from "../../governor/callbacks/apply-callbacks.js";
import { createCallbackInbox } from "../../governor/callbacks/inbox-store.js";
import { insertTask } from "../../governor/tick/tasks-store.js";
import { inTransaction } from "../../lib/db/transaction.js";
import { silentLog } from "../../lib/log.js";
import { signatureOf } from "../../lib/relay/signature.js";
import { reinstate, withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { tempFolder, writeBundle } from "../bundle/bundle-files.js";
import { addCards } from "../fixtures/governor.js";
import { addReport, EDITOR } from "../fixtures/reports.js";
import { readCacheLive, startReplica, startTestGateway, type TestGateway } from "../helpers/gateway.js";
import type { TestDatabase } from "../helpers/test-database.js";
import type { FastifyInstance } from "fastify";

const SECRET = "mirror-relay-secret-0123456789abcdef";
/** Each replica keeps the callbacks it receives in the governor's inbox, as the cluster's gateways do. */
const relayCallbacks = (db: TestDatabase) => ({
  inbox: createCallbackInbox({ db: db.owner }),
  relayName: "Relay",
  signingSecret: SECRET,
});

let gw: TestGateway;
let replica: FastifyInstance;
let key: string;
/** Two threads of cards with nothing extracted yet: the callbacks' subjects, split between the writers' steps. */
let cards: string[];

beforeAll(async () => {
  gw = await startTestGateway({ relayCallbacks });
  replica = await startReplica(gw, { relayCallbacks });
  key = await gw.key(["reports:read", "whiteboard:read"]);
  cards = [
    ...(await addCards(gw.db.owner, 12, { prefix: "ca" })),
    ...(await addCards(gw.db.owner, 12, { prefix: "cb" })),
  ];
  await readCacheLive(gw.app);
}, 120_000);
afterAll(async () => {
  await replica?.close();
  await gw?.close();
});

const DATES = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"];
const ANALYSTS = ["ana-m", "chen-yu"];

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}

async function writer(seed: number, steps: number) {
  const pick = random(seed);
  const actor = { by: `writer-${seed}`, at: Date.now() };
  for (let i = 0; i < steps; i++) {
    const date = DATES[pick(DATES.length)]!;
    const what = pick(4);
    if (what <= 1) {
      const weekly = what === 1;
      await addReport(gw.db.owner, {
        id: `r-${seed}-${i}`,
        kind: weekly ? "weekly" : "daily",
        analyst: weekly ? ANALYSTS[pick(ANALYSTS.length)]! : EDITOR,
        date,
        lang: pick(2) ? "en" : "zh",
        archivedAt: Date.now() + i,
        body: `# ${seed} ${i} ${date}`,
      });
    } else {
      const kind = withdrawalKind("daily");
      await inTransaction(gw.db.owner, async (c) => {
        const exists = await c.query("SELECT 1 FROM reports.reports WHERE kind = 'daily' AND work_date = $1", [date]);
        if (!exists.rowCount) return;
        if (what === 2) await withdraw(c, kind, date, "random", actor);
        else await reinstate(c, kind, date, actor).catch(() => undefined);
      });
    }
  }
}

/**
 * Imports as a writer: each step a bundle of one report draft (its reports line and its body as an object), and now
 * and then a withdrawals line taking down the daily it brings, imported as `npm run import` does.
 */
async function imports(seed: number, steps: number) {
  const pick = random(seed);
  const folder = tempFolder("mirror-import-");
  try {
    for (let i = 0; i < steps; i++) {
      const date = DATES[pick(DATES.length)]!;
      const weekly = pick(3) === 0;
      const analyst = weekly ? ANALYSTS[pick(ANALYSTS.length)]! : EDITOR;
      const kind = weekly ? "weekly" : "daily";
      const reportId = `b-${seed}-${i}`;
      const key = `reports/${kind}/${date}/${analyst}/${reportId}.md`;
      const dir = `${folder.dir}/${i}`;
      mkdirSync(dir);
      writeBundle(dir, {
        lines: {
          objects: [
            { key, content_type: "text/markdown; charset=utf-8", created_at: Date.now(), file: `objects/${key}` },
          ],
          reports: [
            {
              report_id: reportId,
              kind,
              analyst_id: analyst,
              work_date: date,
              lang: pick(2) ? "en" : "zh",
              title: `${kind} ${date}`,
              object_key: key,
              archived_at: Date.now() + i,
            },
          ],
          ...(!weekly && pick(4) === 0
            ? { withdrawals: [{ kind: "daily", id: date, reason: "random", at: Date.now(), by: `bundle-${seed}` }] }
            : {}),
        },
        files: { [`objects/${key}`]: `# imported ${seed} ${i} ${date}` },
      });
      const result = await importBundle(gw.db.owner, dir, KINDS, { actor: `test:imports-${seed}` });
      expect(result.problems).toBeUndefined();
    }
  } finally {
    folder.remove();
  }
}

/**
 * The governor's callbacks as a writer: each step a logic_extract task as a tick records it, then the relay's signed
 * callback through one replica's callback route (sometimes delivered twice, sometimes a failure), then the governor's
 * apply step; or a thread withdrawn or reinstated.
 */
async function callbacks(seed: number, steps: number) {
  const pick = random(seed);
  const actor = { by: `callbacks-${seed}`, at: Date.now() };
  const threads = withdrawalKind("threads");
  for (let i = 0; i < steps; i++) {
    const what = pick(5);
    if (what === 4) {
      const { rows } = await gw.db.owner.query("SELECT DISTINCT board_id::text AS id FROM catalog.cards ORDER BY 1");
      const board = rows[pick(rows.length)]!.id as string;
      await inTransaction(gw.db.owner, async (c) => {
        if (pick(2)) await withdraw(c, threads, board, "random", actor);
        else await reinstate(c, threads, board, actor).catch(() => undefined);
      });
      continue;
    }
    const cardId = cards[i % cards.length]!;
    const taskId = `gt_mirror_${seed}_${i}`;
    await insertTask(gw.db.owner, {
      taskId,
      kind: "logic_extract",
      subjectId: cardId,
      slotAt: Date.now(),
      detail: { source: "summary", chars: 64, truncated: false },
      submittedAt: Date.now(),
    });
    const body = JSON.stringify({
      type: what === 3 ? "task.failed" : "task.completed",
      task_id: `rt_${taskId}`,
      client_ref: taskId,
      kind: "logic_extract",
      occurred_at: Date.now(),
      ...(what === 3
        ? { error: { code: "worker_error", message: "random" } }
        : { result: { actions: [{ text: `Act on ${cardId} (${seed}/${i})`, owner: null, due: null }] } }),
    });
    const delivery = randomUUID();
    for (let n = what === 2 ? 2 : 1; n > 0; n--) {
      const res = await (pick(2) ? replica : gw.app).inject({
        method: "POST",
        url: "/relay/callback",
        payload: body,
        headers: {
          "content-type": "application/json",
          "x-relay-signature": signatureOf(SECRET, body),
          "x-relay-delivery": delivery,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await applyPendingCallbacks({ db: gw.db.owner, now: Date.now, log: silentLog });
  }
}

const fetchItem = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ url, headers: { "x-api-key": key } });
  return `${res.statusCode} ${res.body}`;
};

const cardActions = async (app: FastifyInstance, cardId: string) => {
  const res = await app.inject({
    method: "POST",
    url: "/api/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key },
    payload: {
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "whiteboard_card_actions", arguments: { card_id: cardId } },
    },
  });
  return `${res.statusCode} ${res.body}`;
};

/**
 * What a mirror keeps of one changed item: its route's answer, and for a thread that is served, each of its cards'
 * extracted actions (the tool whiteboard_card_actions; a callback changes them, and the change feed names the thread).
 */
async function itemCopy(app: FastifyInstance, url: string): Promise<Map<string, string>> {
  const copy = new Map([[url, await fetchItem(app, url)]]);
  if (url.startsWith("/api/v1/whiteboard/threads/") && copy.get(url)!.startsWith("200 ")) {
    const thread = JSON.parse(copy.get(url)!.slice(4)) as { cards: { card_id: string }[] };
    for (const { card_id } of thread.cards) copy.set(`${url}#actions/${card_id}`, await cardActions(app, card_id));
  }
  return copy;
}

/** Replaces an item in the copy: its route and everything kept under it. */
function keep(copy: Map<string, string>, url: string, item: Map<string, string>) {
  for (const k of [...copy.keys()]) if (k === url || k.startsWith(`${url}#`)) copy.delete(k);
  for (const [k, v] of item) copy.set(k, v);
}

describe("a mirror following the change feed", () => {
  it("ends with a copy equal to every route's answer, under concurrent writers, across two replicas", async () => {
    const copy = new Map<string, string>();
    let cursor: string | undefined;
    let done = false;
    let turn = 0;
    async function poll() {
      for (;;) {
        const app = turn++ % 2 ? replica : gw.app;
        const res = await app.inject({
          url: `/api/v1/changes?limit=7${cursor ? `&cursor=${cursor}` : ""}`,
          headers: { "x-api-key": key },
        });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as { changes: { url: string }[]; next_cursor: string; has_more: boolean };
        for (const c of page.changes) keep(copy, c.url, await itemCopy(app, c.url));
        cursor = page.next_cursor;
        if (!page.has_more) return;
      }
    }
    const mirror = (async () => {
      while (!done) {
        await poll();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all([writer(1, 40), writer(2, 40), imports(3, 25), callbacks(4, 40)]);
    done = true;
    await mirror;
    await gw.app.readCache?.settle();
    await poll();

    // The full listing: every daily, weekly and thread ever written, as its route answers now.
    const { rows } = await gw.db.owner.query<{ url: string }>(
      `SELECT DISTINCT CASE WHEN kind = 'daily' THEN '/api/v1/reports/daily/' || work_date
                       ELSE '/api/v1/reports/weekly/' || date_trunc('week', work_date)::date || '/' || analyst_id END AS url
         FROM reports.reports
       UNION SELECT '/api/v1/whiteboard/threads/' || board_id FROM catalog.threads
       ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const truth = new Map<string, string>();
    for (const { url } of rows) keep(truth, url, await itemCopy(gw.app, url));
    expect(new Map([...copy].sort())).toEqual(new Map([...truth].sort()));
    expect([...truth.values()].some((v) => v.startsWith("404"))).toBe(true);
    // The imports wrote, and withdrew through their bundles' withdrawals lines.
    const imported = await gw.db.owner.query(
      "SELECT count(*)::int AS n FROM reports.reports WHERE report_id LIKE 'b-3-%'",
    );
    expect(imported.rows[0].n).toBe(25);
    const tombstones = await gw.db.owner.query(
      "SELECT count(*)::int AS n FROM audit.events WHERE action = 'withdraw' AND actor LIKE 'bundle:%'",
    );
    expect(tombstones.rows[0].n).toBeGreaterThan(0);
    // The callbacks wrote: some cards' actions were extracted through the route and the governor's apply step.
    const applied = await gw.db.owner.query(
      "SELECT outcome, count(*)::int AS n FROM governor.deliveries GROUP BY outcome ORDER BY outcome",
    );
    expect(applied.rows.map((r) => r.outcome)).toEqual(["completed: 1 action(s)", "failed"]);
    expect([...truth.values()].filter((v) => v.includes('\\"extracted\\":true')).length).toBeGreaterThan(0);
  }, 180_000);
});
