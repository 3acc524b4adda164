/**
 * Bodies by content identity: a least-recently-used set of stored objects keyed by (key, sha256), bounded in
 * characters. A reader that learned the sha256 the database holds for a key (joined into the query that chose the
 * row) gets the body from memory; a key whose body was replaced has another sha256, so a cached body is never
 * served for other content, and nothing needs invalidating. Concurrent misses for one key share one read.
 */
import type { ObjectStore, StoredObject } from "./object-store.js";

export interface BodyCache {
  /** The object at `key` whose content hash is `sha256`, from memory or else read (then the read one, whatever its hash). */
  get(key: string, sha256: string): Promise<StoredObject | undefined>;
}

/** 16 Mi characters: about 32 MiB of bodies at most. */
export const DEFAULT_BODY_CACHE_CHARS = 16 * 1024 * 1024;

export function createBodyCache(objects: ObjectStore, options: { maxChars?: number } = {}): BodyCache {
  const maxChars = options.maxChars ?? DEFAULT_BODY_CACHE_CHARS;
  const entries = new Map<string, StoredObject>();
  const reading = new Map<string, Promise<StoredObject | undefined>>();
  let chars = 0;
  const idOf = (key: string, sha256: string) => `${sha256}\u0000${key}`;

  function keep(stored: StoredObject) {
    if (stored.body.length > maxChars / 2) return;
    const id = idOf(stored.key, stored.sha256);
    if (entries.has(id)) return;
    entries.set(id, stored);
    chars += stored.body.length;
    // Map iteration is insertion order and a hit re-inserts, so the first entry is the least recently used.
    for (const [oldest, entry] of entries) {
      if (chars <= maxChars) break;
      entries.delete(oldest);
      chars -= entry.body.length;
    }
  }

  return {
    get(key, sha256) {
      const id = idOf(key, sha256);
      const hit = entries.get(id);
      if (hit) {
        entries.delete(id);
        entries.set(id, hit);
        return Promise.resolve(hit);
      }
      let pending = reading.get(key);
      if (!pending) {
        pending = objects.get(key).then(
          (stored) => (reading.delete(key), stored && keep(stored), stored),
          (e: unknown) => (reading.delete(key), Promise.reject(e)),
        );
        reading.set(key, pending);
      }
      return pending;
    },
  };
}
