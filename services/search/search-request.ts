/**
 * A SearchRequest checked and turned into what the service runs: the mode, top_k, and the filters as one
 * predicate over a document's fields. Every refusal is InvalidArgument naming the field, so the gateway answers
 * 400 with it and the tool a validation error. Dates are work dates: 00:00 in Asia/Singapore.
 */
import type { SearchRequest } from "../../gen/institute/search/v1/search_pb.js";
import type { DocumentMeta } from "../../lib/keyword/keyword-runtime.js";
import { isWorkDate, startOfWorkDate } from "../../lib/work-date.js";
import {
  DOCUMENT_LANGS,
  MAX_EPOCH_MS,
  MAX_KIND_CHARS,
  MAX_KINDS,
  MAX_SCOPE_ID_CHARS,
  QUERY_CHARS,
  SEARCH_MODES,
  TOP_K,
  type SearchMode,
} from "./limits.js";
import { invalid } from "../request-checks.js";

export interface SearchPlan {
  query: string;
  topK: number;
  mode: SearchMode;
  explain: boolean;
  /** Null when nothing is filtered. */
  filter: ((meta: DocumentMeta) => boolean) | null;
}

/** Epoch milliseconds from digits or a work date; the field's name in the refusal. */
export function instantOf(field: string, value: string): number {
  if (/^\d{1,13}$/.test(value) && Number(value) <= MAX_EPOCH_MS) return Number(value);
  if (isWorkDate(value)) return startOfWorkDate(value);
  throw invalid(`${field} must be epoch milliseconds or a date YYYY-MM-DD, got "${value.slice(0, 40)}"`);
}

/** A kind with a "/" is a path prefix; a bare word names a folder anywhere in the path ("notes"). */
function kindMatcher(kinds: readonly string[]): (path: string | null) => boolean {
  const prefixes = kinds.filter((k) => k.includes("/"));
  const folders = new Set(kinds.filter((k) => !k.includes("/")));
  return (path) => {
    if (path === null) return false;
    if (prefixes.some((p) => path.startsWith(p))) return true;
    if (folders.size === 0) return false;
    const parts = path.split("/");
    for (let i = 0; i < parts.length - 1; i++) if (folders.has(parts[i]!)) return true;
    return false;
  };
}

export function planSearch(request: SearchRequest): SearchPlan {
  const chars = [...request.query].length;
  if (chars < QUERY_CHARS.min || chars > QUERY_CHARS.max)
    throw invalid(`query must be ${QUERY_CHARS.min} to ${QUERY_CHARS.max} characters, got ${chars}`);
  const topK = request.topK === 0 ? TOP_K.fallback : request.topK;
  if (topK < TOP_K.min || topK > TOP_K.max) throw invalid(`top_k must be ${TOP_K.min} to ${TOP_K.max}, got ${topK}`);
  for (const [name, value] of [
    ["analyst_id", request.analystId],
    ["session_id", request.sessionId],
  ] as const) {
    if (value !== undefined && (value === "" || [...value].length > MAX_SCOPE_ID_CHARS))
      throw invalid(`${name} must be 1 to ${MAX_SCOPE_ID_CHARS} characters`);
  }
  const mode = (request.mode ?? "hybrid") as SearchMode;
  if (!SEARCH_MODES.includes(mode)) throw invalid(`mode must be one of ${SEARCH_MODES.join(", ")}`);
  if (request.lang !== undefined && !(DOCUMENT_LANGS as readonly string[]).includes(request.lang))
    throw invalid(`lang must be one of ${DOCUMENT_LANGS.join(", ")}`);
  if (request.kinds.length > MAX_KINDS) throw invalid(`kinds must have at most ${MAX_KINDS} entries`);
  for (const k of request.kinds)
    if (k === "" || [...k].length > MAX_KIND_CHARS)
      throw invalid(`kinds entries must be 1 to ${MAX_KIND_CHARS} characters`);
  const after = request.archivedAfter === undefined ? undefined : instantOf("archived_after", request.archivedAfter);
  const before =
    request.archivedBefore === undefined ? undefined : instantOf("archived_before", request.archivedBefore);

  const checks: ((m: DocumentMeta) => boolean)[] = [];
  const { analystId, sessionId, lang } = request;
  if (analystId !== undefined) checks.push((m) => m.analystId === analystId);
  if (sessionId !== undefined) checks.push((m) => m.sessionId === sessionId);
  if (lang !== undefined) checks.push((m) => m.lang === lang);
  if (request.kinds.length > 0) {
    const matches = kindMatcher(request.kinds);
    checks.push((m) => matches(m.path));
  }
  if (after !== undefined) checks.push((m) => m.archivedAt !== null && m.archivedAt >= after);
  if (before !== undefined) checks.push((m) => m.archivedAt !== null && m.archivedAt < before);
  const filter = checks.length === 0 ? null : (m: DocumentMeta) => checks.every((c) => c(m));
  return { query: request.query, topK, mode, explain: request.explain, filter };
}
