/**
 * The dataset's notion of time. Everything is relative to `asOf` ("now" for the dataset): nothing that has
 * happened is stamped after it, and work dates are Asia/Singapore dates (lib/work-date.ts).
 */
import { addDays, isoWeekOf, startOfWorkDate, workDateOf } from "../lib/work-date.js";
import type { Random } from "./random.js";

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export class Clock {
  /** The work date that contains asOf. */
  readonly today: string;

  constructor(readonly asOf: number) {
    this.today = workDateOf(asOf);
  }

  /** The n work dates ending at today, oldest first. */
  recentDates(n: number): string[] {
    const out: string[] = [];
    for (let i = n - 1; i >= 0; i--) out.push(addDays(this.today, -i));
    return out;
  }

  /** Monday to Sunday of the ISO week containing today. */
  currentWeek(): { weekStart: string; weekEnd: string } {
    return isoWeekOf(this.today);
  }

  /**
   * A moment on `date` between `fromHour` and `toHour` (Singapore local hours, may exceed 24), never after
   * asOf and never before the start of the date. Whole seconds plus a millisecond part, like real stamps.
   */
  within(rng: Random, date: string, fromHour: number, toHour: number): number {
    const start = startOfWorkDate(date);
    let lo = start + fromHour * HOUR;
    let hi = start + toHour * HOUR;
    const cap = this.asOf - 1000;
    if (hi > cap) hi = cap;
    if (lo > hi) lo = Math.max(start, hi - 10 * MINUTE);
    if (lo > hi) lo = hi;
    return Math.floor(lo + rng.next() * (hi - lo));
  }

  /** Caps a moment at asOf (minus a second), for durations added to a start. */
  past(t: number): number {
    return Math.min(t, this.asOf - 1000);
  }
}

/** True for Monday to Friday. */
export function isWeekday(date: string): boolean {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  return d >= 1 && d <= 5;
}

/** Keeps issued timestamps distinct: a repeat is nudged back by a millisecond until it is new. */
export class DistinctTimes {
  private readonly used = new Set<number>();

  take(t: number): number {
    while (this.used.has(t)) t -= 1;
    this.used.add(t);
    return t;
  }
}

export { addDays, isoWeekOf, startOfWorkDate, workDateOf };
