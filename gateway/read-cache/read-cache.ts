/**
 * The gateway's read cache: answers as they were sent, each with the kinds of data it was derived from, bounded by
 * bytes (least recently used out first). A change to a kind drops every answer that depends on it.
 *
 * An answer is computed between `begin()` and `set()`; if its kinds changed in between, the answer may predate the
 * change and is not kept (the announcement can arrive before the answer is done). While the cache is not told about
 * changes (the listener is reconnecting, the database is down), it serves nothing as fresh and keeps nothing: its
 * answers are suspended, not dropped. Until `staleMs` after that began, `stale()` still hands one out, for a route
 * whose service failed (stale-if-error, RFC 5861). When told again, it first drops what depends on the kinds that
 * changed meanwhile (`resume`), or everything when that cannot be known (`reset`).
 */
import { LruBytes } from "../../lib/cache/lru-bytes.js";
import type { DataKind } from "./service-kinds.js";

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Answers served stale because their route failed while the cache was suspended. */
  stale: number;
  entries: number;
  bytes: number;
}

/** An answer served stale, and how old it is (the Age header): milliseconds since it was kept. */
export interface StaleAnswer<V> {
  value: V;
  ageMs: number;
}

export interface ReadCache<V = unknown> {
  /** Whether answers are served and kept now (false while changes cannot be heard). */
  readonly live: boolean;
  get(key: string): V | undefined;
  /** Marks the start of computing an answer; pass the ticket to `set`. */
  begin(): number;
  /** Keeps an answer unless one of its kinds changed since `ticket`; true when kept. */
  set(key: string, value: V, kinds: Iterable<DataKind>, bytes: number, ticket: number): boolean;
  /** A kind of data changed: drop what depends on it. */
  invalidate(kind: DataKind): void;
  /** Changes may have been missed: drop everything; `live` says whether to serve again. */
  reset(live: boolean): void;
  /** Changes can no longer be heard: serve nothing as fresh, keep what is held for `stale()`. */
  suspend(): void;
  /** Changes are heard again: drop what depends on `changed` (the kinds whose data versions moved), then serve. */
  resume(changed: Iterable<DataKind>): void;
  /** While suspended, for at most `staleMs` since: the answer held under `key`, and its age. Counts as served stale. */
  stale(key: string): StaleAnswer<V> | undefined;
  /**
   * A stamp that moves whenever data of `kind` may have changed (a change heard, a reset, a gap in listening);
   * undefined while changes cannot be heard. What is remembered beside the cache (the report validators) keeps the
   * stamp it saw before reading, and trusts itself only while the stamp is the same.
   */
  stamp(kind: DataKind): number | undefined;
  stats(): ReadCacheStats;
}

export interface ReadCacheOptions {
  /** How long after the cache was suspended an answer may still be served stale; 0: never. */
  staleMs?: number;
  now?: () => number;
}

export function createReadCache<V>(budgetBytes: number, options: ReadCacheOptions = {}): ReadCache<V> {
  const now = options.now ?? Date.now;
  const staleMs = options.staleMs ?? 0;
  const keptAt = new Map<string, number>();
  let suspendedAt: number | undefined;
  let stale = 0;
  const dependents = new Map<DataKind, Set<string>>();
  const kindsOf = new Map<string, readonly DataKind[]>();
  const entries = new LruBytes<string, V>(budgetBytes, (key) => {
    for (const kind of kindsOf.get(key) ?? []) dependents.get(kind)?.delete(key);
    kindsOf.delete(key);
    keptAt.delete(key);
  });
  let epoch = 0;
  let resetAt = 0;
  const changedAt = new Map<DataKind, number>();
  let live = false;
  let hits = 0;
  let misses = 0;

  return {
    get live() {
      return live;
    },
    get(key) {
      if (!live) return undefined;
      const value = entries.get(key);
      if (value === undefined) misses++;
      else hits++;
      return value;
    },
    begin: () => epoch,
    set(key, value, kinds, bytes, ticket) {
      const list = [...kinds];
      if (!live || resetAt > ticket || list.some((k) => (changedAt.get(k) ?? 0) > ticket)) return false;
      if (!entries.set(key, value, bytes)) return false;
      kindsOf.set(key, list);
      keptAt.set(key, now());
      for (const kind of list) {
        let keys = dependents.get(kind);
        if (!keys) dependents.set(kind, (keys = new Set()));
        keys.add(key);
      }
      return true;
    },
    invalidate(kind) {
      changedAt.set(kind, ++epoch);
      for (const key of [...(dependents.get(kind) ?? [])]) entries.delete(key);
    },
    reset(isLive) {
      resetAt = ++epoch;
      live = isLive;
      suspendedAt = isLive || staleMs === 0 ? undefined : now();
      entries.clear();
    },
    suspend() {
      resetAt = ++epoch;
      if (live || suspendedAt === undefined) suspendedAt = now();
      live = false;
      if (staleMs === 0) entries.clear();
    },
    resume(changed) {
      for (const kind of changed) this.invalidate(kind);
      resetAt = ++epoch;
      suspendedAt = undefined;
      live = true;
    },
    stale(key) {
      if (live || suspendedAt === undefined || now() - suspendedAt > staleMs) return undefined;
      const value = entries.get(key);
      if (value === undefined) return undefined;
      stale++;
      return { value, ageMs: now() - (keptAt.get(key) ?? now()) };
    },
    stamp: (kind) => (live ? Math.max(changedAt.get(kind) ?? 0, resetAt) : undefined),
    stats: () => ({ hits, misses, stale, entries: entries.size, bytes: entries.bytes }),
  };
}
