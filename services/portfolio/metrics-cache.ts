/**
 * Computed metrics, one entry per portfolio, valid while the key (the portfolio's and its benchmark's series
 * versions) is unchanged. A new snapshot changes the key, so a stale entry is never served: it is recomputed
 * and replaced. Least recently used entries go first once the cache holds `maxEntries` portfolios.
 */
import type { MetricValues } from "./metrics.js";

export interface MetricsCache {
  get(portfolioId: string, key: string): MetricValues | undefined;
  set(portfolioId: string, key: string, values: MetricValues): void;
  readonly size: number;
}

export function createMetricsCache(maxEntries = 256): MetricsCache {
  const entries = new Map<string, { key: string; values: MetricValues }>();
  return {
    get(portfolioId, key) {
      const entry = entries.get(portfolioId);
      if (!entry || entry.key !== key) return undefined;
      // Re-insert: Map iteration order is insertion order, so the first entry is the least recently used.
      entries.delete(portfolioId);
      entries.set(portfolioId, entry);
      return entry.values;
    },
    set(portfolioId, key, values) {
      entries.delete(portfolioId);
      entries.set(portfolioId, { key, values: Object.freeze({ ...values }) });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    },
    get size() {
      return entries.size;
    },
  };
}
