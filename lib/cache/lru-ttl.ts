/**
 * A bounded map that forgets the least recently used entry first, whose entries go stale after a time to live.
 * Insertion-order eviction (a plain Map trimmed from its head) lets a flood of new keys push out the entries that
 * are read all the time; recency order keeps them. A stale entry is not served by `get` but stays until evicted, so
 * a caller can still tell that a key was seen (`peekStale`).
 */
export class LruTtl<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  /** The most recently used key: reading it again needs no reordering (the common case of one busy key). */
  private newest: K | undefined;

  constructor(
    private readonly limit: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit >= 1)) throw new RangeError("LruTtl limit must be at least 1");
  }

  get size(): number {
    return this.entries.size;
  }

  /** The fresh value, marked as just used; undefined when absent or stale. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.until <= this.now()) return undefined;
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  /** The value, fresh or stale, without touching its recency. */
  peekStale(key: K): V | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    this.newest = key;
  }

  delete(key: K): void {
    this.entries.delete(key);
    if (key === this.newest) this.newest = undefined;
  }
}
