/** Latency percentiles and throughput of a timed run, and a plain-text table to print them in. */

export interface Timing {
  p50: number;
  p95: number;
  p99: number;
  qps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Runs `work` once per item, one at a time; milliseconds per call and calls per second overall. */
export async function time<T>(items: readonly T[], work: (item: T) => unknown): Promise<Timing> {
  const each: number[] = [];
  const started = performance.now();
  for (const item of items) {
    const t = performance.now();
    await work(item);
    each.push(performance.now() - t);
  }
  const total = performance.now() - started;
  each.sort((a, b) => a - b);
  return {
    p50: percentile(each, 50),
    p95: percentile(each, 95),
    p99: percentile(each, 99),
    qps: (items.length / total) * 1000,
  };
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  return [line(header), `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export const ms = (n: number) => n.toFixed(3);
export const ratio = (n: number) => `${n.toFixed(1)}x`;

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((p, q) => p - q);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
