/**
 * Counts per ordered pair of term ids (the bilingual bridge's co-occurrences): most of them frozen in compressed
 * rows, each term's partners ascending with their counts in typed arrays, and the changes since in a small map on
 * top, folded into the rows when it grows past an eighth of them. At 100,000 notes the bridge counts about 434,000
 * pairs: as nested Maps of numbers they held about 20 MiB, frozen they take 8 bytes each.
 */

/** The changes are folded in once they reach this many pairs, or an eighth of the frozen ones if that is more. */
const MIN_FOLD = 4_096;

export class PairCounts {
  /** Term a's partners are partners[start[a] .. start[a + 1]), ascending, with counts[i] for each. */
  private start = new Int32Array(1);
  private partners = new Int32Array(0);
  private counts = new Int32Array(0);
  /** Changes since the last fold: term → partner → change of its count (never 0). */
  private changes = new Map<number, Map<number, number>>();
  private changed = 0;

  add(a: number, b: number, by: number): void {
    let m = this.changes.get(a);
    if (!m) this.changes.set(a, (m = new Map()));
    const before = m.get(b);
    const n = (before ?? 0) + by;
    if (n === 0) {
      m.delete(b);
      this.changed--;
    } else {
      m.set(b, n);
      if (before === undefined) this.changed++;
    }
    if (this.changed >= Math.max(MIN_FOLD, this.counts.length >> 3)) this.fold();
  }

  /** Calls `each` for every partner of a whose count is above 0. */
  forEachPartner(a: number, each: (b: number, count: number) => void): void {
    const m = this.changes.get(a);
    const [from, to] = this.rowOf(a);
    for (let i = from; i < to; i++) {
      const b = this.partners[i]!;
      const n = this.counts[i]! + (m?.get(b) ?? 0);
      if (n > 0) each(b, n);
    }
    if (m) for (const [b, by] of m) if (by > 0 && this.find(a, b) < 0) each(b, by);
  }

  /** Every pair counted as (a, b, count) triples, ascending by a, then b. */
  triples(): Int32Array {
    this.fold();
    const out = new Int32Array(this.counts.length * 3);
    for (let a = 0; a + 1 < this.start.length; a++) {
      for (let i = this.start[a]!; i < this.start[a + 1]!; i++) {
        out[3 * i] = a;
        out[3 * i + 1] = this.partners[i]!;
        out[3 * i + 2] = this.counts[i]!;
      }
    }
    return out;
  }

  /** Replaces every count with these triples (in any order; a pair listed twice adds up). */
  load(triples: Int32Array): void {
    if (this.loadAscending(triples)) return;
    this.start = new Int32Array(1);
    this.partners = new Int32Array(0);
    this.counts = new Int32Array(0);
    this.changes = new Map();
    this.changed = 0;
    for (let i = 0; i < triples.length; i += 3) {
      const [a, b, n] = [triples[i]!, triples[i + 1]!, triples[i + 2]!];
      let m = this.changes.get(a);
      if (!m) this.changes.set(a, (m = new Map()));
      if (!m.has(b)) this.changed++;
      m.set(b, (m.get(b) ?? 0) + n);
    }
    this.fold();
  }

  /** Takes triples as they are saved (ascending, each pair once, counts above 0) in one pass; false otherwise. */
  private loadAscending(triples: Int32Array): boolean {
    const n = triples.length / 3;
    let terms = 0;
    for (let i = 0; i < n; i++) {
      const [a, b, count] = [triples[3 * i]!, triples[3 * i + 1]!, triples[3 * i + 2]!];
      const after = i === 0 || a > triples[3 * i - 3]! || (a === triples[3 * i - 3]! && b > triples[3 * i - 2]!);
      if (!after || a < 0 || count <= 0) return false;
      terms = a + 1;
    }
    const start = new Int32Array(terms + 1);
    const partners = new Int32Array(n);
    const counts = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      start[triples[3 * i]! + 1]!++;
      partners[i] = triples[3 * i + 1]!;
      counts[i] = triples[3 * i + 2]!;
    }
    for (let a = 0; a < terms; a++) start[a + 1]! += start[a]!;
    [this.start, this.partners, this.counts] = [start, partners, counts];
    this.changes = new Map();
    this.changed = 0;
    return true;
  }

  private rowOf(a: number): [number, number] {
    return a + 1 < this.start.length ? [this.start[a]!, this.start[a + 1]!] : [0, 0];
  }

  /** Where b sits among a's frozen partners, or -1. */
  private find(a: number, b: number): number {
    let [lo, hi] = this.rowOf(a);
    hi--;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const p = this.partners[mid]!;
      if (p === b) return mid;
      if (p < b) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Folds the changes into the frozen rows; a pair whose count reached 0 leaves them. */
  private fold(): void {
    if (this.changes.size === 0) return;
    let terms = this.start.length - 1;
    for (const a of this.changes.keys()) terms = Math.max(terms, a + 1);
    const start = new Int32Array(terms + 1);
    const partners = new Int32Array(this.counts.length + this.changed);
    const counts = new Int32Array(this.counts.length + this.changed);
    let at = 0;
    const keep = (b: number, n: number) => {
      if (n < 0) throw new Error(`pair counts: a count went below 0 (partner ${b})`);
      if (n === 0) return;
      partners[at] = b;
      counts[at++] = n;
    };
    for (let a = 0; a < terms; a++) {
      start[a] = at;
      const [from, to] = this.rowOf(a);
      const m = this.changes.get(a);
      const added = m ? [...m.keys()].filter((b) => this.find(a, b) < 0).sort((x, y) => x - y) : [];
      let i = from;
      let j = 0;
      while (i < to || j < added.length) {
        if (j >= added.length || (i < to && this.partners[i]! < added[j]!)) {
          const b = this.partners[i]!;
          keep(b, this.counts[i++]! + (m?.get(b) ?? 0));
        } else {
          const b = added[j++]!;
          keep(b, m!.get(b)!);
        }
      }
    }
    start[terms] = at;
    this.start = start;
    this.partners = partners.slice(0, at);
    this.counts = counts.slice(0, at);
    this.changes = new Map();
    this.changed = 0;
  }
}
