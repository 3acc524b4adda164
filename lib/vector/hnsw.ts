/**
 * A hierarchical navigable small-world graph (Malkov & Yashunin, 2016) over unit vectors, scored by cosine
 * (a dot product). Pure TypeScript: nothing to compile or download at install time. Neighbours are chosen with
 * the paper's heuristic (algorithm 4, keeping pruned connections), levels come from a seeded generator so a
 * build is reproducible, and removal marks a node deleted: it still routes searches but is never returned.
 * `exact` scans every live node (or a given subset): the brute-force answer the approximate one is measured against.
 * Vectors live in a VectorStore (WebAssembly SIMD where available), which also computes every score.
 */
import { ScoreHeap } from "./heap.js";
import { createVectorStore, type VectorStore } from "./vector-store.js";

export interface HnswOptions {
  dimensions: number;
  /** Links per node above level 0 (level 0 keeps twice as many). */
  m?: number;
  efConstruction?: number;
  /** Default breadth of a query; raised to k when k is larger. */
  efSearch?: number;
  seed?: number;
  /**
   * A node's link list may grow this fraction past its maximum before it is pruned back (with the heuristic):
   * pruning is the costliest part of a build, and doing it in batches makes it rare.
   */
  pruneSlack?: number;
  /** "js" forces the plain-JavaScript store (tests compare both). */
  store?: "auto" | "js";
}

export interface Hit {
  node: number;
  score: number;
}

export class Hnsw {
  readonly dimensions: number;
  readonly m: number;
  readonly efConstruction: number;
  efSearch: number;
  readonly pruneSlack: number;
  readonly store: VectorStore;
  private capacity = 0;
  private readonly links: number[][][] = [];
  private deletedFlags = new Uint8Array(0);
  private visited = new Uint32Array(0);
  private visitMark = 0;
  private entry = -1;
  private maxLevel = -1;
  private rng: number;
  /** Nodes ever added, deleted ones included. */
  count = 0;
  deleted = 0;

  constructor(options: HnswOptions) {
    this.dimensions = options.dimensions;
    this.m = options.m ?? 16;
    this.efConstruction = options.efConstruction ?? 128;
    this.efSearch = options.efSearch ?? 64;
    this.pruneSlack = options.pruneSlack ?? 0.5;
    this.rng = (options.seed ?? 0x5eed) >>> 0;
    this.store = createVectorStore(this.dimensions, options.store ?? "auto");
  }

  get live(): number {
    return this.count - this.deleted;
  }

  isDeleted(node: number): boolean {
    return this.deletedFlags[node] === 1;
  }

  /** A copy of a stored vector. */
  vector(node: number): Float32Array {
    return this.store.get(node);
  }

  /** Score of `q` against one node (sets the store's query: not for use inside a search). */
  score(q: Float32Array, node: number): number {
    this.store.setQuery(q);
    return this.store.scoreQuery(node);
  }

  /** Scores of `q` against each of `nodes`, in order. */
  scores(q: Float32Array, nodes: readonly number[]): Float64Array {
    this.store.setQuery(q);
    const out = new Float64Array(nodes.length);
    nodes.forEach((n, i) => (out[i] = this.store.scoreQuery(n)));
    return out;
  }

  private random(): number {
    // mulberry32
    this.rng = (this.rng + 0x6d2b79f5) >>> 0;
    let t = this.rng;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  private grow() {
    const capacity = Math.max(64, this.capacity * 2);
    this.store.reserve(capacity);
    const flags = new Uint8Array(capacity);
    flags.set(this.deletedFlags);
    this.deletedFlags = flags;
    this.visited = new Uint32Array(capacity);
    this.visitMark = 0;
    this.capacity = capacity;
  }

  private nextMark(): number {
    if (this.visitMark === 0xffffffff) {
      this.visited.fill(0);
      this.visitMark = 0;
    }
    return ++this.visitMark;
  }

  /** The ef best nodes reachable from `entries` on `level` for the store's query, as a min-heap (worst on top). */
  private searchLayer(entries: number[], ef: number, level: number, skipDeleted: boolean): ScoreHeap {
    const mark = this.nextMark();
    const candidates = new ScoreHeap("max");
    const results = new ScoreHeap("min");
    for (const e of entries) {
      this.visited[e] = mark;
      const s = this.store.scoreQuery(e);
      candidates.push(s, e);
      if (!(skipDeleted && this.deletedFlags[e])) results.push(s, e);
    }
    while (candidates.size > 0) {
      const best = candidates.topScore();
      if (results.size >= ef && best < results.topScore()) break;
      const c = candidates.pop();
      for (const n of this.links[c]![level] ?? []) {
        if (this.visited[n] === mark) continue;
        this.visited[n] = mark;
        const s = this.store.scoreQuery(n);
        if (results.size < ef || s > results.topScore()) {
          candidates.push(s, n);
          if (!(skipDeleted && this.deletedFlags[n])) {
            results.push(s, n);
            if (results.size > ef) results.pop();
          }
        }
      }
    }
    return results;
  }

  /** Algorithm 4: keep a candidate only if it is closer to the base than to every neighbour already kept. */
  private selectNeighbours(candidates: Hit[], max: number): number[] {
    const sorted = [...candidates].sort((a, b) => b.score - a.score);
    const kept: number[] = [];
    const pruned: number[] = [];
    for (const c of sorted) {
      if (kept.length >= max) break;
      if (kept.every((k) => this.store.scoreNodes(c.node, k) < c.score)) kept.push(c.node);
      else pruned.push(c.node);
    }
    for (const p of pruned) {
      if (kept.length >= max) break;
      kept.push(p);
    }
    return kept;
  }

  private connect(node: number, neighbour: number, level: number) {
    const list = this.links[neighbour]![level]!;
    list.push(node);
    const max = level === 0 ? this.m * 2 : this.m;
    if (list.length <= Math.floor(max * (1 + this.pruneSlack))) return;
    const hits = list.map((n) => ({ node: n, score: this.store.scoreNodes(neighbour, n) }));
    this.links[neighbour]![level] = this.selectNeighbours(hits, max);
  }

  /** Adds a unit vector; returns its node number. */
  add(vector: Float32Array): number {
    if (vector.length !== this.dimensions)
      throw new Error(`vector has ${vector.length} dimensions, index has ${this.dimensions}`);
    if (this.count === this.capacity) this.grow();
    const node = this.count++;
    this.store.set(node, vector);
    this.store.setQuery(vector);
    const level = Math.floor(-Math.log(1 - this.random()) / Math.log(this.m));
    this.links[node] = Array.from({ length: level + 1 }, () => []);
    if (this.entry < 0) {
      this.entry = node;
      this.maxLevel = level;
      return node;
    }
    let entries = [this.entry];
    for (let l = this.maxLevel; l > level; l--) {
      const nearest = this.searchLayer(entries, 1, l, false);
      entries = [nearest.sorted()[0]!.node];
    }
    for (let l = Math.min(level, this.maxLevel); l >= 0; l--) {
      const found = this.searchLayer(entries, this.efConstruction, l, false).sorted();
      const neighbours = this.selectNeighbours(found, l === 0 ? this.m * 2 : this.m);
      this.links[node]![l] = neighbours;
      for (const n of neighbours) this.connect(node, n, l);
      entries = found.map((h) => h.node);
    }
    if (level > this.maxLevel) {
      this.entry = node;
      this.maxLevel = level;
    }
    return node;
  }

  remove(node: number) {
    if (node < 0 || node >= this.count || this.deletedFlags[node]) return;
    this.deletedFlags[node] = 1;
    this.deleted++;
  }

  /** The approximate k best live nodes, highest score first. */
  search(q: Float32Array, k: number, ef = this.efSearch): Hit[] {
    if (this.entry < 0 || this.live === 0 || k <= 0) return [];
    this.store.setQuery(q);
    let entry = this.entry;
    for (let l = this.maxLevel; l > 0; l--) {
      const nearest = this.searchLayer([entry], 1, l, false);
      entry = nearest.sorted()[0]!.node;
    }
    return this.searchLayer([entry], Math.max(ef, k), 0, true).sorted().slice(0, k);
  }

  /** The exact k best among `nodes` (default: every live node), highest score first. */
  exact(q: Float32Array, k: number, nodes?: Iterable<number>): Hit[] {
    const best = new ScoreHeap("min", k + 1);
    this.store.setQuery(q);
    const consider = (n: number) => {
      if (this.deletedFlags[n]) return;
      const s = this.store.scoreQuery(n);
      if (best.size < k) best.push(s, n);
      else if (s > best.topScore()) {
        best.pop();
        best.push(s, n);
      }
    };
    if (k <= 0) return [];
    if (nodes) for (const n of nodes) consider(n);
    else for (let n = 0; n < this.count; n++) consider(n);
    return best.sorted();
  }
}
