/**
 * The gateway's read cache: answers as they were sent, each with the kinds of data it was derived from, bounded by
 * bytes (least recently used out first). A change to a kind drops every answer that depends on it.
 *
 * An answer is computed between `begin()` and `set()`; if its kinds changed in between, the answer may predate the
 * change and is not kept (the announcement can arrive before the answer is done). While the cache is not told about
 * changes (the listener is reconnecting), it serves and keeps nothing, and it starts empty when told again.
 */
import { LruBytes } from "../../lib/cache/lru-bytes.js";
import type { DataKind } from "./service-kinds.js";

export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
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
  stats(): ReadCacheStats;
}

export function createReadCache<V>(budgetBytes: number): ReadCache<V> {
  const dependents = new Map<DataKind, Set<string>>();
  const kindsOf = new Map<string, readonly DataKind[]>();
  const entries = new LruBytes<string, V>(budgetBytes, (key) => {
    for (const kind of kindsOf.get(key) ?? []) dependents.get(kind)?.delete(key);
    kindsOf.delete(key);
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
      entries.clear();
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes: entries.bytes }),
  };
}
