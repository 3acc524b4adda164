/**
 * Readership (usage.readership): which published items (daily and weekly reports, card reports, threads) each
 * credential read, how often, through which surface, first and last; and the same as CSV for the console's export.
 */
import type { Queryable } from "../audit/audit-log.js";
import type { ItemKind } from "./tallies.js";

export interface ItemReadership {
  kind: ItemKind;
  /** daily: the work date; weekly: `<week's Monday>/<analyst id>`; card: the card id; thread: the board id. */
  id: string;
  credential: string;
  reads: number;
  restReads: number;
  mcpReads: number;
  firstReadAt: number;
  lastReadAt: number;
}

export interface ReadershipQuery {
  kind?: ItemKind;
  /** One item (with `kind`). */
  id?: string;
  credential?: string;
  /** Rows at most; default 1000. */
  limit?: number;
}

/** One row per item and credential (both surfaces summed), most recently read first, then the most read. */
export async function readershipByItem(q: Queryable, query: ReadershipQuery = {}): Promise<ItemReadership[]> {
  const { rows } = await q.query(
    `SELECT item_kind, item_id, credential, sum(reads)::bigint AS reads,
            coalesce(sum(reads) FILTER (WHERE surface = 'rest'), 0)::bigint AS rest_reads,
            coalesce(sum(reads) FILTER (WHERE surface = 'mcp'), 0)::bigint AS mcp_reads,
            min(first_read_at) AS first_read_at, max(last_read_at) AS last_read_at
       FROM usage.readership
      WHERE ($1::text IS NULL OR item_kind = $1) AND ($2::text IS NULL OR item_id = $2)
        AND ($3::text IS NULL OR credential = $3)
      GROUP BY item_kind, item_id, credential
      ORDER BY last_read_at DESC, reads DESC, item_kind, item_id, credential
      LIMIT $4`,
    [query.kind ?? null, query.id ?? null, query.credential ?? null, query.limit ?? 1000],
  );
  return rows.map((r) => ({
    kind: r.item_kind,
    id: r.item_id,
    credential: r.credential,
    reads: Number(r.reads),
    restReads: Number(r.rest_reads),
    mcpReads: Number(r.mcp_reads),
    firstReadAt: Number(r.first_read_at),
    lastReadAt: Number(r.last_read_at),
  }));
}

const CSV_HEADER = "item_kind,item_id,credential,reads,rest_reads,mcp_reads,first_read_at,last_read_at";

/** RFC 4180 quoting; a cell a spreadsheet would run as a formula (=, +, -, @) is prefixed with a quote mark. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as CSV (header first, CRLF line ends, times in ISO 8601 UTC). */
export function readershipCsv(rows: readonly ItemReadership[]): string {
  const lines = rows.map((r) =>
    [
      r.kind,
      cell(r.id),
      cell(r.credential),
      String(r.reads),
      String(r.restReads),
      String(r.mcpReads),
      new Date(r.firstReadAt).toISOString(),
      new Date(r.lastReadAt).toISOString(),
    ].join(","),
  );
  return [CSV_HEADER, ...lines].join("\r\n") + "\r\n";
}
