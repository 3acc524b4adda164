/**
 * The BM25 index's two parts (frozen arrays, live lists) answer as one: after any sequence of adds, replacements and
 * removals, a frozen copy and a copy rebuilt from its snapshot parts rank every query exactly as BM25 computed by
 * brute force over the rows that remain; an index that has only added rows does too before any freeze; and parts
 * that do not fit together are refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bm25Index, type QueryTerm, type ScoredId, type TopKWay } from "./bm25-index.js";
import { TermTable } from "./term-table.js";

const VOCABULARY = ["dbs", "uob", "margin", "rate", "净息", "息差", "oil", "opec+", "3.5", "yield", "fed", "gold"];

/** BM25 (k1 1.2, b 0.75) over the rows given, by brute force. */
function bruteForce(rows: Map<string, string[]>, query: QueryTerm[], k: number): ScoredId[] {
  const n = rows.size;
  if (n === 0) return [];
  let total = 0;
  for (const terms of rows.values()) total += terms.length;
  const avg = total / n;
  const out: ScoredId[] = [];
  for (const [id, terms] of rows) {
    let score = 0;
    for (const { term, weight } of query) {
      const df = [...rows.values()].filter((t) => t.includes(term)).length;
      const tf = terms.filter((t) => t === term).length;
      if (df === 0 || tf === 0) continue;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      score += (weight * idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * terms.length) / avg));
    }
    if (score > 0) out.push({ id, score });
  }
  return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
}

const close = (a: ScoredId[], b: ScoredId[]) => {
  expect(a.map((h) => h.id)).toEqual(b.map((h) => h.id));
  a.forEach((h, i) => expect(h.score).toBeCloseTo(b[i]!.score, 9));
};

const operation = fc.oneof(
  fc.record({
    id: fc.integer({ min: 0, max: 30 }).map((n) => `r${n}`),
    terms: fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 12 }),
  }),
  fc.integer({ min: 0, max: 30 }).map((n) => ({ id: `r${n}`, terms: null })),
  fc.constant("freeze" as const),
);

describe("the BM25 index's frozen and live parts", () => {
  it("rank as brute force over the remaining rows once frozen, and from a snapshot's parts", () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 80 }),
        fc.array(fc.constantFrom(...VOCABULARY), { minLength: 1, maxLength: 4 }),
        (ops, words) => {
          const index = new Bm25Index();
          const rows = new Map<string, string[]>();
          for (const op of ops) {
            if (op === "freeze") index.freeze();
            else if (op.terms === null) {
              index.remove(op.id);
              rows.delete(op.id);
            } else {
              index.set(op.id, op.terms);
              if (op.terms.length) rows.set(op.id, op.terms);
              else rows.delete(op.id);
            }
          }
          const query = words.map((term, i) => ({ term, weight: 1 / (i + 1) }));
          const restored = Bm25Index.fromParts(index.parts());
          index.freeze();
          for (const frozen of [index, restored]) {
            close(frozen.search(query, 10), bruteForce(rows, query, 10));
            close(frozen.scoresOf(query, [...rows.keys(), "missing"]), bruteForce(rows, query, Infinity));
            expect(frozen.size).toBe(rows.size);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("ranks live rows as frozen ones before any freeze, a term's lists running on across both parts", () => {
    const index = new Bm25Index();
    index.set("a", ["dbs", "margin"]);
    index.set("b", ["margin", "margin", "rate"]);
    index.freeze();
    index.set("c", ["margin", "oil"]);
    index.set("d", ["dbs"]);
    const rows = new Map([
      ["a", ["dbs", "margin"]],
      ["b", ["margin", "margin", "rate"]],
      ["c", ["margin", "oil"]],
      ["d", ["dbs"]],
    ]);
    const query = [
      { term: "margin", weight: 1 },
      { term: "dbs", weight: 1 },
    ];
    close(index.search(query, 5), bruteForce(rows, query, 5));
    close(index.scoresOf(query, ["d", "c", "b", "a"]), bruteForce(rows, query, 5));
    expect(index.df("margin")).toBe(3);
  });

  it("refuses parts that do not fit together", () => {
    const index = new Bm25Index();
    index.set("a", ["dbs", "margin"]);
    index.set("b", ["margin"]);
    const parts = index.parts();
    expect(() => Bm25Index.fromParts({ ...parts, ids: ["a"] })).toThrow(/row arrays of different lengths/);
    expect(() => Bm25Index.fromParts({ ...parts, docs: parts.docs.map(() => 7) })).toThrow(/a posting names no row/);
    expect(() => Bm25Index.fromParts({ ...parts, ids: ["a", "a"] })).toThrow(/listed twice/);
    expect(() => Bm25Index.fromParts({ ...parts, terms: TermTable.of(["dbs"]) })).toThrow(/do not fit the vocabulary/);
  });
});

describe("the top k, walking every posting or skipping what cannot make it", () => {
  it("answers exactly as scoring every row does, scores and ties to the last bit, either way", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 60 }), (seed, k) => {
        // A skewed vocabulary: a few terms in most rows, many in few, as words are.
        let state = seed;
        const random = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) / 2 ** 32;
        const word = () => `w${Math.floor(random() ** 3 * 400)}`;
        // Groups 0 to 2, so that some terms are held by no row of group 2 alone.
        const groupOf = (id: string) => (Number(id.slice(1)) % 7 === 0 ? 2 : Number(id.slice(1)) % 2);
        const live = new Set<string>();
        const added: [string, string[]][] = [];
        for (let r = 0; r < 1500; r++) {
          added.push([`r${r}`, Array.from({ length: 3 + Math.floor(random() * 30) }, word)]);
          live.add(`r${r}`);
        }
        const removed: string[] = [];
        for (let r = 0; r < 100; r++) {
          removed.push(`r${Math.floor(random() * 1500)}`);
          live.delete(removed.at(-1)!);
        }
        const later: [string, string[]][] = [];
        for (let r = 0; r < 50; r++) {
          later.push([`s${r}`, Array.from({ length: 10 }, word)]);
          live.add(`s${r}`);
        }
        const built = (way: TopKWay) => {
          const index = new Bm25Index(way);
          for (const [id, terms] of added) index.set(id, terms, groupOf(id));
          for (const id of removed) index.remove(id);
          if (seed % 2) index.freeze();
          for (const [id, terms] of later) index.set(id, terms, groupOf(id));
          return index;
        };
        const ways = [built("bounds"), built("walk")];
        const even = (id: string) => Number(id.slice(1)) % 2 === 0;
        const excluded = new Set([...live].filter((id) => id.endsWith("7")));
        for (let q = 0; q < 5; q++) {
          const query = Array.from({ length: 1 + Math.floor(random() * 8) }, (_, i) => ({
            term: word(),
            weight: i % 3 === 2 ? 0.5 : 1,
          }));
          // Every row scored on every term in query order (scoresOf), then the best k: what a full walk adds up.
          const walk = (kept: (id: string) => boolean) => ways[0]!.scoresOf(query, [...live].filter(kept)).slice(0, k);
          const inGroups = (id: string) => groupOf(id) !== 1;
          for (const index of ways) {
            expect(index.search(query, k)).toEqual(walk(() => true));
            expect(index.search(query, k, (id) => even(id))).toEqual(walk(even));
            expect(index.search(query, k, undefined, excluded)).toEqual(walk((id) => !excluded.has(id)));
            expect(index.search(query, k, undefined, undefined, [true, false, true])).toEqual(walk(inGroups));
            expect(index.search(query, k, undefined, undefined, [false, false, true])).toEqual(
              walk((id) => groupOf(id) === 2),
            );
            expect(index.search(query, k, (id) => even(id), undefined, [true, false, true])).toEqual(
              walk((id) => inGroups(id) && even(id)),
            );
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
