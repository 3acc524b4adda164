/**
 * Reading the change log (migrations/001_change_log.sql) in its order, (xid, pos), up to the horizon: only entries
 * of transactions below this statement's snapshot xmin, all of which have ended, so nothing can later appear before
 * what was handed out. A page is `limit` entries after a position; the position of its last entry resumes it.
 */
import type { Pool } from "../db/pool.js";

export interface Change {
  kind: string;
  id: string;
  change: "upserted" | "withdrawn";
  /** Epoch milliseconds: when the writer recorded it (for the reader's information; the order is not by time). */
  at: number;
}

export interface ChangePage {
  changes: Change[];
  /** Where the page ends: `<xid>:<pos>` of its last entry, or the position asked from when it is empty. */
  position: string;
  /** Whether more entries are ready beyond the page now. */
  hasMore: boolean;
}

/** Before every entry. */
export const START = "0:0";
const POSITION = /^(\d{1,20}):(\d{1,19})$/;

export const isPosition = (text: string) => POSITION.test(text);

// The horizon is read by the same statement (one snapshot), so every entry below it is visible to it. The order names
// the table's columns: a bare `ORDER BY xid, pos` would sort by the text the SELECT list makes of them ("10" < "9").
const PAGE = `
  SELECT l.xid::text AS xid, l.pos::text AS pos, l.kind, l.id, l.change, l.at
    FROM changes.log l
   WHERE (l.xid, l.pos) > ($1::text::xid8, $2::bigint)
     AND l.xid < pg_snapshot_xmin(pg_current_snapshot())
     AND l.kind = ANY ($3::text[])
   ORDER BY l.xid, l.pos
   LIMIT $4`;

export async function readChanges(
  db: Pool,
  options: { after: string; kinds: readonly string[]; limit: number },
): Promise<ChangePage> {
  const [, xid, pos] = POSITION.exec(options.after) ?? [];
  if (xid === undefined) throw new Error(`not a change-log position: ${options.after}`);
  const { rows } = await db.query({
    name: "changes.page",
    text: PAGE,
    values: [xid, pos, options.kinds, options.limit + 1],
  });
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    changes: page.map((r) => ({ kind: r.kind, id: r.id, change: r.change, at: Number(r.at) })),
    position: last ? `${last.xid}:${last.pos}` : options.after,
    hasMore: rows.length > options.limit,
  };
}
