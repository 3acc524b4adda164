/** The search service's reads of search.documents (SELECT-only pool): matched rows, and the ids in a scope. */
import type { Pool } from "../../lib/db/pool.js";

export interface DocumentRow {
  doc_id: string;
  session_id: string | null;
  path: string | null;
  title: string | null;
  body: string;
  archived_at: number | null;
}

export interface SearchScope {
  analystId?: string | undefined;
  sessionId?: string | undefined;
}

/** Excerpts are cut from the opening of the body; more than this is never read. */
const BODY_READ_CHARS = 20_000;

export interface DocumentStore {
  byIds(ids: readonly string[]): Promise<Map<string, DocumentRow>>;
  /** Every document in the scope (both conditions when both are given). */
  idsInScope(scope: SearchScope): Promise<string[]>;
}

export function createDocumentStore(db: Pool): DocumentStore {
  return {
    async byIds(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<DocumentRow>(
        `SELECT doc_id, session_id, path, title, left(body, ${BODY_READ_CHARS}) AS body, archived_at
         FROM search.documents WHERE doc_id = ANY($1::text[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.doc_id, r]));
    },
    async idsInScope(scope) {
      const conditions: string[] = [];
      const params: string[] = [];
      if (scope.analystId !== undefined) conditions.push(`analyst_id = $${params.push(scope.analystId)}`);
      if (scope.sessionId !== undefined) conditions.push(`session_id = $${params.push(scope.sessionId)}`);
      const { rows } = await db.query<{ doc_id: string }>(`SELECT doc_id FROM search.documents WHERE ${conditions.join(" AND ")}`, params);
      return rows.map((r) => r.doc_id);
    },
  };
}
