import { describe, expect, it } from "vitest";
import { readSentAfterAsking } from "./read-sent-after-asking.js";

/** A read whose answers the test settles by hand, each answering the "commits" counted when it was sent. */
function manualReads() {
  let commits = 0;
  const pending: Array<{ sentAt: number; settle: (fail?: Error) => void }> = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const sentAt = commits;
      pending.push({ sentAt, settle: (fail) => (fail ? reject(fail) : resolve(sentAt)) });
    });
  return {
    read,
    pending,
    commit: () => ++commits,
    get commits() {
      return commits;
    },
  };
}

const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe("readSentAfterAsking", () => {
  it("sends a read at once for a caller alone, and again for the next one", async () => {
    const reads = manualReads();
    const ask = readSentAfterAsking(reads.read);
    const first = ask();
    expect(reads.pending).toHaveLength(1);
    reads.pending[0]!.settle();
    await expect(first).resolves.toBe(0);
    await ticks();
    reads.commit();
    const second = ask();
    expect(reads.pending).toHaveLength(2);
    reads.pending[1]!.settle();
    await expect(second).resolves.toBe(1);
  });

  it("never answers a caller with a read sent before it asked: callers meanwhile share the next read", async () => {
    const reads = manualReads();
    const ask = readSentAfterAsking(reads.read);
    const early = ask();
    reads.commit(); // committed after the first read was sent, before the next callers ask
    const late = [ask(), ask(), ask()];
    await ticks();
    expect(reads.pending).toHaveLength(1);
    reads.pending[0]!.settle();
    await expect(early).resolves.toBe(0);
    await ticks();
    expect(reads.pending).toHaveLength(2);
    reads.pending[1]!.settle();
    expect(await Promise.all(late)).toEqual([1, 1, 1]);
  });

  it("holds under interleaved callers and commits: every answer was read after its caller asked", async () => {
    const reads = manualReads();
    const ask = readSentAfterAsking(reads.read);
    const asked: Array<{ at: number; answer: Promise<number> }> = [];
    for (let step = 0; step < 200; step++) {
      if (step % 3 === 0) reads.commit();
      if (step % 2 === 0) asked.push({ at: reads.commits, answer: ask() });
      // Settling a read twice does nothing, so every read sent so far is settled at once.
      if (step % 5 === 0) for (const p of reads.pending) p.settle();
      await ticks(2);
    }
    for (let i = 0; i < 10; i++) {
      for (const p of reads.pending) p.settle();
      await ticks();
    }
    for (const { at, answer } of asked) expect(await answer).toBeGreaterThanOrEqual(at);
    expect(reads.pending.length).toBeLessThan(asked.length);
  });

  it("hands a failed read's error to the callers sharing it, and reads again for the next", async () => {
    const reads = manualReads();
    const ask = readSentAfterAsking(reads.read);
    const first = ask();
    const shared = [ask(), ask()];
    reads.pending[0]!.settle();
    await first;
    await ticks();
    reads.pending[1]!.settle(new Error("connection lost"));
    for (const s of shared) await expect(s).rejects.toThrow("connection lost");
    await ticks();
    const after = ask();
    expect(reads.pending).toHaveLength(3);
    reads.pending[2]!.settle();
    await expect(after).resolves.toBe(0);
  });
});
