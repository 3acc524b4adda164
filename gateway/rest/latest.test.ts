/** GET /api/v1/latest: the daily lookback of three days, this ISO week's weekly count, the top five by Sharpe. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import type { TestDatabase } from "../../test/helpers/test-database.js";

const NOW = Date.parse("2026-11-21T04:00:00Z"); // Saturday 2026-11-21 12:00 in Singapore
const DAY = 86_400_000;

async function report(db: TestDatabase, id: string, kind: string, analyst: string, date: string, lang = "en") {
  const key = `reports/${id}.md`;
  await createPostgresObjectStore(db.owner).put(key, `# ${id}`, NOW - DAY);
  await db.owner.query(
    "INSERT INTO reports.reports (report_id, kind, analyst_id, work_date, lang, object_key, archived_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    [id, kind, analyst, date, lang, key, NOW - DAY],
  );
}

async function portfolio(db: TestDatabase, id: string, navs: number[]) {
  await db.owner.query(
    "INSERT INTO portfolio.portfolios (portfolio_id, name, kind, inception_date) VALUES ($1, $1, 'persona', '2026-01-01')",
    [id],
  );
  for (const [i, nav] of navs.entries()) {
    await db.owner.query("INSERT INTO portfolio.nav_snapshots (portfolio_id, taken_at, nav) VALUES ($1, $2, $3)", [
      id,
      NOW - (navs.length - i) * DAY,
      nav,
    ]);
  }
}

let gw: TestGateway;
let key: string;

beforeAll(async () => {
  gw = await startTestGateway({
    now: () => NOW,
    fill: async (db) => {
      await report(db, "d-old", "daily", "daily-editor", "2026-11-17"); // four days back: outside the lookback
      await report(db, "d-in", "daily", "daily-editor", "2026-11-18"); // three days back: the latest found
      await report(db, "d-other", "daily", "someone-else", "2026-11-20"); // not the editor's: ignored
      await report(db, "w-1", "weekly", "lin-wei", "2026-11-16");
      await report(db, "w-2", "weekly", "lin-wei", "2026-11-20", "zh");
      await report(db, "w-3", "weekly", "chen-yu", "2026-11-22");
      await report(db, "w-last-week", "weekly", "tan-ming", "2026-11-15");
      // Rising with noise, so Sharpe is defined and distinct for each.
      for (let p = 0; p < 7; p++) await portfolio(db, `p${p}`, [100, 101 + p, 100.5 + p, 102 + 2 * p, 103 + 2 * p]);
    },
  });
  key = await gw.key(["reports:read"]);
});
afterAll(() => gw?.close());

describe("GET /api/v1/latest", () => {
  it("joins the daily lookback, this week's weeklies and the top five by Sharpe", async () => {
    const res = await gw.app.inject({ url: "/api/v1/latest", headers: { "x-api-key": key } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.generated_at).toBe(NOW);
    expect(body.work_date).toBe("2026-11-21");
    expect(body.daily).toEqual({ work_date: "2026-11-18", report_url: "/api/v1/reports/daily/2026-11-18" });
    expect(body.weekly).toEqual({ week_start: "2026-11-16", week_end: "2026-11-22", count: 2 });
    expect(body.leaderboard).toHaveLength(5);
    const board = await gw.app.inject({
      url: "/api/v1/portfolios/leaderboard",
      headers: { "x-api-key": await gw.key(["portfolios:read"]) },
    });
    const top5 = board.json().leaderboard.slice(0, 5);
    expect(body.leaderboard).toEqual(
      top5.map((m: Record<string, unknown>) => ({
        portfolio_id: m.portfolio_id,
        sharpe: m.sharpe,
        total_return_pct: m.total_return_pct,
        alpha_pct: m.alpha_pct,
        latest_nav: m.latest_nav,
      })),
    );
    const sharpes = body.leaderboard.map((m: { sharpe: number }) => m.sharpe);
    expect([...sharpes].sort((a, b) => b - a)).toEqual(sharpes);
  });

  it("has a null daily when none is found within three days", async () => {
    await gw.db.owner.query("DELETE FROM reports.reports WHERE report_id = 'd-in'");
    const res = await gw.app.inject({ url: "/api/v1/latest", headers: { "x-api-key": key } });
    expect(res.json().daily).toBeNull();
  });

  it("needs reports:read", async () => {
    const res = await gw.app.inject({
      url: "/api/v1/latest",
      headers: { "x-api-key": await gw.key(["portfolios:read"]) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: "missing scope: reports:read",
      required: "reports:read",
      granted: ["portfolios:read"],
    });
  });
});
