/**
 * The cluster's memory as one row: the highest sum over its processes of their peak resident sets during any
 * measured run, against the target, with each process's own peak so that what dominates is visible.
 */
import type { ModeResult } from "./report.js";

export const TOPOLOGY_RSS_TARGET_MIB = 600;

export interface TopologyRss {
  /** The highest, over every measured run, of the sum of the processes' peaks in that run. */
  peakSumMib: number;
  /** Each process's highest peak over every measured run, by name. */
  byProcess: Record<string, number>;
}

export function topologyRss(result: ModeResult, names: readonly string[]): TopologyRss | undefined {
  const sums = result.cases.flatMap((r) => (r.service.peakRssMib === undefined ? [] : [r.service.peakRssMib]));
  if (!sums.length) return undefined;
  const byProcess: Record<string, number> = {};
  for (const r of result.cases)
    r.service.processPeaksMib.forEach((mib, i) => {
      const name = names[i] ?? `pid ${i}`;
      if (mib !== undefined) byProcess[name] = Math.max(byProcess[name] ?? 0, mib);
    });
  return { peakSumMib: Math.max(...sums), byProcess };
}

export function topologyRssLine(rss: TopologyRss): string {
  const parts = Object.entries(rss.byProcess)
    .sort((a, b) => b[1] - a[1])
    .map(([name, mib]) => `${name} ${mib.toFixed(0)}`);
  const met = rss.peakSumMib <= TOPOLOGY_RSS_TARGET_MIB ? "met" : "MISSED";
  return `cluster peak RSS, summed over its ${parts.length} processes: ${rss.peakSumMib.toFixed(0)} MiB (target <= ${TOPOLOGY_RSS_TARGET_MIB} MiB: ${met}); per process, MiB: ${parts.join(", ")}`;
}
