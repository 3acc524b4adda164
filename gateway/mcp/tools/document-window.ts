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

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Each fenced code block as [start, end) in code points: from its opening fence line to past its closing one. */
function fencedBlocks(chars: readonly string[]): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  let open: { start: number; fence: string } | undefined;
  let lineStart = 0;
  for (let i = 0; i <= chars.length; i++) {
    if (i < chars.length && chars[i] !== "\n") continue;
    const line = chars.slice(lineStart, i).join("");
    const match = FENCE.exec(line);
    if (open === undefined && match) open = { start: lineStart, fence: match[1]! };
    else if (
      open &&
      match &&
      match[1]![0] === open.fence[0] &&
      match[1]!.length >= open.fence.length &&
      line.trim() === match[1]
    ) {
      blocks.push([open.start, Math.min(i + 1, chars.length)]);
      open = undefined;
    }
    lineStart = i + 1;
  }
  // An unclosed fence runs to the end of the document (CommonMark).
  if (open) blocks.push([open.start, chars.length]);
  return blocks;
}

/** Where a window from `start` of at most `max` characters ends. */
function windowEnd(chars: readonly string[], start: number, max: number): number {
  let end = start + max;
  if (end >= chars.length) return chars.length;
  const half = start + Math.floor(max / 2);
  const lastBreak = chars.lastIndexOf("\n", end - 1);
  if (lastBreak >= half) end = lastBreak + 1;
  else {
    // No line ends in the second half: end after a space there, so no word is cut.
    for (let i = end - 1; i >= half; i--) {
      if (chars[i] === " " || chars[i] === "\t") {
        end = i + 1;
        break;
      }
    }
  }
  for (const [blockStart, blockEnd] of fencedBlocks(chars)) {
    if (blockStart < end && end < blockEnd) return blockStart > start ? blockStart : blockEnd;
  }
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
  const chars = Array.from(text);
  const start = Math.min(offset, chars.length);
  const end = windowEnd(chars, start, max_chars);
  const truncated = end < chars.length;
  return {
    text: chars.slice(start, end).join(""),
    offset: start,
    total_chars: chars.length,
    truncated,
    next_offset: truncated ? end : null,
  };
}

/** A markdown document's members as a document tool returns them: this window of the text, and the window report. */
export function windowedMarkdown(doc: { markdown: string; sha256: string; last_modified: number }, args: WindowArgs) {
  const { text, ...window } = documentWindow(doc.markdown, args);
  return { markdown: text, sha256: doc.sha256, last_modified: doc.last_modified, ...window };
}
