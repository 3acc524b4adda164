/** Pair counts agree with a plain map through adds, removals to zero, folds and a save and load. */
import { describe, expect, it } from "vitest";
import { PairCounts } from "./pair-counts.js";

function partnersOf(counts: PairCounts, a: number): [number, number][] {
  const out: [number, number][] = [];
  counts.forEachPartner(a, (b, n) => out.push([b, n]));
  return out.sort((x, y) => x[0] - y[0]);
}

describe("pair counts", () => {
  it("match a map of every pair through 60,000 random changes (many folds), and survive triples and load", () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const counts = new PairCounts();
    const truth = new Map<string, number>();
    for (let step = 0; step < 60_000; step++) {
      const [a, b] = [random(300), random(300)];
      const key = `${a},${b}`;
      const have = truth.get(key) ?? 0;
      const by = have > 0 && random(3) === 0 ? -1 : 1; // never below 0, as the bridge's removals never are
      counts.add(a, b, by);
      if (have + by === 0) truth.delete(key);
      else truth.set(key, have + by);
    }
    const expected = (a: number) =>
      [...truth]
        .filter(([k]) => Number(k.split(",")[0]) === a)
        .map(([k, n]): [number, number] => [Number(k.split(",")[1]), n])
        .sort((x, y) => x[0] - y[0]);
    for (const a of [0, 1, 150, 299, 300]) expect(partnersOf(counts, a)).toEqual(expected(a));

    const triples = counts.triples();
    expect(triples.length).toBe(truth.size * 3);
    const reloaded = new PairCounts();
    reloaded.load(triples);
    for (const a of [0, 42, 299]) expect(partnersOf(reloaded, a)).toEqual(expected(a));
    expect([...reloaded.triples()]).toEqual([...triples]);

    const shuffled = new Int32Array(triples.length); // in reverse: the slower path that sorts
    for (let i = 0; i < triples.length; i += 3) shuffled.set(triples.subarray(i, i + 3), triples.length - 3 - i);
    const resorted = new PairCounts();
    resorted.load(shuffled);
    expect([...resorted.triples()]).toEqual([...triples]);
  });

  it("drops a pair whose count returns to zero and refuses one that would go below it", () => {
    const counts = new PairCounts();
    counts.add(1, 2, 1);
    counts.add(1, 3, 1);
    counts.add(1, 2, -1);
    expect(partnersOf(counts, 1)).toEqual([[3, 1]]);
    expect([...counts.triples()]).toEqual([1, 3, 1]);
    counts.add(1, 3, -1);
    counts.add(1, 3, -1);
    expect(() => counts.triples()).toThrow("a count went below 0");
  });
});
