/**
 * Documents that fit a context window: a tool that returns a document (a report, a card report, the memory, a
 * workspace, a session message) returns at most `max_chars` characters of it from `offset`, says whether more
 * follows and where the next window starts. Characters are Unicode code points, so a window never splits a
 * character's UTF-8 (or UTF-16) sequence. A window ends at a line break when one lies in its second half (else after
 * a space there, so no word is cut), and never
 * inside a fenced markdown code block: it ends before the block's opening fence, or, when the block itself begins
 * the window and is longer than max_chars, after its closing fence (the one case a window exceeds max_chars).
 */
import { input } from "../../operations/input-schemas.js";
import type { JsonSchema } from "../../operations/operation.js";
import { bool, int, nullableInt } from "../../schemas/common.js";
import { validationError } from "../tool-errors.js";

export const DEFAULT_MAX_CHARS = 20_000;
export const MAX_MAX_CHARS = 1_000_000;

/** The two window arguments every document tool takes. */
export const windowInput = {
  max_chars: {
    type: "integer",
    minimum: 1,
    maximum: MAX_MAX_CHARS,
    default: DEFAULT_MAX_CHARS,
    description: "Most characters to return.",
  },
  offset: { type: "integer", minimum: 0, maximum: 2147483647, default: 0, description: "A previous next_offset." },
} as const;

/** What a document tool returns beside the window of text. */
/** A document operation's input with the window arguments after its own. */
export const windowed = (schema: JsonSchema) =>
  input({ ...schema.properties, ...windowInput }, [...(schema.required ?? [])]);

export const windowOutput = {
  offset: { ...int, description: "Where this window starts, in characters." },
  total_chars: { ...int, description: "The whole document's length, in characters." },
  truncated: { ...bool, description: "Whether the document continues past this window." },
  next_offset: { ...nullableInt, description: "Pass as offset for the next window; null when none follows." },
} as const;

export interface WindowArgs {
  max_chars?: number;
  offset?: number;
}

export interface DocumentWindow {
  text: string;
  offset: number;
  total_chars: number;
  truncated: boolean;
  next_offset: number | null;
}

const FENCE = / {0,3}(`{3,}|~{3,})/y;

/** The UTF-16 index `count` code points after `from` (or the end of `text`). */
function advance(text: string, from: number, count: number): number {
  let i = from;
  for (let n = 0; n < count && i < text.length; n++) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
  }
  return i;
}

/** Code points in text[from, to). */
function codePoints(text: string, from: number, to: number): number {
  let pairs = 0;
  for (let i = from; i < to - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      pairs++;
      i++;
    }
  }
  return to - from - pairs;
}

/**
 * The fenced code block holding UTF-16 index `at`, as [start, end): from its opening fence line to past its closing
 * one (an unclosed fence runs to the end of the document, as in CommonMark). Lines are read in place, without copying
 * the document; only a fence line is sliced.
 */
function fencedBlockAt(text: string, at: number): [number, number] | undefined {
  let open: { start: number; fence: string } | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    if (open === undefined && lineStart > at) return undefined;
    const newline = text.indexOf("\n", lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    FENCE.lastIndex = lineStart;
    const match = FENCE.exec(text);
    const fence = match && match.index + match[0].length <= lineEnd ? match[1]! : undefined;
    if (open === undefined && fence) open = { start: lineStart, fence };
    else if (
      open &&
      fence &&
      fence[0] === open.fence[0] &&
      fence.length >= open.fence.length &&
      text.slice(lineStart, lineEnd).trim() === fence
    ) {
      const end = Math.min(lineEnd + 1, text.length);
      if (open.start < at && at < end) return [open.start, end];
      open = undefined;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return open && open.start < at ? [open.start, text.length] : undefined;
}

/** Where a window from UTF-16 index `start` of at most `max` code points ends, as a UTF-16 index. */
function windowEnd(text: string, start: number, max: number): number {
  let end = advance(text, start, max);
  if (end >= text.length) return text.length;
  const half = advance(text, start, Math.floor(max / 2));
  const lastBreak = text.lastIndexOf("\n", end - 1);
  if (lastBreak >= half) end = lastBreak + 1;
  else {
    // No line ends in the second half: end after a space there, so no word is cut.
    for (let i = end - 1; i >= half; i--) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09) {
        end = i + 1;
        break;
      }
    }
  }
  const block = fencedBlockAt(text, end);
  if (block) return block[0] > start ? block[0] : block[1];
  return end;
}

const isIntIn = (v: unknown, min: number, max: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;

/**
 * The window of `text` the arguments ask for. An offset at or past the end gives an empty, final window. The
 * arguments are checked here too, so a document tool called by any path refuses a window it cannot give.
 */
export function documentWindow(
  text: string,
  { max_chars = DEFAULT_MAX_CHARS, offset = 0 }: WindowArgs,
): DocumentWindow {
  if (!isIntIn(max_chars, 1, MAX_MAX_CHARS))
    throw validationError(`invalid argument 'max_chars': must be an integer from 1 to ${MAX_MAX_CHARS}`, "max_chars");
  if (!isIntIn(offset, 0, windowInput.offset.maximum))
    throw validationError("invalid argument 'offset': must be a non-negative integer", "offset");
  // Indexes are UTF-16 positions in `text` itself: no copy of the whole document is made, whatever its size.
  const startIndex = advance(text, 0, offset);
  const start = codePoints(text, 0, startIndex);
  const endIndex = windowEnd(text, startIndex, max_chars);
  const end = start + codePoints(text, startIndex, endIndex);
  const truncated = endIndex < text.length;
  return {
    text: text.slice(startIndex, endIndex),
    offset: start,
    total_chars: truncated ? end + codePoints(text, endIndex, text.length) : end,
    truncated,
    next_offset: truncated ? end : null,
  };
}

/** A markdown document's members as a document tool returns them: this window of the text, and the window report. */
export function windowedMarkdown(doc: { markdown: string; sha256: string; last_modified: number }, args: WindowArgs) {
  const { text, ...window } = documentWindow(doc.markdown, args);
  return { markdown: text, sha256: doc.sha256, last_modified: doc.last_modified, ...window };
}
