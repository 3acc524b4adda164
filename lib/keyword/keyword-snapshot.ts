/**
 * A keyword runtime's snapshot, one file for every table it reads and the bilingual bridge they feed, saved
 * between two refreshes so all of them describe the same moment: per table, the frozen BM25 postings (their
 * vocabulary, row numbers, frequencies and row tables, as typed arrays), each row's filter fields, the transaction
 * of every row seen and the xmin they were read at; then the bridge's terms, counts, pairs and per-row units.
 */
import type { SnapshotPlace } from "../index-snapshot/snapshot-place.js";
import type { Section } from "../index-snapshot/snapshot-file.js";
import type { BridgeParts } from "./bilingual-bridge.js";
import type { Bm25Parts } from "./bm25-index.js";
import { TermTable } from "./term-table.js";
import type { TextIndexParts } from "./live-text-index.js";

export const KEYWORD_SNAPSHOT_VERSION = 1;

export interface KeywordState {
  /** Table name → its index's parts. */
  tables: Record<string, TextIndexParts<unknown>>;
  bridge: BridgeParts | null;
}

function postingSections(prefix: string, p: Bm25Parts): Record<string, Section> {
  return {
    [`${prefix}.chars`]: { text: p.terms.parts.chars },
    [`${prefix}.offsets`]: p.terms.parts.offsets,
    [`${prefix}.slots`]: p.terms.parts.slots,
    [`${prefix}.starts`]: p.starts,
    [`${prefix}.docs`]: p.docs,
    [`${prefix}.tfs`]: p.tfs,
    [`${prefix}.ids`]: { json: p.ids },
    [`${prefix}.lengths`]: p.lengths,
    [`${prefix}.groups`]: p.groups,
  };
}

function typed<T>(contents: Map<string, unknown>, name: string, type: new (n: number) => T): T {
  const v = contents.get(name);
  if (!(v instanceof type)) throw new Error(`section ${name} is missing`);
  return v;
}

function postingsFrom(s: Map<string, unknown>, prefix: string): Bm25Parts {
  const chars = s.get(`${prefix}.chars`);
  const ids = s.get(`${prefix}.ids`);
  if (typeof chars !== "string" || !Array.isArray(ids)) throw new Error(`section ${prefix} is missing`);
  return {
    terms: TermTable.fromParts({
      chars,
      offsets: typed(s, `${prefix}.offsets`, Uint32Array),
      slots: typed(s, `${prefix}.slots`, Int32Array),
    }),
    starts: typed(s, `${prefix}.starts`, Uint32Array),
    docs: typed(s, `${prefix}.docs`, Int32Array),
    tfs: typed(s, `${prefix}.tfs`, Uint16Array),
    ids: ids as string[],
    lengths: typed(s, `${prefix}.lengths`, Uint32Array),
    groups: typed(s, `${prefix}.groups`, Uint8Array),
  };
}

export function saveKeywords(
  place: SnapshotPlace,
  name: string,
  what: string,
  header: Record<string, unknown>,
  state: KeywordState,
): boolean {
  const sections: Record<string, Section> = {};
  const tables: Record<string, { xmin: string; postings: boolean }> = {};
  for (const [table, parts] of Object.entries(state.tables)) {
    tables[table] = { xmin: parts.xmin, postings: parts.postings !== null };
    if (parts.postings) Object.assign(sections, postingSections(table, parts.postings));
    sections[`${table}.meta`] = { json: parts.meta };
    sections[`${table}.seenTx`] = { json: parts.seenTx };
  }
  if (state.bridge) {
    sections["bridge.names"] = { json: state.bridge.names };
    sections["bridge.count"] = state.bridge.count;
    sections["bridge.pairs"] = state.bridge.pairs;
    sections["bridge.rows"] = { json: state.bridge.rows };
  }
  return place.write(
    name,
    what,
    { ...header, version: KEYWORD_SNAPSHOT_VERSION, tables, bridge: state.bridge !== null },
    sections,
  );
}

/** The saved state, or null (the reason logged) when there is none fit to load. */
export function loadKeywords(
  place: SnapshotPlace,
  name: string,
  what: string,
  header: Record<string, unknown>,
): KeywordState | null {
  const contents = place.read(name, what, { ...header, version: KEYWORD_SNAPSHOT_VERSION });
  if (!contents) return null;
  try {
    const s = contents.sections;
    const tables: KeywordState["tables"] = {};
    const listed = contents.header.tables as Record<string, { xmin: string; postings: boolean }>;
    for (const [table, { xmin, postings }] of Object.entries(listed)) {
      const meta = s.get(`${table}.meta`);
      const seenTx = s.get(`${table}.seenTx`);
      if (!Array.isArray(meta) || !Array.isArray(seenTx) || !/^\d+$/.test(xmin))
        throw new Error(`the tables of ${table} are malformed`);
      tables[table] = {
        postings: postings ? postingsFrom(s, table) : null,
        meta: meta as [string, unknown][],
        seenTx: seenTx as [string, string][],
        xmin,
      };
    }
    let bridge: BridgeParts | null = null;
    if (contents.header.bridge) {
      const names = s.get("bridge.names");
      const rows = s.get("bridge.rows");
      if (!Array.isArray(names) || !Array.isArray(rows)) throw new Error("the bridge's tables are malformed");
      bridge = {
        names: names as string[],
        count: typed(s, "bridge.count", Int32Array),
        pairs: typed(s, "bridge.pairs", Int32Array),
        rows: rows as BridgeParts["rows"],
      };
    }
    return { tables, bridge };
  } catch (e) {
    place.rejected(name, what, (e as Error).message);
    return null;
  }
}
