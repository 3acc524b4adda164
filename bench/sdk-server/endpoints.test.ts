/** The sdk-server bench's two servers start and serve the same tools/call in both eras, as the bench requires. */
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startChild, type BenchChild } from "../http/child-process.js";
import { CASES, ENTRIES, structuredContent } from "../sdk-server-bench.js";

describe("the sdk-server bench's endpoints", () => {
  const started: BenchChild[] = [];
  afterAll(async () => {
    await Promise.all(started.map((c) => c.stop()));
  });

  it("both start, and answer each case with the same structured content", async () => {
    const urls: string[] = [];
    for (const [name, entry] of Object.entries(ENTRIES)) {
      const child = await startChild({ name, entry: path.normalize(entry), env: {}, ready: /listening on (\d+)/ });
      started.push(child);
      urls.push(`http://127.0.0.1:${child.match[1]}`);
    }
    expect(Object.keys(CASES)).toEqual(["tools/call, 2025-11-25", "tools/call, 2026-07-28"]);
    for (const request of Object.values(CASES)) {
      const [ours, sdk] = await Promise.all(urls.map((url) => structuredContent(url, request)));
      expect(Object.keys(JSON.parse(ours!) as object).length).toBeGreaterThan(0);
      expect(ours).toBe(sdk);
    }
  }, 60_000);
});
