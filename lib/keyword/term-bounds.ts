/**
 * The most one row can gain from a term, per group of rows: the highest tf·(k1 + 1) / (tf + norm) over the term's
 * postings in each group, to be multiplied by the term's weighted idf. MaxScore (bm25-index.ts) walks and skips
 * terms by these bounds; the loose bound k1 + 1 (a row of infinite frequency) is about twice what a row usually
 * gets, and a search filtered to some groups (the bridge's terms, over the notes in the other script) can leave
 * out a term no row of those groups holds. The frozen postings' bounds are kept per term until the rows' length
 * normalisations change; a live list's are worked out at each search (it is short).
 */

export class TermBounds {
  private readonly kept = new Map<number, Float64Array>();
  private groupCount = 1;

  constructor(private readonly k1: number) {}

  /** Forgets every bound (the norms or the number of groups changed). */
  reset(groupCount: number): void {
    this.kept.clear();
    this.groupCount = groupCount;
  }

  /** The bounds of docs/tfs[from..to), per group. */
  over(
    docs: Int32Array,
    tfs: Uint16Array,
    from: number,
    to: number,
    norms: Float64Array,
    groups: Uint8Array<ArrayBufferLike>,
  ): Float64Array {
    const out = new Float64Array(this.groupCount);
    const gain = this.k1 + 1;
    for (let i = from; i < to; i++) {
      const doc = docs[i]!;
      const tf = tfs[i]!;
      const g = groups[doc]!;
      const share = (tf * gain) / (tf + norms[doc]!);
      if (share > out[g]!) out[g] = share;
    }
    return out;
  }

  /** The bounds of frozen term `t` (its postings docs/tfs[starts[t]..starts[t + 1])), kept for the next search. */
  frozen(
    t: number,
    postings: { starts: Uint32Array; docs: Int32Array; tfs: Uint16Array },
    norms: Float64Array,
    groups: Uint8Array<ArrayBufferLike>,
  ): Float64Array {
    let bounds = this.kept.get(t);
    if (!bounds) {
      // A vocabulary's worth of arrays is not worth keeping; the terms asked again soon come back at once.
      if (this.kept.size >= 65_536) this.kept.clear();
      const { starts, docs, tfs } = postings;
      bounds = this.over(docs, tfs, starts[t]!, starts[t + 1]!, norms, groups);
      this.kept.set(t, bounds);
    }
    return bounds;
  }
}
