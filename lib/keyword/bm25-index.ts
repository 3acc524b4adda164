/**
 * An in-memory inverted index ranked by Okapi BM25 (k1 1.2, b 0.75), keyed by row id like the vector index.
 *
 * Postings live in two parts. The frozen part holds every posting list end to end in three typed arrays (row
 * numbers, term frequencies, where each term's list starts) under a vocabulary in a TermTable: six bytes a posting
 * and a few a term, nothing for the garbage collector to walk, and what a snapshot writes and reads back as it is
 * (posting-snapshot.ts). Rows added since the last freeze have their postings in growable lists per term (the live
 * part); their numbers follow the frozen ones, so a term's frozen list then its live list run in row order.
 *
 * A row replaced or removed leaves a tombstone that searches skip. `freeze()` renumbers the live rows densely and
 * merges both parts into new frozen arrays, dropping tombstones (no text is tokenized again); the owner calls it
 * after a full load and whenever `wantsFreeze()` says the live part or the tombstones have grown. Document
 * frequencies count the rows in a posting list, tombstones included until the next freeze: keeping them exact would
 * mean keeping every row's term list (as much memory again as the postings), for idf values that move by at most a
 * quarter. A row may carry a small group number (a document's language), handed to a search's `accept` beside the
 * id, so a filter on it reads an array where a look-up by id would cost a hash probe for every row a common term
 * touches.
 */
import { ScoreHeap } from "../vector/heap.js";
import { TermBounds } from "./term-bounds.js";
import { TermTable } from "./term-table.js";

export interface ScoredId {
  id: string;
  score: number;
}

/** A scored row, with its group: a caller asking the group by id would pay a hash probe the search has already paid. */
export interface ScoredRow extends ScoredId {
  group: number;
}

/** A query term and its weight (1 for a typed term; a bilingual bridge's association for an added one). */
export interface QueryTerm {
  term: string;
  weight: number;
}

/** A live posting list: row numbers ascending, their term frequencies. */
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
}

/** The frozen postings: term t's list is docs/tfs[starts[t] .. starts[t + 1]). */
export interface FrozenPostings {
  terms: TermTable;
  starts: Uint32Array;
  docs: Int32Array;
  tfs: Uint16Array;
}

/** Everything a frozen index is, for a snapshot: rows numbered 0..ids.length-1, no tombstone. */
export interface Bm25Parts extends FrozenPostings {
  ids: string[];
  lengths: Uint32Array;
  groups: Uint8Array;
}

const keepAll = () => true;

/** How a search takes its top k: `by-cost` chooses (see `top`); the other two force one way, for the tests. */
export type TopKWay = "by-cost" | "walk" | "bounds";

/**
 * MaxScore's bookkeeping (its selections, and its gallops through the postings it skips) paid for itself on the
 * judged queries only where it could skip more than this share of the postings, at 3,000 to 100,000 notes
 * (docs/benchmark.md, "BM25's two ways to the top k").
 */
const WALK_UNLESS_SKIPPABLE = 0.8;

const K1 = 1.2;
const B = 0.75;

/**
 * A query term found in the index: its weight times its idf, its frozen term number (-1: none), its live list, and
 * the most one row the search may keep can gain from it.
 */
interface WeightedTerm {
  weightIdf: number;
  t: number;
  live: Postings | undefined;
  bound: number;
  postings: number;
}

const EMPTY: FrozenPostings = {
  terms: TermTable.of([]),
  starts: new Uint32Array(1),
  docs: new Int32Array(0),
  tfs: new Uint16Array(0),
};

function grown<T extends Uint32Array<ArrayBufferLike> | Uint8Array<ArrayBufferLike>>(
  a: T,
  needed: number,
  make: (n: number) => T,
): T {
  if (needed <= a.length) return a;
  const b = make(Math.max(needed, a.length * 2, 16));
  b.set(a);
  return b;
}

/**
 * The most postings MaxScore could leave unwalked: it walks terms from the highest bound down and cannot stop before
 * the bounds walked exceed the bounds left, so the terms left then are all it may skip.
 */
function skippable(terms: readonly WeightedTerm[]): number {
  const byBound = [...terms].sort((a, b) => b.bound - a.bound);
  let left = 0;
  for (const term of byBound) left += term.bound;
  let walked = 0;
  let i = 0;
  while (i < byBound.length && walked <= left) {
    walked += byBound[i]!.bound;
    left -= byBound[i++]!.bound;
  }
  let postings = 0;
  for (; i < byBound.length; i++) postings += byBound[i]!.postings;
  return postings;
}

export class Bm25Index {
  private frozen: FrozenPostings = EMPTY;
  private live = new Map<string, Postings>();
  private livePostings = 0;
  private ids: (string | null)[] = [];
  private lengths: Uint32Array<ArrayBufferLike> = new Uint32Array(0);
  private groups: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  private readonly numberOf = new Map<string, number>();
  private totalLength = 0;
  private dead = 0;
  /** Per-search accumulators, reused (searches are synchronous), cleared after each use. */
  private scratch = new Float64Array(0);
  private touched = new Int32Array(0);
  /** Per row, whether a filtered search keeps it: 0 not asked yet, 1 kept, 2 refused (cleared with the sums). */
  private verdicts = new Uint8Array(0);
  private norms = new Float64Array(0);
  private normsAvg = NaN;
  private normsCount = 0;
  private readonly bounds = new TermBounds(K1);
  /** One more than the highest group of any row. */
  private groupCount = 1;
  /** The touched rows' sums, copied for a selection. */
  private sums = new Float64Array(0);
  /** A walk's candidates in row order, and their sums so far. */
  private candidates = new Int32Array(0);
  private partial = new Float64Array(0);
  /** The rows leading when a walk stops, and their sums completed on the unwalked terms. */
  private leaders = new Int32Array(0);
  private leaderSums = new Float64Array(0);
  /** The k largest sums of a walk of every posting. */
  private readonly kept = new ScoreHeap("min");

  constructor(private readonly topKWay: TopKWay = "by-cost") {}

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
    return this.postingsOf(term).df;
  }

  /** The term's frozen number (-1 when none), its live postings, and its df: each a probe of a table, asked once. */
  private postingsOf(term: string): { t: number; live: Postings | undefined; df: number } {
    const t = this.frozen.terms.idOf(term);
    const live = this.live.get(term);
    const frozen = t < 0 ? 0 : this.frozen.starts[t + 1]! - this.frozen.starts[t]!;
    return { t, live, df: frozen + (live?.n ?? 0) };
  }

  /** Adds a row (replacing the one of the same id), in a group (0 unless given). An empty term list removes it. */
  set(id: string, terms: readonly string[], group = 0): void {
    this.remove(id);
    if (terms.length === 0) return;
    const doc = this.ids.length;
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, tf] of counts) {
      let p = this.live.get(term);
      if (!p) this.live.set(term, (p = new Postings()));
      p.push(doc, tf);
    }
    this.livePostings += counts.size;
    this.ids.push(id);
    this.lengths = grown(this.lengths, doc + 1, (n) => new Uint32Array(n));
    this.groups = grown(this.groups, doc + 1, (n) => new Uint8Array(n));
    this.lengths[doc] = terms.length;
    this.groups[doc] = group;
    if (group >= this.groupCount) {
      this.groupCount = group + 1;
      this.normsAvg = NaN;
    }
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
    if (this.dead > 1000 && this.dead > this.ids.length / 4) this.freeze();
  }

  /** Whether the live part or the tombstones have grown enough to be worth a freeze. */
  wantsFreeze(): boolean {
    const frozen = this.frozen.docs.length;
    return (
      (this.dead > 1000 && this.dead > this.ids.length / 4) ||
      (this.livePostings > 50_000 && this.livePostings > frozen / 4)
    );
  }

  /** Renumbers the rows densely and merges the live postings into new frozen arrays, without tombstones. */
  freeze(): void {
    const renumber = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    for (let doc = 0; doc < this.ids.length; doc++) {
      const id = this.ids[doc];
      if (id === null || id === undefined) continue;
      renumber[doc] = ids.length;
      ids.push(id);
    }
    const lengths = new Uint32Array(ids.length);
    const groups = new Uint8Array(ids.length);
    for (let doc = 0; doc < this.ids.length; doc++) {
      const to = renumber[doc]!;
      if (to < 0) continue;
      lengths[to] = this.lengths[doc]!;
      groups[to] = this.groups[doc]!;
    }
    const old = this.frozen;
    const liveCount = (p: Postings | undefined) => {
      let n = 0;
      if (p) for (let i = 0; i < p.n; i++) if (renumber[p.docs[i]!]! >= 0) n++;
      return n;
    };
    // Each term's new length: its frozen rows that remain, then its live ones.
    const names: string[] = [];
    const counts: number[] = [];
    for (let t = 0; t < old.terms.count; t++) {
      let n = 0;
      for (let i = old.starts[t]!; i < old.starts[t + 1]!; i++) if (renumber[old.docs[i]!]! >= 0) n++;
      const term = old.terms.termOf(t);
      n += liveCount(this.live.get(term));
      if (n === 0) continue;
      names.push(term);
      counts.push(n);
    }
    for (const [term, p] of this.live) {
      if (old.terms.idOf(term) >= 0) continue;
      const n = liveCount(p);
      if (n === 0) continue;
      names.push(term);
      counts.push(n);
    }
    const starts = new Uint32Array(names.length + 1);
    for (let t = 0; t < names.length; t++) starts[t + 1] = starts[t]! + counts[t]!;
    const docs = new Int32Array(starts[names.length]!);
    const tfs = new Uint16Array(docs.length);
    for (let t = 0; t < names.length; t++) {
      let at = starts[t]!;
      const from = old.terms.idOf(names[t]!);
      if (from >= 0) {
        for (let i = old.starts[from]!; i < old.starts[from + 1]!; i++) {
          const doc = renumber[old.docs[i]!]!;
          if (doc < 0) continue;
          docs[at] = doc;
          tfs[at++] = old.tfs[i]!;
        }
      }
      const p = this.live.get(names[t]!);
      if (p) {
        for (let i = 0; i < p.n; i++) {
          const doc = renumber[p.docs[i]!]!;
          if (doc < 0) continue;
          docs[at] = doc;
          tfs[at++] = p.tfs[i]!;
        }
      }
    }
    this.install({ terms: TermTable.of(names), starts, docs, tfs, ids, lengths, groups });
  }

  /** The frozen index, for a snapshot (freezes first when anything is live or dead). */
  parts(): Bm25Parts {
    if (this.livePostings > 0 || this.dead > 0 || this.ids.length !== this.lengths.length) this.freeze();
    return { ...this.frozen, ids: this.ids as string[], lengths: this.lengths, groups: this.groups };
  }

  /** An index from a snapshot's parts. */
  static fromParts(parts: Bm25Parts): Bm25Index {
    const { ids, lengths, groups, starts, docs, tfs, terms } = parts;
    if (lengths.length !== ids.length || groups.length !== ids.length)
      throw new Error("bm25 snapshot: row arrays of different lengths");
    if (starts.length !== terms.count + 1 || starts[terms.count] !== docs.length || tfs.length !== docs.length)
      throw new Error("bm25 snapshot: posting arrays do not fit the vocabulary");
    for (let i = 0; i < docs.length; i++)
      if (docs[i]! < 0 || docs[i]! >= ids.length) throw new Error("bm25 snapshot: a posting names no row");
    const index = new Bm25Index();
    index.install(parts);
    return index;
  }

  private install(parts: Bm25Parts) {
    const { ids, lengths, groups, ...frozen } = parts;
    this.frozen = frozen;
    this.live = new Map();
    this.livePostings = 0;
    this.ids = ids;
    this.lengths = lengths;
    this.groups = groups;
    this.numberOf.clear();
    this.totalLength = 0;
    for (let doc = 0; doc < ids.length; doc++) {
      if (this.numberOf.has(ids[doc]!)) throw new Error(`bm25 snapshot: row ${ids[doc]} is listed twice`);
      this.numberOf.set(ids[doc]!, doc);
      this.totalLength += lengths[doc]!;
    }
    this.dead = 0;
    this.scratch = new Float64Array(0);
    this.touched = new Int32Array(0);
    this.verdicts = new Uint8Array(0);
    this.norms = new Float64Array(0);
    this.normsAvg = NaN;
    this.normsCount = 0;
    this.groupCount = 1;
    for (let doc = 0; doc < groups.length; doc++)
      if (groups[doc]! >= this.groupCount) this.groupCount = groups[doc]! + 1;
  }

  /** Each row's length normalisation, K1 * (1 - B + B * length / average), worked out again when the average moved. */
  private normsFor(avgLength: number): Float64Array {
    if (this.normsAvg !== avgLength || this.normsCount !== this.ids.length) {
      if (this.norms.length < this.ids.length) this.norms = new Float64Array(this.ids.length * 2);
      this.normsCount = this.ids.length;
      for (let doc = 0; doc < this.ids.length; doc++)
        this.norms[doc] = K1 * (1 - B + (B * this.lengths[doc]!) / avgLength);
      this.normsAvg = avgLength;
      this.bounds.reset(this.groupCount);
    }
    return this.norms;
  }

  /**
   * Adds every row's share of one term to the accumulators, tombstones and rows a filter will refuse included:
   * checking those once per row when the top k is taken costs less than once per posting. A share is never 0
   * (idf and tf are positive), so an accumulator at 0 means the row was not touched yet.
   */
  private accumulate(
    docs: Int32Array,
    tfs: Uint16Array,
    from: number,
    to: number,
    weightIdf: number,
    norms: Float64Array,
    touched: number,
  ): number {
    const { scratch } = this;
    const list = this.touched;
    for (let i = from; i < to; i++) {
      const doc = docs[i]!;
      const tf = tfs[i]!;
      const sum = scratch[doc]!;
      if (sum === 0) list[touched++] = doc;
      scratch[doc] = sum + (weightIdf * tf * (K1 + 1)) / (tf + norms[doc]!);
    }
    return touched;
  }

  /**
   * The top k rows by BM25 over the weighted query terms, highest first, ties in id order. `accept`, when
   * given, limits the rows considered (a filter, told each row's id and group); `exclude` ids never appear;
   * `groups`, when given, admits only rows whose group is true in it (before `accept` is asked), which also lets
   * the walk bound each term by those groups' rows alone.
   */
  search(
    query: readonly QueryTerm[],
    k: number,
    accept?: (id: string, group: number) => boolean,
    exclude?: ReadonlySet<string>,
    groups?: readonly boolean[],
  ): ScoredRow[] {
    const n = this.size;
    if (n === 0 || k <= 0) return [];
    const avgLength = this.totalLength / n;
    if (this.scratch.length < this.ids.length) {
      this.scratch = new Float64Array(this.ids.length * 2);
      this.touched = new Int32Array(this.ids.length * 2);
      this.verdicts = new Uint8Array(this.ids.length * 2);
    }
    const norms = this.normsFor(avgLength);
    const terms = this.queryTerms(query, n, norms, groups);
    // Without tombstones every row is live, and only a filter on ids needs a row's id: read for every row touched,
    // from an array of pointers several times the size of the processor's caches, it was a sixth of a search.
    const noTombstones = this.dead === 0;
    if (!accept && !exclude) {
      if (!groups) return this.top(terms, k, norms, noTombstones ? keepAll : (doc) => this.ids[doc] !== null);
      if (noTombstones) {
        const rowGroups = this.groups;
        return this.top(terms, k, norms, (doc) => groups[rowGroups[doc]!] === true);
      }
    }
    const { verdicts } = this;
    // A filter is asked once per row touched, however often the walk looks at the row.
    const keep = (doc: number) => {
      if (verdicts[doc] === 0) {
        // The group first: a row it refuses needs no read of its id (above).
        const group = this.groups[doc]!;
        let kept = !groups || groups[group] === true;
        if (kept) {
          const id = this.ids[doc];
          kept = id !== null && id !== undefined && (!accept || accept(id, group)) && !exclude?.has(id);
        }
        verdicts[doc] = kept ? 1 : 2;
      }
      return verdicts[doc] === 1;
    };
    return this.top(terms, k, norms, keep);
  }

  /**
   * The top k of the kept rows, by whichever way costs less: walking every posting unless MaxScore could leave more
   * than four fifths of them unwalked (`WALK_UNLESS_SKIPPABLE`), or as `topKWay` forces.
   */
  private top(terms: WeightedTerm[], k: number, norms: Float64Array, keep: (doc: number) => boolean): ScoredRow[] {
    let walk = this.topKWay === "walk";
    if (this.topKWay === "by-cost") {
      let postings = 0;
      for (const term of terms) postings += term.postings;
      walk = skippable(terms) <= WALK_UNLESS_SKIPPABLE * postings;
    }
    return walk ? this.topByWalk(terms, k, norms, keep) : this.topByBounds(terms, k, norms, keep);
  }

  /** The k highest of scores[0..m) (of rows docs[0..m)), highest first, ties in id order. */
  private best(docs: Int32Array, scores: Float64Array, m: number, k: number): ScoredRow[] {
    let cut = -Infinity;
    if (m > k) {
      if (this.sums.length < m) this.sums = new Float64Array(m * 2);
      this.sums.set(scores.subarray(0, m));
      cut = Bm25Index.select(this.sums, m, m - k);
    }
    const kept: ScoredRow[] = [];
    for (let i = 0; i < m; i++)
      if (scores[i]! >= cut) kept.push({ id: this.ids[docs[i]!]!, score: scores[i]!, group: this.groups[docs[i]!]! });
    return kept.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, k);
  }

  /** The value that would sit at `want` if a[0..m) were sorted ascending (a is reordered). */
  private static select(a: Float64Array, m: number, want: number): number {
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const pivot = a[(lo + hi) >> 1]!;
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (a[i]! < pivot) i++;
        while (a[j]! > pivot) j--;
        if (i <= j) {
          const x = a[i]!;
          a[i++] = a[j]!;
          a[j--] = x;
        }
      }
      if (want <= j) hi = j;
      else if (want >= i) lo = i;
      else break;
    }
    return a[want]!;
  }

  /**
   * The query's terms found in the index, in query order, with their weighted idf and bound (over the rows of the
   * admitted groups, when given); a term no admitted row holds is left out, as it adds nothing to any kept row.
   */
  private queryTerms(
    query: readonly QueryTerm[],
    n: number,
    norms: Float64Array,
    groups: readonly boolean[] | undefined,
  ): WeightedTerm[] {
    const { frozen } = this;
    const out: WeightedTerm[] = [];
    for (const { term, weight } of query) {
      const { t, live, df: held } = this.postingsOf(term);
      const df = Math.min(held, n);
      if (df === 0) continue;
      const parts = [
        t < 0 ? null : this.bounds.frozen(t, frozen, norms, this.groups),
        live ? this.bounds.over(live.docs, live.tfs, 0, live.n, norms, this.groups) : null,
      ];
      let most = 0;
      for (const part of parts)
        if (part)
          for (let g = 0; g < part.length; g++) if ((!groups || groups[g] === true) && part[g]! > most) most = part[g]!;
      if (most === 0) continue;
      const weightIdf = weight * Math.log(1 + (n - df + 0.5) / (df + 0.5));
      // A share is weightIdf · tf · (k1 + 1) / (tf + norm), rounded otherwise than this product: a hair of room.
      out.push({ weightIdf, t, live, bound: weightIdf * most * (1 + 1e-12), postings: held });
    }
    return out;
  }

  private accumulateTerm(term: WeightedTerm, norms: Float64Array, touched: number): number {
    const { frozen } = this;
    if (term.t >= 0)
      touched = this.accumulate(
        frozen.docs,
        frozen.tfs,
        frozen.starts[term.t]!,
        frozen.starts[term.t + 1]!,
        term.weightIdf,
        norms,
        touched,
      );
    const p = term.live;
    return p ? this.accumulate(p.docs, p.tfs, 0, p.n, term.weightIdf, norms, touched) : touched;
  }

  /**
   * The k-th largest of the kept touched rows' sums when it exceeds `above` / (1 - slack), else 0: only the sums
   * past that are copied for the selection (and only those rows asked the filter), since the top k are all among
   * them whenever the k-th is. Walking on is decided by that comparison, so the many rows below it need no copy.
   */
  private kthAbove(touched: number, k: number, keep: (doc: number) => boolean, above: number, slack: number): number {
    const { scratch } = this;
    let m = 0;
    for (let i = 0; i < touched; i++) {
      const doc = this.touched[i]!;
      const sum = scratch[doc]!;
      if (above < sum * (1 - slack) && keep(doc)) {
        if (m === this.sums.length) this.sums = Bm25Index.doubled(this.sums);
        this.sums[m++] = sum;
      }
    }
    if (m < k) return 0;
    return Bm25Index.select(this.sums, m, m - k);
  }

  /**
   * A lower bound on the k-th score of the whole search, higher than the k-th sum so far: the walked rows leading so
   * far (k to 2k of the kept rows whose sum reaches `kth`) completed on the terms not walked, their k-th. Any k kept
   * rows' k-th score is at most the search's k-th, so candidates are still every row that could be in the top k,
   * but far fewer of them than the sums so far leave. Each leader costs a gallop per unwalked term.
   */
  private kthOfLeaders(
    touched: number,
    k: number,
    kth: number,
    keep: (doc: number) => boolean,
    rest: readonly WeightedTerm[],
    norms: Float64Array,
  ): number {
    const wanted = 2 * k;
    if (this.leaders.length < wanted) {
      this.leaders = new Int32Array(wanted);
      this.leaderSums = new Float64Array(wanted);
    }
    const { leaders, leaderSums, scratch } = this;
    let m = 0;
    for (let i = 0; i < touched && m < wanted; i++) {
      const doc = this.touched[i]!;
      if (scratch[doc]! >= kth && keep(doc)) leaders[m++] = doc;
    }
    if (m < k) return 0;
    leaders.subarray(0, m).sort();
    for (let i = 0; i < m; i++) leaderSums[i] = scratch[leaders[i]!]!;
    for (const term of rest) this.addShares(term, leaders, m, leaderSums, norms);
    return Bm25Index.select(leaderSums, m, m - k);
  }

  private static doubled(a: Float64Array): Float64Array<ArrayBuffer> {
    const b = new Float64Array(Math.max(16, a.length * 2));
    b.set(a);
    return b;
  }

  /** The candidates' arrays, grown to hold `n`. */
  private roomFor(n: number): { candidates: Int32Array; partial: Float64Array } {
    if (this.candidates.length < n) {
      this.candidates = new Int32Array(n * 2);
      this.partial = new Float64Array(n * 2);
    }
    return { candidates: this.candidates, partial: this.partial };
  }

  /**
   * The top k by adding every posting of every term, in query order: the sums are the exact scores, so the rows
   * whose sum reaches the k-th kept one are the answer's candidates, with no second pass over the postings.
   */
  private topByWalk(
    terms: WeightedTerm[],
    k: number,
    norms: Float64Array,
    keep: (doc: number) => boolean,
  ): ScoredRow[] {
    let touched = 0;
    for (const term of terms) touched = this.accumulateTerm(term, norms, touched);
    const { scratch, verdicts, kept } = this;
    // The k-th largest kept sum, from a heap of the k largest so far: most rows lose one comparison with its least.
    kept.clear();
    for (let i = 0; i < touched; i++) {
      const doc = this.touched[i]!;
      const sum = scratch[doc]!;
      if (kept.size === k && sum <= kept.topScore()) continue;
      if (!keep(doc)) continue;
      if (kept.size === k) kept.pop();
      kept.push(sum, doc);
    }
    const floor = kept.size < k ? 0 : kept.topScore();
    const { candidates, partial } = this.roomFor(touched);
    let m = 0;
    for (let i = 0; i < touched; i++) {
      const doc = this.touched[i]!;
      const sum = scratch[doc]!;
      if (sum >= floor && keep(doc)) {
        candidates[m] = doc;
        partial[m++] = sum;
      }
      scratch[doc] = 0;
      verdicts[doc] = 0;
    }
    return this.best(candidates, partial, m, k);
  }

  /**
   * The top k without a filter, skipping what cannot make it (MaxScore, Turtle and Flood 1995): terms are walked
   * from the highest bound on what one row can gain from them (term-bounds.ts) down; once the k-th best
   * sum so far exceeds what every term still unwalked could add, a row not yet touched cannot reach the top k, so the
   * walk stops and only the rows that still could are scored on the remaining terms, by a merge with their postings
   * (`addShares`). The rows that could be in the top k are then scored exactly in query order, as a full walk adds
   * (so scores and ties are the same to the last bit), and the best k taken. Only rows `keep` accepts (live, and
   * passing a search's filter) count towards the k-th sum or are candidates.
   */
  private topByBounds(
    terms: WeightedTerm[],
    k: number,
    norms: Float64Array,
    keep: (doc: number) => boolean,
  ): ScoredRow[] {
    const SLACK = 1e-9;
    const order = terms.map((_, i) => i).sort((a, b) => terms[b]!.bound - terms[a]!.bound);
    let remaining = 0;
    for (const term of terms) remaining += term.bound;
    let touched = 0;
    let floor = 0;
    let walked = 0;
    let gained = 0;
    for (; walked < order.length; walked++) {
      const term = terms[order[walked]!]!;
      touched = this.accumulateTerm(term, norms, touched);
      remaining -= term.bound;
      gained += term.bound;
      // The k-th sum is at most what the walked terms can give: a selection is worth it only when that exceeds the rest.
      if (walked + 1 < order.length && touched >= k && remaining < gained) {
        const kth = this.kthAbove(touched, k, keep, remaining, SLACK);
        if (kth > 0) {
          walked++;
          const rest = order.slice(walked).map((i) => terms[i]!);
          floor = Math.max(kth, this.kthOfLeaders(touched, k, kth, keep, rest, norms)) * (1 - SLACK);
          break;
        }
      }
    }
    if (walked >= order.length) {
      remaining = 0;
      floor = this.kthAbove(touched, k, keep, 0, SLACK) * (1 - SLACK);
    }
    const { scratch, verdicts } = this;
    const { candidates, partial } = this.roomFor(touched);
    let m = 0;
    for (let i = 0; i < touched; i++) {
      const doc = this.touched[i]!;
      if (scratch[doc]! + remaining >= floor && keep(doc)) candidates[m++] = doc;
    }
    // In row order, so each term's postings are searched from where the previous candidate was found.
    candidates.subarray(0, m).sort();
    for (let i = 0; i < m; i++) partial[i] = scratch[candidates[i]!]!;
    for (let i = 0; i < touched; i++) {
      const doc = this.touched[i]!;
      scratch[doc] = 0;
      verdicts[doc] = 0;
    }
    const rest = order.slice(walked).map((i) => terms[i]!);
    m = this.narrow(rest, m, { remaining, floor, k, norms, slack: SLACK });
    // Every survivor scored exactly: each term's shares added in query order, as a walk of every posting adds them.
    const exact = partial.fill(0, 0, m);
    for (const term of terms) this.addShares(term, candidates, m, exact, norms);
    return this.best(candidates, exact, m, k);
  }

  /**
   * The candidates of a MaxScore walk (this.candidates[0..m), in row order, their sums so far in this.partial) that
   * can still reach the top k, the unwalked terms added one at a time (highest bound first): after each term the rows
   * whose sum so far, plus what the terms still unwalked could add, falls below the k-th sum so far are dropped. Most
   * candidates of a broad query go at the first term. These sums are added in walk order, not query order, so they
   * only choose which rows get an exact score; `slack` covers their last bits. Returns how many are left.
   */
  private narrow(
    rest: readonly WeightedTerm[],
    m: number,
    bounds: { remaining: number; floor: number; k: number; norms: Float64Array; slack: number },
  ): number {
    let { remaining, floor } = bounds;
    const { k, norms, slack } = bounds;
    const { candidates, partial } = this;
    for (const term of rest) {
      if (m <= k) break;
      this.addShares(term, candidates, m, partial, norms);
      remaining -= term.bound;
      if (this.sums.length < m) this.sums = new Float64Array(m * 2);
      this.sums.set(partial.subarray(0, m));
      floor = Math.max(floor, Bm25Index.select(this.sums, m, m - k) * (1 - slack));
      let kept = 0;
      for (let i = 0; i < m; i++)
        if (partial[i]! + remaining >= floor) {
          candidates[kept] = candidates[i]!;
          partial[kept++] = partial[i]!;
        }
      m = kept;
    }
    return m;
  }

  /**
   * Adds one term's share to sums[i] for each row docs[i] (i < m, docs ascending) that holds it: a merge of the rows
   * with the term's postings, galloping over the postings between two rows (a few candidates against a long list
   * cost a few probes each, many cost one step each).
   */
  private addShares(term: WeightedTerm, docs: Int32Array, m: number, sums: Float64Array, norms: Float64Array): void {
    const { frozen } = this;
    if (term.t >= 0)
      this.addFrom(
        frozen.docs,
        frozen.tfs,
        frozen.starts[term.t]!,
        frozen.starts[term.t + 1]!,
        term,
        docs,
        m,
        sums,
        norms,
      );
    if (term.live) this.addFrom(term.live.docs, term.live.tfs, 0, term.live.n, term, docs, m, sums, norms);
  }

  private addFrom(
    list: Int32Array,
    tfs: Uint16Array,
    at: number,
    end: number,
    term: WeightedTerm,
    docs: Int32Array,
    m: number,
    sums: Float64Array,
    norms: Float64Array,
  ): void {
    const { weightIdf } = term;
    for (let i = 0; i < m && at < end; i++) {
      const doc = docs[i]!;
      at = Bm25Index.seek(list, at, end, doc);
      if (at < end && list[at] === doc) {
        const tf = tfs[at]!;
        sums[i] = sums[i]! + (weightIdf * tf * (K1 + 1)) / (tf + norms[doc]!);
      }
    }
  }

  /** The first index in list[at..end) holding a row >= doc (end when none), galloping from `at`. */
  private static seek(list: Int32Array, at: number, end: number, doc: number): number {
    if (at >= end || list[at]! >= doc) return at;
    let low = at;
    let step = 1;
    while (low + step < end && list[low + step]! < doc) {
      low += step;
      step *= 2;
    }
    let high = Math.min(low + step, end);
    low++;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (list[mid]! < doc) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The index of `doc` in docs[lo..hi), or -1: posting lists are in row order. */
  private static find(docs: Int32Array, lo: number, hi: number, doc: number): number {
    hi--;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (docs[mid]! < doc) lo = mid + 1;
      else hi = mid;
    }
    return lo <= hi && docs[lo] === doc ? lo : -1;
  }

  /**
   * BM25 of the given rows only (those holding a query term), highest first, ties in id order: a binary search
   * of each term's postings per row, for scoring a few candidates without a pass over every posting. `groupOf`, when
   * given, is also told the group of every given row the index holds, a query term or not.
   */
  scoresOf(query: readonly QueryTerm[], ids: Iterable<string>, groupOf?: Map<string, number>): ScoredRow[] {
    const n = this.size;
    if (n === 0) return [];
    const avgLength = this.totalLength / n;
    const { frozen } = this;
    const terms = query.map(({ term, weight }) => {
      const { t, live, df: held } = this.postingsOf(term);
      const df = Math.min(held, n);
      return { weightIdf: df === 0 ? 0 : weight * Math.log(1 + (n - df + 0.5) / (df + 0.5)), t, live };
    });
    const out: ScoredRow[] = [];
    for (const id of ids) {
      const doc = this.numberOf.get(id);
      if (doc === undefined) continue;
      groupOf?.set(id, this.groups[doc]!);
      let score = 0;
      for (const { weightIdf, t, live } of terms) {
        if (weightIdf === 0) continue;
        let tf = 0;
        const at = t < 0 ? -1 : Bm25Index.find(frozen.docs, frozen.starts[t]!, frozen.starts[t + 1]!, doc);
        if (at >= 0) tf = frozen.tfs[at]!;
        else if (live) {
          const i = Bm25Index.find(live.docs, 0, live.n, doc);
          if (i >= 0) tf = live.tfs[i]!;
        }
        if (tf === 0) continue;
        score += (weightIdf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[doc]!) / avgLength));
      }
      if (score > 0) out.push({ id, score, group: this.groups[doc]! });
    }
    return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Approximate bytes held by postings, the vocabulary and the row tables (for the benchmark's memory figure). */
  bytes(): number {
    const f = this.frozen;
    let total = f.terms.bytes() + f.starts.byteLength + f.docs.byteLength + f.tfs.byteLength;
    for (const [term, p] of this.live) total += p.docs.byteLength + p.tfs.byteLength + 2 * term.length + 64;
    for (const id of this.ids) total += id === null ? 8 : 2 * id.length + 40;
    total += this.lengths.byteLength + this.groups.byteLength + 48 * this.numberOf.size;
    return (
      total +
      this.scratch.byteLength +
      this.touched.byteLength +
      this.verdicts.byteLength +
      this.norms.byteLength +
      this.candidates.byteLength +
      this.partial.byteLength
    );
  }
}
