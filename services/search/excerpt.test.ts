import { describe, expect, it } from "vitest";
import { excerpt, plainText } from "./excerpt.js";

const filler = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("excerpts", () => {
  it("strips markdown to plain text", () => {
    expect(plainText("# Title\n\n- **bold** point\n> quote with [a link](https://x.test)\n\n```\ncode\n```\nend")).toBe(
      "Title bold point quote with a link end",
    );
  });

  it("shows a short body whole, and the opening of a long one when the query does not occur", () => {
    expect(excerpt("A short note about rates.", "semiconductors")).toBe("A short note about rates.");
    const long = filler(100);
    expect(excerpt(long, "nothing")).toBe(`${[...long].slice(0, 240).join("")}…`);
    expect(excerpt("   ", "x")).toBeNull();
  });

  it("centres on the longest query word found, at a word boundary, at most 240 characters", () => {
    const body = `${filler(60)} the semiconductor cycle turned ${filler(60)}`;
    const e = excerpt(body, "chip semiconductor")!;
    expect(e.startsWith("…word")).toBe(true);
    expect(e).toContain("semiconductor cycle turned");
    expect([...e.replace(/…/g, "")].length).toBeLessThanOrEqual(240);
  });

  it("finds Chinese queries by character pairs, and never splits a character", () => {
    const body = `${"前".repeat(300)}布伦特原油价格${"后".repeat(300)}`;
    const e = excerpt(body, "原油")!;
    expect(e).toContain("布伦特原油价格");
    expect([...e.replace(/…/g, "")].length).toBe(240);
    const emoji = `${"📈".repeat(100)} target ${"📉".repeat(200)}`;
    expect(excerpt(emoji, "target")!.includes("\ufffd")).toBe(false);
  });
});
