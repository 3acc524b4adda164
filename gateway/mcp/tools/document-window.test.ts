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
