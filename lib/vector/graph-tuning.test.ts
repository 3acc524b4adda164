/**
 * The graph's tuning by its rows: 16 links and a breadth of 128 below the threshold, 32 and 384 from it; a graph
 * built small is rebuilt once it reaches the threshold, one built large only a tenth below it. A search's candidates
 * by the nodes the graph holds.
 */
import { describe, expect, it } from "vitest";
import {
  asTuning,
  candidatesFor,
  keptLargeFrom,
  LARGE_GRAPH,
  LARGE_GRAPH_FROM,
  SMALL_GRAPH,
  tuningFits,
  tuningFor,
} from "./graph-tuning.js";

describe("the graph's tuning", () => {
  it("is 16/128 below the threshold and 32/384 from it", () => {
    expect(LARGE_GRAPH_FROM).toBe(20_000);
    expect(tuningFor(0)).toEqual({ connectivity: 16, expansionAdd: 128 });
    expect(tuningFor(19_999)).toEqual({ connectivity: 16, expansionAdd: 128 });
    expect(tuningFor(20_000)).toEqual({ connectivity: 32, expansionAdd: 384 });
    expect(tuningFor(1_000_000)).toEqual({ connectivity: 32, expansionAdd: 384 });
    expect(tuningFor(11, 12)).toBe(SMALL_GRAPH);
    expect(tuningFor(12, 12)).toBe(LARGE_GRAPH);
  });

  it("fits a small graph below the threshold, and a large one down to nine tenths of it", () => {
    expect(keptLargeFrom(20_000)).toBe(18_000);
    expect(keptLargeFrom(12)).toBe(11);
    expect(tuningFits(SMALL_GRAPH, 19_999)).toBe(true);
    expect(tuningFits(SMALL_GRAPH, 20_000)).toBe(false);
    expect(tuningFits(LARGE_GRAPH, 20_000)).toBe(true);
    expect(tuningFits(LARGE_GRAPH, 18_000)).toBe(true);
    expect(tuningFits(LARGE_GRAPH, 17_999)).toBe(false);
    expect(tuningFits(LARGE_GRAPH, 10, 12)).toBe(false);
    expect(tuningFits(LARGE_GRAPH, 11, 12)).toBe(true);
    // A tuning this version never builds fits no size: its graph is rebuilt.
    expect(tuningFits({ connectivity: 24, expansionAdd: 200 }, 20_000)).toBe(false);
    expect(tuningFits({ ...SMALL_GRAPH }, 100)).toBe(true);
  });

  it("asks the graph for 160 candidates below 150,000 nodes and 320 from there", () => {
    expect(candidatesFor(0)).toBe(160);
    expect(candidatesFor(149_999)).toBe(160);
    expect(candidatesFor(150_000)).toBe(320);
    expect(candidatesFor(1_000_000)).toBe(320);
  });

  it("reads a tuning back from a header, or says it is not one", () => {
    expect(asTuning({ connectivity: 32, expansionAdd: 384 })).toEqual(LARGE_GRAPH);
    expect(asTuning({ connectivity: "32", expansionAdd: 384 })).toBeNull();
    expect(asTuning({ connectivity: 32 })).toBeNull();
    expect(asTuning(null)).toBeNull();
    expect(asTuning(undefined)).toBeNull();
  });
});
