/**
 * The excerpt's cut walks only the characters it keeps; it must answer what cutting the whole remainder into code
 * points answered (the first form, kept here as the reference), for any text, lone surrogates included. And the
 * service's cache of plain texts never serves the plain text of a body that changed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { excerpt, plainText } from "./excerpt.js";

function referenceCut(text: string, start: number, max: number): string {
  const chars = Array.from(text.slice(start));
  return `${start > 0 ? "…" : ""}${chars.slice(0, max).join("")}${chars.length > max ? "…" : ""}`;
}

function referenceExcerpt(body: string, query: string): string | null {
  const text = plainText(body);
  if (text === "") return null;
  const lower = text.toLowerCase();
  const q = query.normalize("NFKC").toLowerCase();
  const terms = new Set<string>(q.match(/[\p{L}\p{N}]{3,}/gu) ?? []);
  for (const run of q.match(/[\u3400-\u9fff\uf900-\ufaff]+/g) ?? []) {
    const chars = [...run];
    if (chars.length === 1) terms.add(run);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
  }
  let at = -1;
  for (const term of [...terms].sort((a, b) => b.length - a.length)) {
    at = lower.indexOf(term);
    if (at >= 0) break;
  }
  if (at <= 60 || text.length <= 240) return referenceCut(text, 0, 240);
  let start = Math.min(at - 60, text.length - 240);
  const space = text.indexOf(" ", start);
  if (space >= 0 && space < at) start = space + 1;
  if (/[\udc00-\udfff]/.test(text[start] ?? "")) start++;
  return referenceCut(text, start, 240);
}

const piece = fc.oneof(
  fc.constantFrom(
    "rates ",
    "semiconductor ",
    "原油",
    "价格",
    "😀",
    "\ud83d",
    "\ude00",
    "# ",
    "**",
    "\n",
    " ",
    "word ",
    "ünïcödé ",
  ),
  fc.string({ maxLength: 8 }),
);
const text = fc.array(piece, { maxLength: 200 }).map((parts) => parts.join(""));

describe("excerpt", () => {
  it("answers as the reference does, for any body and query", () => {
    fc.assert(
      fc.property(
        text,
        fc.constantFrom("semiconductor", "原油", "rates word", "😀 emoji", "nothing"),
        (body, query) => {
          expect(excerpt(body, query)).toBe(referenceExcerpt(body, query));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
