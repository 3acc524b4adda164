/** Work dates are YYYY-MM-DD dates in Asia/Singapore (UTC+8, no daylight saving). */

const SINGAPORE_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function workDateOf(epochMs: number): string {
  return new Date(epochMs + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date in YYYY-MM-DD form (2026-02-30 is false). */
export function isWorkDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The last date YYYY-MM-DD can write: a week or range running past it ends there (the week of 9999-12-31 included). */
export const LAST_WORK_DATE = "9999-12-31";

export function addDays(workDate: string, days: number): string {
  const date = new Date(Date.parse(`${workDate}T00:00:00Z`) + days * DAY_MS);
  return date.getUTCFullYear() > 9999 ? LAST_WORK_DATE : date.toISOString().slice(0, 10);
}

/** Monday and Sunday of the ISO week that contains the date. */
export function isoWeekOf(workDate: string): { weekStart: string; weekEnd: string } {
  const weekday = new Date(`${workDate}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const weekStart = addDays(workDate, -((weekday + 6) % 7));
  return { weekStart, weekEnd: addDays(weekStart, 6) };
}

/** Midnight in Singapore at the start of the work date, epoch milliseconds. */
export function startOfWorkDate(workDate: string): number {
  return Date.parse(`${workDate}T00:00:00Z`) - SINGAPORE_OFFSET_MS;
}
