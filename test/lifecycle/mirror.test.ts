/**
 * A mirror follows GET /api/v1/changes while writers in other sessions archive drafts and withdraw and reinstate
 * reports at random, concurrently; it fetches each changed item's route as the change arrives. When the writers are
 * done and the mirror has caught up, its copy equals what every route serves now, byte for byte, for every item
 * ever written: no change was skipped, whatever order the writers' transactions committed in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTransaction } from "../../lib/db/transaction.js";
import { reinstate, withdraw } from "../../lib/withdrawals/withdraw.js";
import { withdrawalKind } from "../../lib/withdrawals/withdrawal-kinds.js";
import { addReport, EDITOR } from "../fixtures/reports.js";
import { readCacheLive, startReplica, startTestGateway, type TestGateway } from "../helpers/gateway.js";
import type { FastifyInstance } from "fastify";

let gw: TestGateway;
let replica: FastifyInstance;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway();
  replica = await startReplica(gw);
  key = await gw.key(["reports:read"]);
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

const fetchItem = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ url, headers: { "x-api-key": key } });
  return `${res.statusCode} ${res.body}`;
};

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
        for (const c of page.changes) copy.set(c.url, await fetchItem(app, c.url));
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
    await Promise.all([writer(1, 40), writer(2, 40), writer(3, 40)]);
    done = true;
    await mirror;
    await gw.app.readCache?.settle();
    await poll();

    // The full listing: every daily and weekly ever written, as its route answers now.
    const { rows } = await gw.db.owner.query<{ url: string }>(
      `SELECT DISTINCT CASE WHEN kind = 'daily' THEN '/api/v1/reports/daily/' || work_date
                       ELSE '/api/v1/reports/weekly/' || date_trunc('week', work_date)::date || '/' || analyst_id END AS url
         FROM reports.reports ORDER BY 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const truth = new Map<string, string>();
    for (const { url } of rows) truth.set(url, await fetchItem(gw.app, url));
    expect(new Map([...copy].sort())).toEqual(new Map([...truth].sort()));
    expect([...truth.values()].some((v) => v.startsWith("404"))).toBe(true);
  }, 180_000);
});
