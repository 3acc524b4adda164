/**
 * The off-the-shelf comparison: Orama (`@orama/orama`, BM25 and vector hybrid search in JavaScript, in process, what
 * a Node user would pick instead), loaded with the same notes (title and body) and the same stored vectors, asked
 * the same judged queries in hybrid mode, one at a time, in the same run as the service.
 *
 * Set up as fairly as we know how: Orama's own tokenizer splits on non-word characters and does not segment
 * Chinese (its Mandarin tokenizer is a separate package), so it is given this project's tokenizer
 * (lib/keyword/tokenize.ts: Intl.Segmenter words and character pairs, stems, exact codes), for documents and queries
 * alike: both engines see the same terms. Its vector search gets each query's vector from the same embedder, and no
 * similarity floor (it would drop every note under a cosine of 0.8 by default; the service has none). Hybrid weights
 * are Orama's defaults (0.5 and 0.5), its BM25 parameters (k 1.2, b 0.75) the service's.
 */
import { create, insertMultiple, search, type AnyOrama } from "@orama/orama";
import type { Pool } from "../../lib/db/pool.js";
import { decodeVector } from "../../lib/embedding/vector-codec.js";
import { terms } from "../../lib/keyword/tokenize.js";
import { createHashedNgramEmbedder } from "../../lib/embedding/hashed-ngram-embedder.js";
import { time, type Timing } from "../stats.js";
import type { JudgedQuery } from "./judged-queries.js";
import { mean, scoreRanking, type Scores } from "./metrics.js";

const K = 8;

export interface OramaRun {
  buildMs: number;
  latency: Timing;
  scores: Scores;
}

/** The same tokens for Orama as for the service's keyword index. */
const tokenizer = {
  language: "english",
  normalizationCache: new Map<string, string>(),
  tokenize: (raw: string) => terms(raw),
};

export async function oramaRun(db: Pool, queries: readonly JudgedQuery[]): Promise<OramaRun> {
  const embedder = createHashedNgramEmbedder();
  const { rows } = await db.query<{ doc_id: string; title: string | null; body: string; embedding: Buffer }>(
    `SELECT d.doc_id, d.title, left(d.body, 20000) AS body, e.embedding FROM search.documents d
       JOIN search.document_embeddings e USING (doc_id) WHERE e.status = 'done' AND e.model = $1 ORDER BY d.doc_id`,
    [embedder.model],
  );
  const started = performance.now();
  const orama: AnyOrama = create({
    schema: { title: "string", body: "string", embedding: `vector[${embedder.dimensions}]` },
    components: { tokenizer },
  });
  for (let i = 0; i < rows.length; i += 5000) {
    await insertMultiple(
      orama,
      rows.slice(i, i + 5000).map((r) => ({
        id: r.doc_id,
        title: r.title ?? "",
        body: r.body,
        embedding: Array.from(decodeVector(r.embedding)),
      })),
    );
  }
  const buildMs = performance.now() - started;
  const vectors = await embedder.embed(queries.map((q) => q.query));
  const ask = (i: number) =>
    search(orama, {
      mode: "hybrid",
      term: queries[i]!.query,
      vector: { value: Array.from(vectors[i]!), property: "embedding" },
      properties: ["title", "body"],
      similarity: 0,
      relevance: { k: 1.2, b: 0.75, d: 0.5 },
      limit: K,
    });
  const indexes = queries.map((_, i) => i);
  for (const i of indexes.slice(0, 20)) await ask(i);
  const perQuery: Scores[] = [];
  const latency = await time(indexes, async (i) => {
    const res = await ask(i);
    perQuery.push(
      scoreRanking(
        res.hits.map((h) => String(h.id)),
        queries[i]!.grades,
        K,
      ),
    );
  });
  return { buildMs, latency, scores: mean(perQuery) };
}
