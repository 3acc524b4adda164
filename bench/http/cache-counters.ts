/**
 * The service's read cache counters, read from its internal /metrics (read_cache_hits and read_cache_misses, summed
 * over label sets), so a case's hit ratio is the share of cacheable lookups answered from the cache while it ran.
 */
export interface CacheCounters {
  hits: number;
  misses: number;
}

const valueOf = (text: string, name: string) =>
  [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.eE+-]+)$`, "gm"))].reduce(
    (sum, m) => sum + Number(m[1]),
    0,
  );

export async function readCacheCounters(metricsUrl: string | undefined): Promise<CacheCounters | undefined> {
  if (!metricsUrl) return undefined;
  const res = await fetch(`${metricsUrl}/metrics`).catch(() => undefined);
  if (!res?.ok) return undefined;
  const text = await res.text();
  return { hits: valueOf(text, "read_cache_hits"), misses: valueOf(text, "read_cache_misses") };
}

/** Hits over lookups between two readings; NaN when nothing was looked up (the route is never cached, or no counters). */
export function hitRatio(before: CacheCounters | undefined, after: CacheCounters | undefined): number {
  if (!before || !after) return NaN;
  const hits = after.hits - before.hits;
  const lookups = hits + after.misses - before.misses;
  return lookups > 0 ? hits / lookups : NaN;
}
