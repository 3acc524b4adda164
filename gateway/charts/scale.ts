/** Linear scales and readable ticks for the charts: round steps (1, 2, 5 × 10^k) and calendar ticks for dates. */

export interface Scale {
  (value: number): number;
  ticks: number[];
}

/** Round ticks covering [min, max], about `count` of them, and the padded domain they span. */
export function niceTicks(min: number, max: number, count = 5): { ticks: number[]; lo: number; hi: number } {
  if (!(max > min)) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.05 : 1;
    return niceTicks(min - pad, max + pad, count);
  }
  const raw = (max - min) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw)!;
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Math.round(t / step) * step);
  return { ticks, lo, hi };
}

export function linearScale(
  domainLo: number,
  domainHi: number,
  rangeLo: number,
  rangeHi: number,
  ticks: number[] = [],
): Scale {
  const span = domainHi - domainLo || 1;
  const scale = ((v: number) => rangeLo + ((v - domainLo) / span) * (rangeHi - rangeLo)) as Scale;
  scale.ticks = ticks;
  return scale;
}

const DAY = 86_400_000;
export const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/** Tick dates for a span of work dates: years, quarters or months, at most about `max` of them. */
export function dateTicks(first: string, last: string, max = 8): Array<{ day: number; label: string }> {
  const from = dayNumber(first);
  const to = dayNumber(last);
  const monthsApart = (to - from) / 30.44;
  const every = [1, 2, 3, 6, 12, 24].find((m) => monthsApart / m <= max) ?? 48;
  const out: Array<{ day: number; label: string }> = [];
  let y = Number(first.slice(0, 4));
  let m = Number(first.slice(5, 7));
  // Start at the first month boundary after `first` that is a multiple of the step.
  for (;;) {
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
    if ((m - 1) % every === 0) break;
  }
  for (;;) {
    const date = `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-01`;
    const day = dayNumber(date);
    if (day > to) break;
    out.push({ day, label: every >= 12 || m === 1 ? String(y) : `${date.slice(0, 7)}` });
    m += every;
    while (m > 12) {
      m -= 12;
      y += 1;
    }
  }
  return out;
}
