import { getHeapStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { collectStartUpGarbage } from "./collect-start-up-garbage.js";

const MiB = 1024 * 1024;

describe("collectStartUpGarbage", () => {
  it("frees what start-up only passed through and gives the emptied heap back", async () => {
    // About 80 MiB of small objects that survive a while (as a start-up's rows do), then are dropped.
    let rows: { id: string; text: string }[][] | null = [];
    for (let i = 0; i < 400; i++)
      rows.push(Array.from({ length: 1000 }, (_, j) => ({ id: `${i}:${j}`, text: `row ${i} ${j} `.repeat(8) })));
    const held = getHeapStatistics();
    expect(held.used_heap_size).toBeGreaterThan(60 * MiB);
    rows = null;
    await collectStartUpGarbage();
    const after = getHeapStatistics();
    expect(after.used_heap_size).toBeLessThan(held.used_heap_size - 50 * MiB);
    expect(after.total_heap_size).toBeLessThan(held.total_heap_size - 50 * MiB);
    expect(rows).toBeNull();
  });
});
