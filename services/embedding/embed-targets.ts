/**
 * What the embed job embeds: archived documents (search) and fact cards' English claim text (factcard).
 * Each target says, in SQL, the text of a row and where its vector goes. A row needs embedding when it has no
 * vector row, or one of another model or dimension, or of other text (md5), or one that failed.
 */
import type pg from "pg";

export type EmbedStatus = "done" | "failed" | "skipped";

export interface PendingRow {
  id: string;
  text: string;
  md5: string;
}

export interface EmbedResult {
  id: string;
  status: EmbedStatus;
  embedding: Buffer | null;
  md5: string;
  error: string | null;
}

export interface EmbedTarget {
  name: "documents" | "factCards";
  /**
   * Rows after `afterId` (id order) that need embedding for this model. The vectors' side of the join repeats the
   * `> afterId` bound: without it PostgreSQL's merge join read the vectors' index from its first row on every page,
   * which made a run quadratic in the archive (half-way through 100,000 documents a page took 137 ms, not 18).
   */
  pending(db: pg.Pool, model: string, dimensions: number, afterId: string, limit: number): Promise<PendingRow[]>;
  /** Before a run: rows whose status must change to 'pending' to stay truthful (fact cards only). */
  markStale?(db: pg.Pool, model: string, dimensions: number): Promise<number>;
  write(client: pg.PoolClient, model: string, dimensions: number, now: number, results: EmbedResult[]): Promise<void>;
}

/** The documents' text: the title, a blank line, then the body; the first 2000 characters are embedded. */
export const DOCUMENT_TEXT_SQL = `left(concat_ws(E'\\n\\n', nullif(d.title, ''), d.body), 2000)`;

function upsertSql(table: string, idColumn: string, source: string, sourceId: string): string {
  return `INSERT INTO ${table} (${idColumn}, model, dimensions, status, embedding, source_md5, error, embedded_at, tx)
    SELECT u.id, $1, $2, u.status, u.embedding, u.md5, u.error, $3, pg_current_xact_id()
    FROM unnest($4::text[], $5::text[], $6::bytea[], $7::text[], $8::text[]) AS u(id, status, embedding, md5, error)
    JOIN ${source} ON ${sourceId} = u.id
    ON CONFLICT (${idColumn}) DO UPDATE SET model = excluded.model, dimensions = excluded.dimensions, status = excluded.status,
      embedding = excluded.embedding, source_md5 = excluded.source_md5, error = excluded.error,
      embedded_at = excluded.embedded_at, tx = excluded.tx`;
}

const columns = (results: EmbedResult[]) => [
  results.map((r) => r.id),
  results.map((r) => r.status),
  results.map((r) => r.embedding),
  results.map((r) => r.md5),
  results.map((r) => r.error),
];

export const documentsTarget: EmbedTarget = {
  name: "documents",
  async pending(db, model, dimensions, afterId, limit) {
    const { rows } = await db.query<PendingRow>(
      `SELECT s.id, s.text, md5(s.text) AS md5
       FROM (SELECT d.doc_id AS id, ${DOCUMENT_TEXT_SQL} AS text FROM search.documents d WHERE d.doc_id > $3) s
       LEFT JOIN search.document_embeddings e ON e.doc_id = s.id AND e.doc_id > $3
       WHERE e.doc_id IS NULL OR e.model <> $1 OR e.dimensions <> $2 OR e.status = 'failed' OR e.source_md5 <> md5(s.text)
       ORDER BY s.id LIMIT $4`,
      [model, dimensions, afterId, limit],
    );
    return rows;
  },
  async write(client, model, dimensions, now, results) {
    await client.query(upsertSql("search.document_embeddings", "doc_id", "search.documents d", "d.doc_id"), [
      model,
      dimensions,
      now,
      ...columns(results),
    ]);
  },
};

export const factCardsTarget: EmbedTarget = {
  name: "factCards",
  async pending(db, model, dimensions, afterId, limit) {
    const { rows } = await db.query<PendingRow>(
      `SELECT s.id, s.text, md5(s.text) AS md5
       FROM (SELECT c.fact_card_id AS id, c.claim_text_en AS text, c.embedding_status FROM factcard.fact_cards c WHERE c.fact_card_id > $3) s
       LEFT JOIN factcard.fact_card_embeddings e ON e.fact_card_id = s.id AND e.fact_card_id > $3
       WHERE e.fact_card_id IS NULL OR e.model <> $1 OR e.dimensions <> $2 OR e.status = 'failed' OR e.source_md5 <> md5(s.text)
          OR s.embedding_status <> e.status
       ORDER BY s.id LIMIT $4`,
      [model, dimensions, afterId, limit],
    );
    return rows;
  },
  async markStale(db, model, dimensions) {
    // A card whose vector is missing or of another model is 'pending' until this run gets to it.
    const { rowCount } = await db.query(
      `UPDATE factcard.fact_cards c SET embedding_status = 'pending'
       WHERE c.embedding_status <> 'pending' AND NOT EXISTS (
         SELECT 1 FROM factcard.fact_card_embeddings e WHERE e.fact_card_id = c.fact_card_id AND e.model = $1 AND e.dimensions = $2)`,
      [model, dimensions],
    );
    return rowCount ?? 0;
  },
  async write(client, model, dimensions, now, results) {
    await client.query(
      upsertSql("factcard.fact_card_embeddings", "fact_card_id", "factcard.fact_cards c", "c.fact_card_id"),
      [model, dimensions, now, ...columns(results)],
    );
    await client.query(
      `UPDATE factcard.fact_cards c SET embedding_status = u.status
       FROM unnest($1::text[], $2::text[]) AS u(id, status)
       WHERE c.fact_card_id = u.id AND c.embedding_status <> u.status`,
      [results.map((r) => r.id), results.map((r) => r.status)],
    );
  },
};
