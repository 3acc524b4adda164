import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { isoWeekOf, startOfWorkDate, workDateOf } from "../lib/work-date.js";
import { generateDemoData, isEmpty, seedDemoData, type SeedOptions } from "./index.js";
import { parseSeedArguments } from "./seed-arguments.js";
import { TABLES } from "./tables.js";

/** Friday 2026-11-20, 18:00 in Singapore. */
const AS_OF = Date.UTC(2026, 10, 20, 10, 0, 0);
const OPTIONS: SeedOptions = { seed: 42, scale: 1, asOf: AS_OF };
const TODAY = workDateOf(AS_OF);
const DAY = 86_400_000;

let a: TestDatabase;
let b: TestDatabase;
let counts: Record<string, number>;

beforeAll(async () => {
  [a, b] = await Promise.all([
    createTestDatabase(inject("adminUrl"), "demo_a"),
    createTestDatabase(inject("adminUrl"), "demo_b"),
  ]);
  expect(await isEmpty(a.owner)).toBe(true);
  counts = await seedDemoData(a.owner, OPTIONS);
  await seedDemoData(b.owner, OPTIONS);
});
afterAll(async () => {
  await Promise.all([a?.drop(), b?.drop()]);
});

const q = async <T = Record<string, unknown>>(sql: string, values: unknown[] = []) =>
  (await a.owner.query(sql, values)).rows as T[];
const one = async <T = Record<string, unknown>>(sql: string, values: unknown[] = []) => (await q<T>(sql, values))[0]!;
/** Rows per value of a column. */
const tally = async (table: string, column: string) =>
  Object.fromEntries(
    (await q<{ k: string; n: number }>(`SELECT ${column}::text AS k, count(*)::int AS n FROM ${table} GROUP BY 1`)).map(
      (r) => [r.k, r.n],
    ),
  );

describe("seedDemoData", () => {
  it("reports the row count of every table it filled", async () => {
    for (const { table } of TABLES) {
      const { n } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      expect(counts[table], table).toBe(n);
      expect(n, table).toBeGreaterThan(0);
    }
    expect(await isEmpty(a.owner)).toBe(false);
  });

  it("refuses a database that is not empty, and writes nothing", async () => {
    await expect(seedDemoData(a.owner, OPTIONS)).rejects.toThrow(/refusing to seed a database that is not empty/);
    const { n } = await one<{ n: number }>("SELECT count(*)::int AS n FROM catalog.threads");
    expect(n).toBe(counts["catalog.threads"]);
  });

  it("gives byte-identical data for the same seed, scale and asOf", async () => {
    for (const { table } of TABLES) {
      // tx (the writing transaction, kept for the keyword index) differs between databases by nature.
      const row = "(to_jsonb(t) - 'tx')::text";
      const sql = `SELECT md5(coalesce(string_agg(${row}, '|' ORDER BY ${row}), '')) AS h FROM ${table} t`;
      const [x, y] = await Promise.all([a.owner.query(sql), b.owner.query(sql)]);
      expect(x.rows[0].h, table).toBe(y.rows[0].h);
    }
  });
});

describe("catalog", () => {
  it("has 30 analysts in 5+ categories, the daily editor among them, some optional fields null", async () => {
    expect((await one<{ n: number }>("SELECT count(*)::int AS n FROM catalog.analysts")).n).toBe(30);
    expect(
      (await one<{ n: number }>("SELECT count(DISTINCT category_id)::int AS n FROM catalog.analysts")).n,
    ).toBeGreaterThanOrEqual(5);
    const editor = await one("SELECT * FROM catalog.analysts WHERE analyst_id = 'daily-editor'");
    expect(editor).toMatchObject({ name_en: "Daily Editor", category_id: "editorial" });
    const nulls = await one<Record<string, number>>(
      "SELECT count(*) FILTER (WHERE name_en IS NULL)::int AS name_en, count(*) FILTER (WHERE icon IS NULL)::int AS icon, count(*) FILTER (WHERE category_id IS NULL)::int AS category FROM catalog.analysts",
    );
    expect(nulls.name_en).toBeGreaterThan(0);
    expect(nulls.icon).toBeGreaterThan(0);
    expect(nulls.category).toBeGreaterThan(0);
  });

  it("has 120 threads over every status with distinct updated_at and v4-shaped board ids", async () => {
    expect(Object.keys(await tally("catalog.threads", "status")).sort()).toEqual([
      "active",
      "completed",
      "failed",
      "queued",
      "running",
    ]);
    const t = await one<Record<string, number>>(
      "SELECT count(*)::int AS n, count(DISTINCT updated_at)::int AS d, min(work_date)::text AS first FROM catalog.threads",
    );
    expect(t.n).toBe(120);
    expect(t.d).toBe(120);
    expect(String(t.first) >= workDateOf(AS_OF - 60 * DAY)).toBe(true);
    const ids = await q<{ board_id: string }>("SELECT board_id FROM catalog.threads");
    for (const { board_id } of ids)
      expect(board_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("numbers each thread's cards 0, 1, 2 ... and leaves queued threads without cards", async () => {
    const gaps = await q(
      `SELECT board_id FROM catalog.cards GROUP BY board_id HAVING max(card_index) <> count(*) - 1 OR min(card_index) <> 0`,
    );
    expect(gaps).toEqual([]);
    const queued = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM catalog.cards JOIN catalog.threads USING (board_id) WHERE threads.status = 'queued'",
    );
    expect(queued.n).toBe(0);
  });

  it("has cards with en+zh reports, with only a plain report, and completed cards with none", async () => {
    const kinds = await tally(
      `(SELECT c.card_id, coalesce(string_agg(r.lang, '+' ORDER BY r.lang), 'none') AS langs FROM catalog.cards c
        LEFT JOIN catalog.card_reports r USING (card_id) WHERE c.status = 'completed' GROUP BY c.card_id) x`,
      "langs",
    );
    expect(kinds["en+zh"]).toBeGreaterThan(10);
    expect(kinds["plain"]).toBeGreaterThan(10);
    expect(kinds["none"]).toBeGreaterThan(10);
    const broken =
      await q(`SELECT c.card_id FROM catalog.cards c WHERE (c.report_r2_key IS NULL) <> NOT EXISTS (SELECT 1 FROM catalog.card_reports r WHERE r.card_id = c.card_id)
      OR (c.report_r2_key IS NULL) <> (c.report_path IS NULL)
      OR (c.report_r2_key IS NOT NULL AND NOT EXISTS (SELECT 1 FROM objects.blobs WHERE key = c.report_r2_key))`);
    expect(broken).toEqual([]);
    expect(
      await q(
        "SELECT r.object_key FROM catalog.card_reports r LEFT JOIN objects.blobs o ON o.key = r.object_key WHERE o.key IS NULL",
      ),
    ).toEqual([]);
  });

  it("has topic-pool entries in all four statuses, promoted ones tied to threads, live candidates", async () => {
    expect(Object.keys(await tally("catalog.topic_pool", "status")).sort()).toEqual([
      "candidate",
      "expired",
      "promoted",
      "rejected",
    ]);
    expect(
      await q(
        "SELECT pool_id FROM catalog.topic_pool p WHERE status = 'promoted' AND (promoted_at IS NULL OR NOT EXISTS (SELECT 1 FROM catalog.threads t WHERE t.board_id = p.promoted_board_id))",
      ),
    ).toEqual([]);
    expect(
      await q("SELECT pool_id FROM catalog.topic_pool WHERE status = 'candidate' AND expires_at <= $1", [AS_OF]),
    ).toEqual([]);
    expect(Object.keys(await tally("catalog.topic_pool", "priority")).sort()).toEqual(["high", "low", "normal"]);
  });

  it("logs similarity decisions in epoch seconds over 30 days, consistent with their top match", async () => {
    const rows = await q<{
      decided_at: number;
      decision: string;
      top_cosine: number | null;
      top_match_id: string | null;
      matches: { score: number; id: string }[];
      thresholds: unknown;
    }>("SELECT * FROM catalog.similarity_log");
    expect(new Set(rows.map((r) => r.decision))).toEqual(new Set(["skip-summarize", "context-augmented", "fresh"]));
    const week = new Set(rows.filter((r) => r.decided_at >= AS_OF / 1000 - 7 * 86400).map((r) => r.decision));
    expect(week.size).toBe(3);
    for (const r of rows) {
      expect(r.decided_at).toBeLessThanOrEqual(AS_OF / 1000);
      expect(r.decided_at).toBeGreaterThanOrEqual(AS_OF / 1000 - 30 * 86400);
      expect(r.top_cosine).toBe(r.matches[0]?.score ?? null);
      expect(r.top_match_id).toBe(r.matches[0]?.id ?? null);
      if (r.decision === "skip-summarize") expect(r.top_cosine).toBeGreaterThanOrEqual(0.92);
      if (r.decision === "fresh" && r.top_cosine !== null) expect(r.top_cosine).toBeLessThan(0.78);
    }
    expect(rows.some((r) => r.matches.length === 0)).toBe(true);
    expect(rows.some((r) => r.thresholds === null)).toBe(true);
  });

  it("fills the workspace: sessions, messages, mailbox with consistent counts, events, memory", async () => {
    expect(
      await q(`SELECT thread_id FROM catalog.mailbox_threads t WHERE message_count <> (SELECT count(*) FROM catalog.mailbox_messages m WHERE m.thread_id = t.thread_id)
      OR last_message_at <> (SELECT max(sent_at) FROM catalog.mailbox_messages m WHERE m.thread_id = t.thread_id)`),
    ).toEqual([]);
    expect(
      (await one<{ n: number }>("SELECT count(DISTINCT session_id)::int AS n FROM catalog.session_messages")).n,
    ).toBe(counts["catalog.sessions"]);
    const kinds = await tally("catalog.events", "kind");
    for (const k of ["thread.started", "card.completed", "report.archived", "session.started"])
      expect(kinds[k], k).toBeGreaterThan(0);
    expect(counts["catalog.institute_memory"]).toBeGreaterThanOrEqual(3);
  });
});

describe("reports", () => {
  it("has the editor's daily for each of the last 60 work dates, in en, zh and plain, with drafts", async () => {
    const dates = await q<{ work_date: string }>(
      "SELECT DISTINCT work_date FROM reports.reports WHERE kind = 'daily' AND analyst_id = 'daily-editor' ORDER BY 1",
    );
    expect(dates.length).toBe(60);
    expect(dates.at(-1)!.work_date).toBe(TODAY);
    expect(Object.keys(await tally("reports.reports WHERE kind = 'daily'", "lang")).sort()).toEqual([
      "en",
      "plain",
      "zh",
    ]);
    const drafts = await q<{
      work_date: string;
      bodies: number;
      times: number;
    }>(`SELECT r.work_date, count(DISTINCT o.sha256)::int AS bodies, count(DISTINCT r.archived_at)::int AS times
      FROM reports.reports r JOIN objects.blobs o ON o.key = r.object_key
      WHERE kind = 'daily' AND analyst_id = 'daily-editor' AND lang = 'en' GROUP BY 1 HAVING count(*) > 1`);
    expect(drafts.length).toBeGreaterThanOrEqual(5);
    for (const d of drafts) expect(d.bodies).toBe(d.times);
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*)::int AS n FROM reports.reports WHERE kind = 'daily' AND analyst_id <> 'daily-editor'",
        )
      ).n,
    ).toBeGreaterThan(0);
    expect(
      await q(
        "SELECT r.object_key FROM reports.reports r LEFT JOIN objects.blobs o ON o.key = r.object_key WHERE o.key IS NULL",
      ),
    ).toEqual([]);
  });

  it("has weeklies by several analysts per ISO week, re-runs, and one in the current week", async () => {
    const { weekStart, weekEnd } = isoWeekOf(TODAY);
    const current = await one<{ n: number }>(
      "SELECT count(DISTINCT analyst_id)::int AS n FROM reports.reports WHERE kind = 'weekly' AND work_date BETWEEN $1 AND $2",
      [weekStart, weekEnd],
    );
    expect(current.n).toBeGreaterThanOrEqual(3);
    const perWeek = await q<{ n: number }>(
      "SELECT count(DISTINCT analyst_id)::int AS n FROM reports.reports WHERE kind = 'weekly' GROUP BY date_trunc('week', work_date)",
    );
    expect(perWeek.length).toBeGreaterThanOrEqual(9);
    for (const w of perWeek) expect(w.n).toBeGreaterThanOrEqual(3);
    const reruns =
      await q(`SELECT analyst_id FROM reports.reports r JOIN objects.blobs o ON o.key = r.object_key WHERE kind = 'weekly'
      GROUP BY analyst_id, date_trunc('week', work_date), lang HAVING count(DISTINCT o.sha256) > 1`);
    expect(reruns.length).toBeGreaterThan(3);
    expect(Object.keys(await tally("reports.reports WHERE kind = 'weekly'", "lang")).sort()).toEqual([
      "en",
      "plain",
      "zh",
    ]);
  });

  it("has one fleet-health snapshot a day at 16:00 UTC", async () => {
    const rows = await q<{ generated_at: number; object_key: string }>(
      "SELECT generated_at, object_key FROM reports.fleet_health ORDER BY generated_at",
    );
    expect(rows.length).toBeGreaterThanOrEqual(60);
    rows.forEach((r, i) => {
      expect(r.generated_at % DAY).toBe(16 * 3_600_000);
      if (i > 0) expect(r.generated_at - rows[i - 1]!.generated_at).toBe(DAY);
    });
    expect(rows.at(-1)!.generated_at).toBeLessThanOrEqual(AS_OF);
  });

  it("has shared-data topics for recent dates with exact byte counts", async () => {
    expect((await one<{ n: number }>("SELECT count(*)::int AS n FROM reports.known_topics")).n).toBeGreaterThanOrEqual(
      7,
    );
    const rows = await q<{ work_date: string; document: unknown; bytes: number; fetched_at: number | null }>(
      "SELECT * FROM reports.data_topics",
    );
    const dates = new Set(rows.map((r) => r.work_date));
    expect(dates.size).toBe(10);
    expect(dates.has(TODAY)).toBe(true);
    expect(rows.length).toBeLessThan(dates.size * 7);
    expect(rows.some((r) => r.fetched_at === null)).toBe(true);
    for (const r of rows) expect(r.bytes).toBe(Buffer.byteLength(JSON.stringify(r.document)));
  });

  it("has coverage artifacts in every terminal state, the artifact only on completed ones", async () => {
    expect(Object.keys(await tally("reports.coverage_artifacts", "status")).sort()).toEqual([
      "cancelled",
      "completed",
      "expired",
      "failed",
    ]);
    expect(
      await q(
        "SELECT coverage_id FROM reports.coverage_artifacts WHERE (status = 'completed') <> (artifact IS NOT NULL)",
      ),
    ).toEqual([]);
  });
});

describe("portfolios", () => {
  it("has 26 persona portfolios owned by analysts and a benchmark", async () => {
    const rows = await q<{
      kind: string;
      owner_analyst_id: string | null;
      benchmark_id: string | null;
      portfolio_id: string;
    }>("SELECT * FROM portfolio.portfolios");
    const bench = rows.filter((r) => r.kind === "benchmark");
    expect(bench.length).toBe(1);
    const personas = rows.filter((r) => r.kind === "persona");
    expect(personas.length).toBe(26);
    for (const p of personas) expect(p.benchmark_id).toBe(bench[0]!.portfolio_id);
    expect(
      await q(
        "SELECT p.portfolio_id FROM portfolio.portfolios p LEFT JOIN catalog.analysts a ON a.analyst_id = p.owner_analyst_id WHERE kind = 'persona' AND a.analyst_id IS NULL",
      ),
    ).toEqual([]);
  });

  it("has three years of weekday NAV ending at asOf, several snapshots on some days, later inceptions", async () => {
    const span = await one<{ first: number; last: number }>(
      "SELECT min(taken_at) AS first, max(taken_at) AS last FROM portfolio.nav_snapshots WHERE portfolio_id = 'bench-sti'",
    );
    expect(span.first).toBeLessThanOrEqual(AS_OF - 3 * 365 * DAY);
    expect(span.last).toBeLessThanOrEqual(AS_OF);
    expect(span.last).toBeGreaterThan(AS_OF - 4 * DAY);
    const weekend = await q(
      "SELECT taken_at FROM portfolio.nav_snapshots WHERE extract(isodow FROM to_timestamp(taken_at / 1000.0) AT TIME ZONE 'Asia/Singapore') > 5",
    );
    expect(weekend).toEqual([]);
    const multi = await q(
      `SELECT 1 FROM portfolio.nav_snapshots GROUP BY portfolio_id, (to_timestamp(taken_at / 1000.0) AT TIME ZONE 'Asia/Singapore')::date HAVING count(*) > 1`,
    );
    expect(multi.length).toBeGreaterThan(10);
    const late = await q("SELECT portfolio_id FROM portfolio.portfolios WHERE inception_date > $1", [
      workDateOf(AS_OF - 2 * 365 * DAY),
    ]);
    expect(late.length).toBeGreaterThanOrEqual(2);
  });

  it("gives the portfolios different Sharpe ratios", async () => {
    const rows = await q<{
      portfolio_id: string;
      nav: number;
    }>(`SELECT DISTINCT ON (portfolio_id, d) portfolio_id, nav FROM (
      SELECT portfolio_id, nav, taken_at, (to_timestamp(taken_at / 1000.0) AT TIME ZONE 'Asia/Singapore')::date AS d FROM portfolio.nav_snapshots) s
      ORDER BY portfolio_id, d, taken_at DESC`);
    const series = new Map<string, number[]>();
    for (const r of rows) series.set(r.portfolio_id, [...(series.get(r.portfolio_id) ?? []), r.nav]);
    const sharpes = [...series.values()].map((navs) => {
      const rets = navs.slice(1).map((v, i) => v / navs[i]! - 1);
      const mean = rets.reduce((s, x) => s + x, 0) / rets.length;
      const sd = Math.sqrt(rets.reduce((s, x) => s + (x - mean) ** 2, 0) / (rets.length - 1));
      return Math.round((mean / sd) * Math.sqrt(252) * 100);
    });
    expect(new Set(sharpes).size).toBeGreaterThanOrEqual(20);
  });
});

describe("fact cards, archive and chains", () => {
  it("has fact cards over every kind, category, priority, status and verdict", async () => {
    expect(Object.keys(await tally("factcard.fact_cards", "parent_kind")).sort()).toEqual([
      "external",
      "session_message",
      "whiteboard_card",
    ]);
    expect(Object.keys(await tally("factcard.fact_cards", "claim_category")).length).toBe(8);
    expect(Object.keys(await tally("factcard.fact_cards", "priority")).length).toBe(3);
    expect(Object.keys(await tally("factcard.fact_cards", "status")).length).toBe(6);
    expect(Object.keys(await tally("factcard.fact_cards WHERE verdict IS NOT NULL", "verdict")).length).toBe(4);
    expect(
      await q(
        "SELECT fact_card_id FROM factcard.fact_cards WHERE verdict IS NOT NULL AND status NOT IN ('completed', 'reused')",
      ),
    ).toEqual([]);
    expect(
      await q("SELECT fact_card_id FROM factcard.fact_cards WHERE status = 'completed' AND verdict IS NULL"),
    ).toEqual([]);
    expect(
      await q(`SELECT f.fact_card_id FROM factcard.fact_cards f LEFT JOIN factcard.fact_cards s ON s.fact_card_id = f.similar_to_fact_id
      WHERE f.status = 'reused' AND (s.status IS DISTINCT FROM 'completed' OR f.similarity_score IS NULL OR s.created_at >= f.created_at)`),
    ).toEqual([]);
    expect(await tally("factcard.fact_cards", "embedding_status")).toEqual({ pending: counts["factcard.fact_cards"] });
    expect(await q("SELECT claim_text_en FROM factcard.fact_cards WHERE claim_text_en ~ '[\\u4e00-\\u9fff]'")).toEqual(
      [],
    );
    expect(
      (
        await one<{ n: number }>(
          "SELECT count(*)::int AS n FROM factcard.fact_cards WHERE claim_text ~ '[\\u4e00-\\u9fff]'",
        )
      ).n,
    ).toBeGreaterThan(30);
    expect(
      (await one<{ n: number }>("SELECT count(*)::int AS n FROM factcard.fact_cards WHERE source_urls IS NULL")).n,
    ).toBeGreaterThan(0);
  });

  it("archives a few hundred documents for search, tied to real sessions", async () => {
    expect(counts["search.documents"]).toBeGreaterThanOrEqual(300);
    expect(Object.keys(await tally("search.documents", "lang")).sort()).toEqual(["en", "plain", "zh"]);
    expect(
      await q(`SELECT doc_id FROM search.documents d WHERE analyst_id IS NULL OR path !~ ('^sessions/' || session_id || '/notes/\\d+\\.md$')
      OR NOT EXISTS (SELECT 1 FROM catalog.sessions s WHERE s.session_id = d.session_id AND s.analyst_id = d.analyst_id)`),
    ).toEqual([]);
    const hbm = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM search.documents WHERE body ILIKE '%HBM%' OR body LIKE '%半导体%'",
    );
    expect(hbm.n).toBeGreaterThan(0);
  });

  it("tags only some chain facts and links artifacts of all three kinds", async () => {
    const tagged = await one<{
      tagged: number;
      untagged: number;
    }>(`SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM factcard.chain_fact_tags t WHERE t.fact_id = f.fact_id))::int AS tagged,
      count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM factcard.chain_fact_tags t WHERE t.fact_id = f.fact_id))::int AS untagged FROM factcard.chain_facts f`);
    expect(tagged.tagged).toBeGreaterThan(0);
    expect(tagged.untagged).toBeGreaterThan(tagged.tagged);
    expect(Object.keys(await tally("factcard.chain_links", "artifact_kind")).sort()).toEqual([
      "analyst_report",
      "committee_memo",
      "fact_card",
    ]);
  });
});

describe("time", () => {
  it("stamps nothing that happened after asOf", async () => {
    const columns = [
      ["catalog.threads", "updated_at"],
      ["catalog.cards", "completed_at"],
      ["catalog.card_reports", "archived_at"],
      ["catalog.topic_pool", "promoted_at"],
      ["catalog.topic_pool", "created_at"],
      ["catalog.sessions", "ended_at"],
      ["catalog.session_messages", "created_at"],
      ["catalog.mailbox_messages", "sent_at"],
      ["catalog.events", "occurred_at"],
      ["reports.reports", "archived_at"],
      ["reports.data_topics", "fetched_at"],
      ["reports.coverage_artifacts", "ended_at"],
      ["portfolio.nav_snapshots", "taken_at"],
      ["search.documents", "archived_at"],
      ["factcard.fact_cards", "updated_at"],
      ["factcard.chain_facts", "created_at"],
      ["factcard.chain_fact_tags", "tagged_at"],
      ["objects.blobs", "created_at"],
    ];
    for (const [table, column] of columns) {
      const { late } = await one<{ late: number }>(`SELECT count(*)::int AS late FROM ${table} WHERE ${column} > $1`, [
        AS_OF,
      ]);
      expect(late, `${table}.${column}`).toBe(0);
    }
  });

  it("keeps a Monday just after midnight consistent: today's daily and a weekly in the new week", () => {
    const asOf = startOfWorkDate("2026-11-23") + 20 * 60_000; // Monday 00:20 in Singapore
    const data = generateDemoData({ seed: 7, scale: 0.5, asOf });
    const reports = data.rows("reports.reports");
    expect(
      reports.some((r) => r.kind === "daily" && r.analyst_id === "daily-editor" && r.work_date === "2026-11-23"),
    ).toBe(true);
    expect(reports.some((r) => r.kind === "weekly" && r.work_date === "2026-11-23")).toBe(true);
    for (const r of reports) expect(r.archived_at as number).toBeLessThanOrEqual(asOf);
    for (const r of data.rows("catalog.threads")) expect(r.updated_at as number).toBeLessThanOrEqual(asOf);
  });
});

describe("other seeds and moments", () => {
  const moments = [
    ["a Sunday just before midnight", startOfWorkDate("2027-03-07") + 24 * 3_600_000 - 5_000],
    ["a Monday just after midnight", startOfWorkDate("2025-06-02") + 1_000 + 900],
    ["a Thursday morning", startOfWorkDate("2026-01-01") + 9 * 3_600_000 + 123],
  ] as const;
  for (const [label, asOf] of moments) {
    it(`generates consistent data on ${label}`, () => {
      for (const seed of [1, 2, 99]) {
        const data = generateDemoData({ seed, scale: 1, asOf }); // throws on a repeated primary key
        for (const { table, columns } of TABLES) {
          for (const [column] of columns) {
            if (!column.endsWith("_at") || column === "expires_at") continue;
            const unit = column === "decided_at" ? 1000 : 1;
            const late = data.rows(table).filter((r) => r[column] !== null && (r[column] as number) * unit > asOf);
            expect(late.length, `${table}.${column} seed ${seed}`).toBe(0);
          }
        }
        const today = workDateOf(asOf);
        const { weekStart } = isoWeekOf(today);
        const reports = data.rows("reports.reports");
        expect(
          reports.some((r) => r.kind === "daily" && r.analyst_id === "daily-editor" && r.work_date === today),
        ).toBe(true);
        expect(reports.some((r) => r.kind === "weekly" && (r.work_date as string) >= weekStart)).toBe(true);
        expect(
          data
            .rows("catalog.topic_pool")
            .filter((r) => r.status === "candidate")
            .every((r) => (r.expires_at as number) > asOf),
        ).toBe(true);
      }
    });
  }
});

describe("options", () => {
  it("changes the data with the seed and grows it with the scale, but keeps analysts and portfolios fixed", () => {
    const base = generateDemoData(OPTIONS).counts();
    const other = generateDemoData({ ...OPTIONS, seed: 43 });
    expect(other.rows("catalog.threads")[0]!.board_id).not.toBe(
      generateDemoData(OPTIONS).rows("catalog.threads")[0]!.board_id,
    );
    const big = generateDemoData({ ...OPTIONS, scale: 3 }).counts();
    expect(big["catalog.threads"]).toBe(3 * base["catalog.threads"]!);
    expect(big["search.documents"]).toBe(3 * base["search.documents"]!);
    expect(big["catalog.analysts"]).toBe(30);
    expect(big["portfolio.portfolios"]).toBe(27);
  });

  it("refuses invalid options", () => {
    expect(() => generateDemoData({ ...OPTIONS, scale: 0 })).toThrow(/scale/);
    expect(() => generateDemoData({ ...OPTIONS, seed: 1.5 })).toThrow(/seed/);
    expect(() => generateDemoData({ ...OPTIONS, asOf: Number.NaN })).toThrow(/asOf/);
  });

  it("parses the seed command's arguments, one clear message per mistake", () => {
    expect(parseSeedArguments([], 1_800_000_000_000)).toEqual({ seed: 1, scale: 1, asOf: 1_800_000_000_000 });
    expect(parseSeedArguments(["--seed", "9", "--scale", "20", "--as-of", "2026-11-20"], 0)).toEqual({
      seed: 9,
      scale: 20,
      asOf: AS_OF,
    });
    expect(() => parseSeedArguments(["--scale", "x"], 0)).toThrow(/--scale must be a number/);
    expect(() => parseSeedArguments(["--seed=-1"], 0)).toThrow(/--seed must be a whole number/);
    expect(() => parseSeedArguments(["--as-of", "2026-02-30"], 0)).toThrow(/--as-of must be a date/);
    expect(() => parseSeedArguments(["--bogus"], 0)).toThrow(/usage: seed/);
  });
});
