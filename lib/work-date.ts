/** Work dates are YYYY-MM-DD dates in Asia/Singapore (UTC+8, no daylight saving). */

const SINGAPORE_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;
/** The YYYY-MM-DD shape, as a JSON Schema `pattern` (every schema that takes a work date uses it) and a RegExp. */
export const WORK_DATE_PATTERN = String.raw`^\d{4}-\d{2}-\d{2}$`;
const DATE_PATTERN = new RegExp(WORK_DATE_PATTERN);

export function workDateOf(epochMs: number): string {
  return new Date(epochMs + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date in YYYY-MM-DD form (2026-02-30 is false). */
export function isWorkDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const d = new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10))));
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
