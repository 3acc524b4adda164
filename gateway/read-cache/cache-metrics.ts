/** The read cache's counters on the internal /metrics: hits and misses (the hit ratio), entries and bytes held. */
import { Gauge, type Registry } from "prom-client";
import type { ReadCache } from "./read-cache.js";

export function observeReadCache(registry: Registry, cache: ReadCache<unknown>) {
  const gauge = (name: string, help: string, pick: (s: ReturnType<ReadCache<unknown>["stats"]>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(pick(cache.stats()));
      },
    });
  gauge("read_cache_hits", "Answers served from the gateway's read cache since start", (s) => s.hits);
  gauge("read_cache_misses", "Cacheable requests the read cache could not answer since start", (s) => s.misses);
  gauge(
    "read_cache_stale_served",
    "Answers served stale from the read cache since start: their route failed while the database could not be heard",
    (s) => s.stale,
  );
  gauge("read_cache_entries", "Answers held by the read cache", (s) => s.entries);
  gauge("read_cache_bytes", "Bytes held by the read cache (bodies and bookkeeping)", (s) => s.bytes);
}
