/**
 * A match's excerpt: about 240 characters of the body, plain text, around the first place where a word of the
 * query occurs (the longest such word wins), else from the start. CJK queries are matched by character pairs.
 */
const MAX_CHARS = 240;
const LEAD_CHARS = 60;
const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const WORD = /[\p{L}\p{N}]{3,}/gu;

/** Markdown markers and runs of whitespace go; the words stay. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, "")
    .replace(/[*_`|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function queryTerms(query: string): string[] {
  const q = query.normalize("NFKC").toLowerCase();
  const terms = new Set<string>(q.match(WORD) ?? []);
  for (const run of q.match(CJK_RUN) ?? []) {
    const chars = [...run];
    if (chars.length === 1) terms.add(run);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

/** Code-point-safe cut of at most `max` characters from `start` (a UTF-16 index). */
function cut(text: string, start: number, max: number): string {
  const chars = Array.from(text.slice(start));
  const body = chars.slice(0, max).join("");
  return `${start > 0 ? "…" : ""}${body}${chars.length > max ? "…" : ""}`;
}

export function excerpt(body: string, query: string): string | null {
  const text = plainText(body);
  if (text === "") return null;
  const lower = text.toLowerCase();
  let at = -1;
  for (const term of queryTerms(query)) {
    at = lower.indexOf(term);
    if (at >= 0) break;
  }
  if (at <= LEAD_CHARS || text.length <= MAX_CHARS) return cut(text, 0, MAX_CHARS);
  // The window ends at most at the end of the text, so a match near the end still shows a full excerpt.
  let start = Math.min(at - LEAD_CHARS, text.length - MAX_CHARS);
  const space = text.indexOf(" ", start);
  if (space >= 0 && space < at) start = space + 1;
  if (/[\udc00-\udfff]/.test(text[start] ?? "")) start++;
  return cut(text, start, MAX_CHARS);
}
