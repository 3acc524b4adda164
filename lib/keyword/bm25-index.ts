/**
 * An in-memory inverted index ranked by Okapi BM25 (k1 1.2, b 0.75), keyed by row id like the vector index.
 * Postings are typed arrays (document number, term frequency) per term. A row replaced or removed leaves a
 * tombstone that searches skip; when tombstones pass a quarter of the numbers the postings are compacted in
 * place (no text is tokenized again). Document frequencies count the rows in a posting list, tombstones
 * included until the next compaction: keeping them exact would mean keeping every row's term list (as much
 * memory again as the postings), for idf values that move by at most a quarter. A row may carry a small group
 * number (a document's language), handed to a search's `accept` beside the id, so a filter on it reads an array
 * where a look-up by id would cost a hash probe for every row a common term touches.
 */
import { ScoreHeap } from "../vector/heap.js";

export interface ScoredId {
  id: string;
  score: number;
}

/** A query term and its weight (1 for a typed term; a bilingual bridge's association for an added one). */
export interface QueryTerm {
  term: string;
  weight: number;
}

class Postings {
  docs = new Int32Array(4);
  tfs = new Uint16Array(4);
  n = 0;

  push(doc: number, tf: number) {
    if (this.n === this.docs.length) {
      const docs = new Int32Array(this.n * 2);
      docs.set(this.docs);
      this.docs = docs;
      const tfs = new Uint16Array(this.n * 2);
      tfs.set(this.tfs);
      this.tfs = tfs;
    }
    this.docs[this.n] = doc;
    this.tfs[this.n++] = Math.min(tf, 65535);
  }

  bytes(): number {
    return this.docs.byteLength + this.tfs.byteLength;
  }
}

const K1 = 1.2;
const B = 0.75;

export class Bm25Index {
  private ids: (string | null)[] = [];
  private lengths: number[] = [];
  private groups: number[] = [];
  private readonly numberOf = new Map<string, number>();
  private readonly postings = new Map<string, Postings>();
  private totalLength = 0;
  private dead = 0;
  /** Per-search accumulators, reused (searches are synchronous), cleared after each use. */
  private scratch = new Float64Array(0);
  private state = new Uint8Array(0);

  get size(): number {
    return this.numberOf.size;
  }

  has(id: string): boolean {
    return this.numberOf.has(id);
  }

  keys(): IterableIterator<string> {
    return this.numberOf.keys();
  }

  /** Rows holding `term` (see the header on tombstones). */
  df(term: string): number {
    return this.postings.get(term)?.n ?? 0;
  }

  /** Adds a row (replacing the one of the same id), in a group (0 unless given). An empty term list removes it. */
  set(id: string, terms: readonly string[], group = 0): void {
    this.remove(id);
    if (terms.length === 0) return;
    const doc = this.ids.length;
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let p = this.postings.get(term);
      if (!p) this.postings.set(term, (p = new Postings()));
      p.push(doc, tf);
    }
    this.ids.push(id);
    this.lengths.push(terms.length);
    this.groups.push(group);
    this.numberOf.set(id, doc);
    this.totalLength += terms.length;
  }

  remove(id: string): void {
    const doc = this.numberOf.get(id);
    if (doc === undefined) return;
    this.numberOf.delete(id);
    this.totalLength -= this.lengths[doc]!;
    this.ids[doc] = null;
    this.dead++;
    if (this.dead > 1000 && this.dead > this.ids.length / 4) this.compact();
  }

  /** Renumbers the live rows densely and drops tombstones from every posting list. */
  private compact() {
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    const lengths: number[] = [];
    const groups: number[] = [];
    this.ids.forEach((id, doc) => {
      if (id === null) return;
      renumber[doc] = ids.length;
      this.numberOf.set(id, ids.length);
      ids.push(id);
      lengths.push(this.lengths[doc]!);
      groups.push(this.groups[doc]!);
    });
    for (const [term, p] of this.postings) {
      let n = 0;
      for (let i = 0; i < p.n; i++) {
        const doc = renumber[p.docs[i]!]!;
        if (doc < 0) continue;
        p.docs[n] = doc;
        p.tfs[n++] = p.tfs[i]!;
      }
      p.n = n;
      if (n === 0) this.postings.delete(term);
    }
    this.ids = ids;
    this.lengths = lengths;
    this.groups = groups;
    this.dead = 0;
  }

  /**
   * The top k rows by BM25 over the weighted query terms, highest first, ties in id order. `accept`, when
   * given, limits the rows considered (a filter, told each row's id and group); `exclude` ids never appear.
   */
  search(
    query: readonly QueryTerm[],
    k: number,
    accept?: (id: string, group: number) => boolean,
    exclude?: ReadonlySet<string>,
  ): ScoredId[] {
    const n = this.size;
    if (n === 0 || k <= 0) return [];
    const avgLength = this.totalLength / n;
    if (this.scratch.length < this.ids.length) {
      this.scratch = new Float64Array(this.ids.length * 2);
      this.state = new Uint8Array(this.ids.length * 2);
    }
    // state: 0 unseen, 1 accepted (scored), 2 refused.
    const { scratch, state } = this;
    const touched: number[] = [];
    for (const { term, weight } of query) {
      const p = this.postings.get(term);
      if (!p || p.n === 0) continue;
      const df = Math.min(p.n, n);
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < p.n; i++) {
        const doc = p.docs[i]!;
        let st = state[doc]!;
        if (st === 0) {
          const id = this.ids[doc];
          st =
            id !== null && id !== undefined && (!accept || accept(id, this.groups[doc]!)) && !exclude?.has(id) ? 1 : 2;
          state[doc] = st;
          touched.push(doc);
        }
        if (st !== 1) continue;
        const tf = p.tfs[i]!;
        scratch[doc] =
          scratch[doc]! + (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[doc]!) / avgLength));
      }
    }
    const heap = new ScoreHeap("min", k + 1);
    for (const doc of touched) {
      const score = scratch[doc]!;
      const st = state[doc];
      scratch[doc] = 0;
      state[doc] = 0;
      if (st !== 1) continue;
      if (heap.size < k) heap.push(score, doc);
      else if (score > heap.topScore() || (score === heap.topScore() && this.ids[doc]! < this.ids[heap.topNode()]!)) {
        heap.pop();
        heap.push(score, doc);
      }
    }
    return heap
      .sorted()
      .map(({ node, score }) => ({ id: this.ids[node]!, score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * BM25 of the given rows only (those holding a query term), highest first, ties in id order: a binary search
   * of each term's postings per row, for scoring a few candidates without a pass over every posting.
   */
  scoresOf(query: readonly QueryTerm[], ids: Iterable<string>): ScoredId[] {
    const n = this.size;
    if (n === 0) return [];
    const avgLength = this.totalLength / n;
    const out: ScoredId[] = [];
    for (const id of ids) {
      const doc = this.numberOf.get(id);
      if (doc === undefined) continue;
      let score = 0;
      for (const { term, weight } of query) {
        const p = this.postings.get(term);
        if (!p || p.n === 0) continue;
        let lo = 0;
        let hi = p.n - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (p.docs[mid]! < doc) lo = mid + 1;
          else hi = mid;
        }
        if (p.docs[lo] !== doc) continue;
        const df = Math.min(p.n, n);
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const tf = p.tfs[lo]!;
        score += (weight * idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[doc]!) / avgLength));
      }
      if (score > 0) out.push({ id, score });
    }
    return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Approximate bytes held by posting lists, lengths and the id tables (for the benchmark's memory figure). */
  bytes(): number {
    let total = 0;
    for (const [term, p] of this.postings) total += p.bytes() + 2 * term.length + 64;
    for (const id of this.ids) total += id === null ? 8 : 2 * id.length + 40;
    return total + 16 * this.lengths.length + this.scratch.byteLength + this.state.byteLength;
  }
}
