/**
 * A binary heap of (score, node) pairs in typed arrays: `max` pops the highest score first, `min` the lowest.
 * The vector index's searches keep their candidate and result sets in these, allocation-free per step.
 */
export class ScoreHeap {
  private scores: Float64Array;
  private nodes: Int32Array;
  size = 0;

  constructor(
    private readonly order: "max" | "min",
    capacity = 64,
  ) {
    this.scores = new Float64Array(capacity);
    this.nodes = new Int32Array(capacity);
  }

  private before(a: number, b: number): boolean {
    return this.order === "max" ? this.scores[a]! > this.scores[b]! : this.scores[a]! < this.scores[b]!;
  }

  private swap(a: number, b: number) {
    const s = this.scores[a]!;
    this.scores[a] = this.scores[b]!;
    this.scores[b] = s;
    const n = this.nodes[a]!;
    this.nodes[a] = this.nodes[b]!;
    this.nodes[b] = n;
  }

  push(score: number, node: number) {
    if (this.size === this.scores.length) {
      const scores = new Float64Array(this.size * 2);
      scores.set(this.scores);
      this.scores = scores;
      const nodes = new Int32Array(this.size * 2);
      nodes.set(this.nodes);
      this.nodes = nodes;
    }
    let i = this.size++;
    this.scores[i] = score;
    this.nodes[i] = node;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.before(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The score at the top (highest for max, lowest for min). */
  topScore(): number {
    return this.scores[0]!;
  }

  topNode(): number {
    return this.nodes[0]!;
  }

  pop(): number {
    const node = this.nodes[0]!;
    const last = --this.size;
    if (last > 0) {
      this.scores[0] = this.scores[last]!;
      this.nodes[0] = this.nodes[last]!;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < last && this.before(l, best)) best = l;
        if (r < last && this.before(r, best)) best = r;
        if (best === i) break;
        this.swap(i, best);
        i = best;
      }
    }
    return node;
  }

  clear() {
    this.size = 0;
  }

  /** The pairs, highest score first (the heap is left unchanged). */
  sorted(): { node: number; score: number }[] {
    const out: { node: number; score: number }[] = [];
    for (let i = 0; i < this.size; i++) out.push({ node: this.nodes[i]!, score: this.scores[i]! });
    return out.sort((a, b) => b.score - a.score || a.node - b.node);
  }
}
