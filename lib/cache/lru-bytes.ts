/**
 * A map bounded by the bytes its values take rather than by their count: values of very different sizes (a
 * 200-byte JSON answer, a 60 KB report) share one budget, and the least recently used are evicted first until the
 * new value fits. A value larger than the whole budget is not kept at all. Each eviction or deletion is reported,
 * so a caller can keep its own indexes over the keys in step.
 */
export class LruBytes<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private used = 0;
  /** The most recently used key: reading it again needs no reordering. */
  private newest: K | undefined;

  constructor(
    private readonly budget: number,
    private readonly onRemove: (key: K, value: V) => void = () => {},
  ) {
    if (!(budget >= 0)) throw new RangeError("LruBytes budget must be zero or more");
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held by the values now. */
  get bytes(): number {
    return this.used;
  }

  /** The value, marked as just used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.newest = key;
    }
    return entry.value;
  }

  /** Keeps `value` at a cost of `bytes`; false when it cannot fit even in an empty map. */
  set(key: K, value: V, bytes: number): boolean {
    this.delete(key);
    if (bytes > this.budget) return false;
    while (this.used + bytes > this.budget) this.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    this.newest = key;
    return true;
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    if (key === this.newest) this.newest = undefined;
    this.used -= entry.bytes;
    this.onRemove(key, entry.value);
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }
}
