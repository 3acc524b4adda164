/**
 * Compounded returns over calendar periods of Singapore work dates, as quantstats' period and monthly tables define
 * them: the product of (1 + r) over the returns dated in the period, which is the NAV at the period's last point over
 * the NAV at the last point before the period (or the first point, when the series starts inside it) minus one.
 */
import type { DailyPoint } from "./daily-series.js";

export interface PeriodReturnValues {
  mtd: number | null;
  qtd: number | null;
  ytd: number | null;
  oneYear: number | null;
  threeYear: number | null;
  sinceInception: number | null;
}

export interface MonthlyReturnValue {
  year: number;
  month: number;
  ret: number;
}

/** The last point dated before `start`, or the first point when none is (the series began inside the period). */
function baseBefore(points: readonly DailyPoint[], start: string): DailyPoint {
  let base = points[0]!;
  for (const p of points) {
    if (p.date >= start) break;
    base = p;
  }
  return base;
}

/** The date `years` calendar years before `date` (29 February falls back to 28 February). */
function yearsBefore(date: string, years: number): string {
  const y = Number(date.slice(0, 4)) - years;
  const md = date.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return `${String(y).padStart(4, "0")}-${md === "02-29" && !leap ? "02-28" : md}`;
}

/**
 * MTD, QTD and YTD run from the period's start (since inception when the series began inside it). 1Y and 3Y run
 * from the last point on or before the same date one and three years earlier, cumulative (not annualized), and are
 * null when the series is younger than that.
 */
export function periodReturns(points: readonly DailyPoint[]): PeriodReturnValues {
  if (points.length < 2)
    return { mtd: null, qtd: null, ytd: null, oneYear: null, threeYear: null, sinceInception: null };
  const last = points[points.length - 1]!;
  const [year, month] = [last.date.slice(0, 4), Number(last.date.slice(5, 7))];
  const quarterMonth = String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, "0");
  const since = (start: string) => last.nav / baseBefore(points, start).nav - 1;
  const trailing = (years: number) => {
    const start = yearsBefore(last.date, years);
    if (points[0]!.date > start) return null;
    let base = points[0]!;
    for (const p of points) if (p.date <= start) base = p;
    return last.nav / base.nav - 1;
  };
  return {
    mtd: since(`${last.date.slice(0, 7)}-01`),
    qtd: since(`${year}-${quarterMonth}-01`),
    ytd: since(`${year}-01-01`),
    oneYear: trailing(1),
    threeYear: trailing(3),
    sinceInception: last.nav / points[0]!.nav - 1,
  };
}

/** One row per calendar month that holds a return, oldest first. */
export function monthlyReturns(points: readonly DailyPoint[]): MonthlyReturnValue[] {
  const rows: MonthlyReturnValue[] = [];
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const year = Number(p.date.slice(0, 4));
    const month = Number(p.date.slice(5, 7));
    const row = rows[rows.length - 1];
    if (row && row.year === year && row.month === month) row.ret = (1 + row.ret) * (1 + p.ret!) - 1;
    else rows.push({ year, month, ret: p.ret! });
  }
  return rows;
}
