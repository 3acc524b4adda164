/**
 * The demo dataset's only source of randomness: a seeded mulberry32 generator. Never Math.random or Date.now.
 * Each part of the generator draws from its own stream, derived from (seed, label), so that a change in how
 * many numbers one part consumes does not shift what every later part produces.
 */

/** 32-bit FNV-1a of a string, mixed with a seed: the starting state of a derived stream. */
function hash32(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0) ^ Math.floor(seed / 0x1_0000_0000)) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // One round of murmur3's finaliser spreads nearby labels apart.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

export class Random {
  private state: number;

  constructor(state: number) {
    this.state = state >>> 0;
  }

  /** An independent stream for one part of the generator. */
  static derive(seed: number, label: string): Random {
    return new Random(hash32(seed, label));
  }

  /** A child stream, for per-entity generation that must not disturb the parent's sequence. */
  fork(label: string): Random {
    return new Random(hash32(this.state, label));
  }

  /** Uniform in [0, 1): mulberry32. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("demo data: pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight: entries are [value, weight] with weight > 0. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let x = this.next() * total;
    for (const [value, w] of entries) {
      x -= w;
      if (x < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** k distinct items (k capped at the list's length), in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    if (k * 4 <= items.length) {
      // Few from many: distinct random indices, without copying the list.
      const chosen = new Set<number>();
      const out: T[] = [];
      while (out.length < k) {
        const i = Math.floor(this.next() * items.length);
        if (!chosen.has(i)) {
          chosen.add(i);
          out.push(items[i] as T);
        }
      }
      return out;
    }
    return this.shuffle(items).slice(0, Math.min(k, items.length));
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /**
   * Approximately standard normal (Irwin-Hall: the sum of 12 uniforms, minus 6). Plain additions only, so the
   * result is bit-identical on every engine, unlike Math.log / Math.cos.
   */
  normal(): number {
    let sum = 0;
    for (let i = 0; i < 12; i++) sum += this.next();
    return sum - 6;
  }

  /** n lowercase hex characters. */
  hex(n: number): string {
    let out = "";
    while (out.length < n)
      out += Math.floor(this.next() * 0x1_0000)
        .toString(16)
        .padStart(4, "0");
    return out.slice(0, n);
  }

  /** A version-4-shaped UUID (version nibble 4, RFC 4122 variant). */
  uuid(): string {
    const h = this.hex(32).split("");
    h[12] = "4";
    h[16] = "89ab"[parseInt(h[16]!, 16) & 3]!;
    const s = h.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}

/** Hands out identifiers that are random-looking, deterministic and never repeated within one dataset. */
export class IdFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Random) {}

  /** `${prefix}${n hex}`, drawn again on the (vanishingly rare) repeat. */
  hex(prefix: string, n: number): string {
    for (;;) {
      const id = `${prefix}${this.rng.hex(n)}`;
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }

  uuid(): string {
    for (;;) {
      const id = this.rng.uuid();
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}

/** Rounds to a fixed number of decimals, returning a number (so JSON and SQL see the short form). */
export function round(value: number, decimals: number): number {
  const f = POWERS_OF_TEN[decimals];
  if (f === undefined) throw new Error(`demo data: cannot round to ${decimals} decimals`);
  return Math.round(value * f) / f;
}

const POWERS_OF_TEN = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
