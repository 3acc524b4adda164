/**
 * Portfolio fixtures shared by the service and gateway tests: a benchmark and seven persona portfolios whose
 * snapshots exercise the daily collapse (several snapshots a day, the last wins; the Singapore work date, not
 * the UTC date), and the daily series each must collapse to.
 */
import type { Pool } from "../../lib/db/pool.js";
import { startOfWorkDate } from "../../lib/work-date.js";
import type { NavPoint } from "./metrics.js";

/** Epoch milliseconds of a Singapore wall-clock time ("HH:MM") on a work date. */
export const sgTime = (date: string, time: string): number => {
  const [h, m] = time.split(":").map(Number);
  return startOfWorkDate(date) + (h! * 60 + m!) * 60_000;
};

/** Epoch milliseconds of a UTC instant written as ISO 8601. */
export const utc = (iso: string): number => Date.parse(`${iso}Z`);

export interface PortfolioFixture {
  id: string;
  kind: "persona" | "benchmark";
  benchmarkId: string | null;
  /** Every snapshot, [taken_at, nav], in no particular order. */
  snapshots: Array<[number, number]>;
  /** The daily series the snapshots collapse to. */
  daily: NavPoint[];
}

const d = (at: number, nav: number): NavPoint => ({ at, nav });

const BENCH: PortfolioFixture = {
  id: "bench-sti",
  kind: "benchmark",
  benchmarkId: null,
  snapshots: [
    [sgTime("2026-03-02", "17:00"), 1000],
    [sgTime("2026-03-03", "17:00"), 1010],
    [sgTime("2026-03-04", "17:00"), 1030],
    [sgTime("2026-03-05", "17:00"), 1020],
    [sgTime("2026-03-06", "17:00"), 1040],
  ],
  daily: [],
};
BENCH.daily = BENCH.snapshots.map(([at, nav]) => d(at, nav));

const plain = (id: string, navs: number[], benchmarkId: string | null = "bench-sti"): PortfolioFixture => {
  const snapshots = navs.map((nav, i): [number, number] => [sgTime(`2026-03-0${3 + i}`, "16:00"), nav]);
  return { id, kind: "persona", benchmarkId, snapshots, daily: snapshots.map(([at, nav]) => d(at, nav)) };
};

export const PORTFOLIOS: PortfolioFixture[] = [
  BENCH,
  {
    id: "p-alpha",
    kind: "persona",
    benchmarkId: "bench-sti",
    snapshots: [
      [sgTime("2026-03-03", "09:00"), 100],
      [sgTime("2026-03-04", "10:00"), 150], // superseded later the same work date
      [sgTime("2026-03-04", "17:00"), 104],
      [utc("2026-03-04T22:00:00"), 90], // 06:00 on 03-05 in Singapore, superseded by the next
      [utc("2026-03-04T23:30:00"), 102], // 07:30 on 03-05 in Singapore: the last of 03-05
      [sgTime("2026-03-06", "17:00"), 106],
    ],
    daily: [
      d(sgTime("2026-03-03", "09:00"), 100),
      d(sgTime("2026-03-04", "17:00"), 104),
      d(utc("2026-03-04T23:30:00"), 102),
      d(sgTime("2026-03-06", "17:00"), 106),
    ],
  },
  plain("p-beta", [100, 99, 97]),
  plain("p-gamma", [100, 100.5, 100, 100.2]),
  plain("p-delta", [100, 100.5, 100, 100.2]), // the same Sharpe as p-gamma: ties go by portfolio_id
  plain("p-flat", [100, 100, 100], null),
  plain("p-lone", [100]),
  { id: "p-empty", kind: "persona", benchmarkId: "bench-sti", snapshots: [], daily: [] },
];

/** Leaderboard order of the persona fixtures: Sharpe descending, then the null Sharpes by id. */
export const LEADERBOARD_ORDER = ["p-alpha", "p-delta", "p-gamma", "p-beta", "p-empty", "p-flat", "p-lone"];

export async function insertPortfolio(pool: Pool, p: Pick<PortfolioFixture, "id" | "kind" | "benchmarkId">): Promise<void> {
  await pool.query(
    `INSERT INTO portfolio.portfolios (portfolio_id, name, kind, owner_analyst_id, benchmark_id, inception_date)
     VALUES ($1, $2, $3, $4, $5, '2026-03-02')`,
    [p.id, `Portfolio ${p.id}`, p.kind, p.kind === "persona" ? `analyst-${p.id}` : null, p.benchmarkId],
  );
}

export async function insertSnapshots(pool: Pool, portfolioId: string, snapshots: ReadonlyArray<[number, number]>): Promise<void> {
  for (const [takenAt, nav] of snapshots) {
    await pool.query("INSERT INTO portfolio.nav_snapshots (portfolio_id, taken_at, nav) VALUES ($1, $2, $3)", [portfolioId, takenAt, nav]);
  }
}

export async function fillPortfolios(owner: Pool, fixtures: readonly PortfolioFixture[] = PORTFOLIOS): Promise<void> {
  for (const p of fixtures) await insertPortfolio(owner, p);
  for (const p of fixtures) await insertSnapshots(owner, p.id, p.snapshots);
}

export const fixture = (id: string): PortfolioFixture => PORTFOLIOS.find((p) => p.id === id)!;
