import { writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../test/bundle/bundle-files.js";
import { readLines, type Line } from "./lines.js";

async function linesOf(bytes: Buffer | string, maxBytes = 8): Promise<Line[]> {
  const folder = tempFolder();
  try {
    writeFileSync(`${folder.dir}/x.ndjson`, bytes);
    const out: Line[] = [];
    for await (const line of readLines(`${folder.dir}/x.ndjson`, maxBytes, "the bound")) out.push(line);
    return out;
  } finally {
    folder.remove();
  }
}

describe("reading a bundle file's lines", () => {
  it("numbers lines as readline did: a last line without a newline counts, a final newline starts none", async () => {
    expect(await linesOf("a\r\nb\n\nc")).toEqual([
      { lineNo: 1, text: "a" },
      { lineNo: 2, text: "b" },
      { lineNo: 3, text: "" },
      { lineNo: 4, text: "c" },
    ]);
    expect(await linesOf("a\n")).toEqual([{ lineNo: 1, text: "a" }]);
    expect(await linesOf("")).toEqual([]);
  });

  it("bounds each line in bytes (a closing carriage return aside) and goes on after one that is too long", async () => {
    expect(await linesOf("12345678\r\n123456789\nok\n123456789")).toEqual([
      { lineNo: 1, text: "12345678" },
      { lineNo: 2, problem: "line is longer than 8 bytes, the bound" },
      { lineNo: 3, text: "ok" },
      { lineNo: 4, problem: "line is longer than 8 bytes, the bound" },
    ]);
  });

  it("refuses bytes that are not UTF-8, and keeps a character split across reads whole", async () => {
    expect(await linesOf(Buffer.from([0x61, 0xff, 0xfe, 0xc3, 0x0a, 0x62]))).toEqual([
      { lineNo: 1, problem: "line is not valid UTF-8" },
      { lineNo: 2, text: "b" },
    ]);
    const long = `${"é".repeat(200_000)}😀`;
    expect(await linesOf(`${long}\n`, 1_000_000)).toEqual([{ lineNo: 1, text: long }]);
  });
});
