/** Windows over a document: code points, line breaks, fenced code blocks, and offsets that walk a document whole. */
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_CHARS, documentWindow } from "./document-window.js";

/** Every window of a document, walked with next_offset. */
function walk(text: string, max_chars: number) {
  const windows = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const w = documentWindow(text, { max_chars, offset });
    windows.push(w);
    offset = w.next_offset;
  }
  return windows;
}

describe("documentWindow", () => {
  it("returns a short document whole, untruncated, by default", () => {
    expect(documentWindow("# Daily\n\nhello\n", {})).toEqual({
      text: "# Daily\n\nhello\n",
      offset: 0,
      total_chars: 15,
      truncated: false,
      next_offset: null,
    });
    expect(DEFAULT_MAX_CHARS).toBe(20_000);
  });

  it("counts code points, so no window splits a character's UTF-8 or UTF-16 sequence", () => {
    const text = "😀é中".repeat(5);
    const windows = walk(text, 4);
    expect(windows.map((w) => w.text)).toEqual(["😀é中😀", "é中😀é", "中😀é中", "😀é中"]);
    for (const w of windows) expect(Buffer.from(w.text, "utf8").toString("utf8")).toBe(w.text);
    expect(windows.map((w) => w.text).join("")).toBe(text);
    expect(windows[0]).toMatchObject({ offset: 0, total_chars: 15, truncated: true, next_offset: 4 });
    expect(windows.at(-1)).toMatchObject({ offset: 12, truncated: false, next_offset: null });
  });

  it("ends a window at a line break in its second half", () => {
    const text = "line one\nline two\nline three\n";
    expect(documentWindow(text, { max_chars: 12 })).toMatchObject({
      text: "line one\n",
      next_offset: 9,
      truncated: true,
    });
  });

  it("ends after a space in its second half when no line ends there, so no word is cut", () => {
    expect(documentWindow("alpha beta gamma delta", { max_chars: 14 })).toMatchObject({
      text: "alpha beta ",
      next_offset: 11,
    });
    expect(documentWindow("abcdefghijklmnop qr", { max_chars: 8 })).toMatchObject({ text: "abcdefgh", next_offset: 8 });
  });

  it("never ends inside a fenced code block: before its fence, or after it when the block begins the window", () => {
    const block = "```ts\nconst a = 1;\nconst b = 2;\n```\n";
    const text = `intro\n${block}outro\n`;
    const first = documentWindow(text, { max_chars: 20 });
    expect(first).toMatchObject({ text: "intro\n", next_offset: 6, truncated: true });
    const second = documentWindow(text, { max_chars: 20, offset: 6 });
    expect(second).toMatchObject({ text: block, next_offset: 6 + block.length, truncated: true });
    expect(
      walk(text, 20)
        .map((w) => w.text)
        .join(""),
    ).toBe(text);
  });

  it("treats an unclosed fence as running to the end, and tilde fences like backtick ones", () => {
    const text = "a\n~~~\nx\ny\nz\n";
    expect(walk(text, 4).map((w) => w.text)).toEqual(["a\n", "~~~\nx\ny\nz\n"]);
  });

  it("answers an offset past the end with an empty, final window", () => {
    expect(documentWindow("abc", { offset: 10 })).toEqual({
      text: "",
      offset: 3,
      total_chars: 3,
      truncated: false,
      next_offset: null,
    });
  });
});

/** The windows as first specified, over an array of the document's code points: the oracle for the tests below. */
function referenceWindow(text: string, max: number, offset: number) {
  const chars = Array.from(text);
  const blocks: Array<[number, number]> = [];
  let open: { start: number; fence: string } | undefined;
  let lineStart = 0;
  for (let i = 0; i <= chars.length; i++) {
    if (i < chars.length && chars[i] !== "\n") continue;
    const line = chars.slice(lineStart, i).join("");
    const match = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open === undefined && match) open = { start: lineStart, fence: match[1]! };
    else if (open && match && match[1]![0] === open.fence[0] && match[1]!.length >= open.fence.length) {
      if (line.trim() === match[1]) {
        blocks.push([open.start, Math.min(i + 1, chars.length)]);
        open = undefined;
      }
    }
    lineStart = i + 1;
  }
  if (open) blocks.push([open.start, chars.length]);
  const start = Math.min(offset, chars.length);
  let end = start + max;
  if (end >= chars.length) end = chars.length;
  else {
    const half = start + Math.floor(max / 2);
    const lastBreak = chars.lastIndexOf("\n", end - 1);
    if (lastBreak >= half) end = lastBreak + 1;
    else
      for (let i = end - 1; i >= half; i--)
        if (chars[i] === " " || chars[i] === "\t") {
          end = i + 1;
          break;
        }
    const block = blocks.find(([s, e]) => s < end && end < e);
    if (block) end = block[0] > start ? block[0] : block[1];
  }
  const truncated = end < chars.length;
  return {
    text: chars.slice(start, end).join(""),
    offset: start,
    total_chars: chars.length,
    truncated,
    next_offset: truncated ? end : null,
  };
}

describe("documentWindow over large documents", () => {
  it("gives the same windows as the code-point array it no longer builds, over random markdown", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pieces = [
      "word ",
      "\n",
      "```\n",
      "~~~~\n",
      "  ```js\n",
      "😀",
      "é",
      "\t",
      "文字",
      "\uD800",
      "x".repeat(30),
      " ",
    ];
    for (let round = 0; round < 300; round++) {
      const text = Array.from(
        { length: Math.floor(random() * 200) },
        () => pieces[Math.floor(random() * pieces.length)],
      ).join("");
      const max = 1 + Math.floor(random() * 60);
      const offset = Math.floor(random() * (text.length + 5));
      expect([round, documentWindow(text, { max_chars: max, offset })]).toEqual([
        round,
        referenceWindow(text, max, offset),
      ]);
    }
  });

  it("windows a 100 MB document without an array of it: the heap grows by about the window, not the document", () => {
    const text = "A line of a very long memory document, nothing but text.\n".repeat(1_800_000);
    expect(text.length).toBeGreaterThan(100_000_000);
    // `repeat` makes a rope; the first read flattens it (the document itself, 100 MB), and is not counted.
    documentWindow(text, { max_chars: 10, offset: 0 });
    const before = process.memoryUsage().heapUsed;
    const first = documentWindow(text, { max_chars: 1_000_000, offset: 0 });
    const middle = documentWindow(text, { max_chars: 1_000_000, offset: 50_000_000 });
    const grown = process.memoryUsage().heapUsed - before;
    expect([first.truncated, first.total_chars, middle.offset]).toEqual([true, text.length, 50_000_000]);
    expect(middle.text.length).toBeGreaterThan(500_000);
    // An array of 100 million code points is at least 800 MB of pointers; two 1 MB windows are a few MB.
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });
});
