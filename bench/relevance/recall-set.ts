/**
 * What recall@8 is measured on, alike in every run: the archive's stored float32 vectors, the document titles asked
 * as queries (the first `count` by md5 of their id, so two runs over the same archive ask the same ones), and each
 * query's exact top 8 over those vectors.
 */
import type { Pool } from "pg";
import type { Embedder } from "../../lib/embedding/embedder.js";
import { decodeVector } from "../../lib/embedding/vector-codec.js";
import { exactTops } from "./library-run.js";

export interface RecallSet {
  ids: string[];
  titles: string[];
  vectors: Float32Array[];
  queries: Float32Array[];
  truth: { score: number }[][];
}

export async function recallSet(db: Pool, embedder: Embedder, count: number): Promise<RecallSet> {
  const { rows } = await db.query<{ doc_id: string; embedding: Buffer }>(
    "SELECT doc_id, embedding FROM search.document_embeddings WHERE status = 'done' ORDER BY doc_id",
  );
  const ids = rows.map((r) => r.doc_id);
  const vectors = rows.map((r) => decodeVector(r.embedding));
  rows.length = 0;
  const titles = (
    await db.query<{ title: string }>(
      "SELECT title FROM search.documents WHERE title <> '' ORDER BY md5(doc_id) LIMIT $1",
      [count],
    )
  ).rows.map((r) => r.title);
  const queries = await embedder.embed(titles);
  return { ids, titles, vectors, queries, truth: exactTops(queries, ids, vectors) };
}
