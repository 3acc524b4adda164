/**
 * A match's excerpt: about 240 characters of the body, plain text, around the first place where a word of the
 * query occurs (the longest such word wins), else where an added term occurs (a bilingual bridge's term, so a
 * Chinese query shows the English passage that matched), else from the start. CJK queries are matched by
 * character pairs.
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

/** Code-point-safe cut of at most `max` characters from `start` (a UTF-16 index); walks only what it keeps. */
function cut(text: string, start: number, max: number): string {
  let end = start;
  for (let n = 0; n < max && end < text.length; n++) {
    const unit = text.charCodeAt(end);
    const pair =
      unit >= 0xd800 && unit <= 0xdbff && end + 1 < text.length && (text.charCodeAt(end + 1) & 0xfc00) === 0xdc00;
    end += pair ? 2 : 1;
  }
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}

/** A body as the excerpt reads it: its plain text, and that text lowercased (where query words are looked for). */
export interface PlainBody {
  text: string;
  lower: string;
}

export function plainBody(body: string): PlainBody {
  const text = plainText(body);
  return { text, lower: text.toLowerCase() };
}

export function excerpt(body: string, query: string): string | null {
  return excerptOf(plainBody(body), query);
}

/**
 * What an excerpt is placed by, in the order it looks for them: the query's words, longest first, then the added
 * terms, longest first. The same for every match of a search, so worked out once per search (excerptAt).
 */
export function excerptTerms(query: string, added: readonly string[] = []): string[] {
  return [...queryTerms(query), ...[...added].sort((a, b) => b.length - a.length)];
}

/** The excerpt of a body already made plain (the search service keeps them; see document-texts.ts). */
export function excerptOf(plain: PlainBody, query: string, added: readonly string[] = []): string | null {
  return excerptAt(plain, excerptTerms(query, added));
}

/** The excerpt of a plain body around the first of `terms` (excerptTerms) it holds. */
export function excerptAt({ text, lower }: PlainBody, terms: readonly string[]): string | null {
  if (text === "") return null;
  let at = -1;
  for (const term of terms) {
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
