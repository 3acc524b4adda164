import { describe, expect, it } from "vitest";
import { cosine } from "./embedder.js";
import { createHashedNgramEmbedder } from "./hashed-ngram-embedder.js";

const embedder = createHashedNgramEmbedder();

describe("the built-in embedder", () => {
  it("is deterministic and unit length", async () => {
    const [a, b] = await embedder.embed(["Singapore dollar outlook", "Singapore dollar outlook"]);
    expect([...a!]).toEqual([...b!]);
    expect(cosine(a!, a!)).toBeCloseTo(1, 6);
    expect(a!.length).toBe(384);
  });

  it("ranks English against English and Chinese against Chinese sensibly", async () => {
    const [query, rates, chips, zhQuery, zhRates, zhChips] = await embedder.embed([
      "interest rate cuts and the yield curve",
      "The Fed's rate cuts flattened the yield curve as bond yields fell.",
      "Semiconductor export controls hit chip equipment makers.",
      "美联储降息与收益率曲线",
      "美联储降息后收益率曲线趋平，国债收益率下行。",
      "半导体出口管制冲击芯片设备制造商。",
    ]);
    expect(cosine(query!, rates!)).toBeGreaterThan(cosine(query!, chips!));
    expect(cosine(zhQuery!, zhRates!)).toBeGreaterThan(cosine(zhQuery!, zhChips!));
  });

  it("embeds empty or symbol-only text to the zero vector rather than NaN", async () => {
    const [v] = await embedder.embed(["—!?"]);
    expect([...v!].every((x) => x === 0)).toBe(true);
  });
});
