/**
 * 26 persona-owned paper portfolios and one benchmark, with daily NAV on weekdays for more than three years
 * ending at asOf. Each persona is a geometric random walk: its own drift and volatility plus a beta to the
 * benchmark, so Sharpe ratios spread out. Some days carry an extra intraday snapshot before the close.
 */
import { DESK_ANALYSTS } from "./analysts.js";
import { addDays, HOUR, isWeekday, startOfWorkDate } from "./clock.js";
import type { DemoContext } from "./context.js";
import { round, type Random } from "./random.js";

export const BENCHMARK_ID = "bench-sti";
/** Calendar days of history before today (a little over three years). */
const HISTORY_DAYS = 3 * 365 + 60;
/** Personas that started trading later, with their history length in days. */
const LATE_STARTERS: Record<string, number> = { "ai-infra": 420, "green-transition": 200 };

export interface PortfolioInfo {
  portfolioId: string;
  ownerAnalystId: string | null;
}

interface Walk {
  id: string;
  nav: number;
  start: string;
  alpha: number;
  beta: number;
  vol: number;
}

function snapshot(ctx: DemoContext, rng: Random, portfolioId: string, date: string, nav: number): void {
  const close = startOfWorkDate(date) + 16.5 * HOUR + rng.int(0, 600) * 1000;
  if (rng.chance(0.06)) {
    const intraday = startOfWorkDate(date) + rng.int(10, 14) * HOUR + rng.int(0, 3599) * 1000;
    if (intraday < ctx.options.asOf - 1000) {
      ctx.data.add("portfolio.nav_snapshots", {
        portfolio_id: portfolioId,
        taken_at: intraday,
        nav: round(nav * (1 + rng.normal() * 0.004), 4),
      });
    }
  }
  if (close < ctx.options.asOf - 1000)
    ctx.data.add("portfolio.nav_snapshots", { portfolio_id: portfolioId, taken_at: close, nav: round(nav, 4) });
}

export function generatePortfolios(ctx: DemoContext): PortfolioInfo[] {
  const rng = ctx.rng("portfolios");
  const { today } = ctx.clock;
  const firstDay = addDays(today, -HISTORY_DAYS);
  ctx.data.add("portfolio.portfolios", {
    portfolio_id: BENCHMARK_ID,
    name: "Straits Times Index (benchmark)",
    kind: "benchmark",
    owner_analyst_id: null,
    benchmark_id: null,
    inception_date: firstDay,
  });
  const walks: Walk[] = DESK_ANALYSTS.map((analyst) => {
    const late = LATE_STARTERS[analyst.id];
    const id = `pf-${analyst.id}`;
    const start = late ? addDays(today, -late) : firstDay;
    ctx.data.add("portfolio.portfolios", {
      portfolio_id: id,
      name: `${analyst.nameEn ?? analyst.name} paper book (${analyst.specialtyEn ?? analyst.specialty ?? "multi-asset"})`,
      kind: "persona",
      owner_analyst_id: analyst.id,
      benchmark_id: BENCHMARK_ID,
      inception_date: start,
    });
    return {
      id,
      nav: 100,
      start,
      alpha: rng.float(-0.06, 0.14),
      beta: rng.float(0.2, 1.3),
      vol: rng.float(0.04, 0.26),
    };
  });
  const daily = Math.sqrt(252);
  let bench = 3150;
  for (let date = firstDay; date <= today; date = addDays(date, 1)) {
    if (!isWeekday(date)) continue;
    const benchReturn = 0.06 / 252 + (0.14 / daily) * rng.normal();
    bench *= 1 + benchReturn;
    snapshot(ctx, rng, BENCHMARK_ID, date, bench);
    for (const w of walks) {
      if (date < w.start) continue;
      if (date > w.start) w.nav *= 1 + w.alpha / 252 + w.beta * benchReturn + (w.vol / daily) * rng.normal();
      snapshot(ctx, rng, w.id, date, w.nav);
    }
  }
  return [
    { portfolioId: BENCHMARK_ID, ownerAnalystId: null },
    ...walks.map((w) => ({ portfolioId: w.id, ownerAnalystId: w.id.slice(3) })),
  ];
}
