/**
 * Reads an NDJSON file one line at a time as bytes, numbering lines from 1 (a missing file has none), in constant
 * memory whatever the file holds: a line longer than its bound is skipped to its newline without being kept, and a
 * line that is not UTF-8 is reported rather than decoded with replacement characters. Line ends are `\n` (a `\r`
 * before it is dropped); a last line without one counts, and a final newline does not start another line.
 */
import { isUtf8 } from "node:buffer";
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";

export async function fileExists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

export interface Line {
  lineNo: number;
  /** The line's text; undefined when `problem` says why it could not be read. */
  text?: string;
  problem?: string;
}

const NEWLINE = 0x0a;

export async function* readLines(file: string, maxBytes: number, bound = "the line bound"): AsyncGenerator<Line> {
  if (!(await fileExists(file))) return;
  let parts: Buffer[] = [];
  let length = 0;
  let oversized = false;
  let lineNo = 0;
  const finish = (): Line => {
    lineNo++;
    const line = { lineNo };
    const tooLong = { ...line, problem: `line is longer than ${maxBytes} bytes, ${bound}` };
    if (oversized) return tooLong;
    let bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts, length);
    if (bytes.at(-1) === 0x0d) bytes = bytes.subarray(0, -1);
    if (bytes.length > maxBytes) return tooLong;
    // isUtf8 checks without decoding; toString then cannot meet a byte it would replace.
    if (!isUtf8(bytes)) return { ...line, problem: "line is not valid UTF-8" };
    return { ...line, text: bytes.toString("utf8") };
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 256 * 1024 }) as AsyncIterable<Buffer>) {
    let at = 0;
    while (at < chunk.length) {
      const end = chunk.indexOf(NEWLINE, at);
      const piece = chunk.subarray(at, end === -1 ? chunk.length : end);
      // A `\r` ending the line is not counted against the bound.
      if (!oversized && length + piece.length > maxBytes + 1) {
        oversized = true;
        parts = [];
      }
      if (!oversized) parts.push(piece);
      length += piece.length;
      if (end === -1) break;
      const line = finish();
      oversized = false;
      length = 0;
      parts = [];
      yield line;
      at = end + 1;
    }
  }
  if (length > 0 || oversized) yield finish();
}
