/**
 * The hand-written search route: the same embedder and in-process vector index the service uses (a user would
 * use the same library), then one SQL query for the matched documents.
 */
import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { createHashedNgramEmbedder } from "../../../lib/embedding/hashed-ngram-embedder.js";
import { VectorRuntime } from "../../../lib/vector/vector-runtime.js";
import { excerpt } from "../../../services/search/excerpt.js";

const DOCUMENTS =
  "SELECT doc_id, session_id, path, title, left(body, 20000) AS body, archived_at FROM search.documents WHERE doc_id = ANY($1::text[])";

export async function searchRoutes(app: FastifyInstance, pool: pg.Pool) {
  const runtime = new VectorRuntime({ db: pool, config: { embeddings: null, indexRefreshMs: 0 } });
  await runtime.start();
  app.addHook("onClose", () => runtime.stop());
  const embedder = createHashedNgramEmbedder();

  app.post<{ Body: { query: string; top_k?: number } }>(
    "/api/v1/search",
    {
      config: { scope: "search:read" },
      schema: {
        body: {
          type: "object",
          properties: {
            query: { type: "string", minLength: 1, maxLength: 1000 },
            top_k: { type: "integer", minimum: 1, maximum: 50, default: 8 },
          },
          required: ["query"],
        },
      },
    },
    async (request) => {
      const { query, top_k: topK = 8 } = request.body;
      const [vector] = await embedder.embed([query]);
      const hits = runtime.index("documents")!.search(vector!, topK + 4);
      const { rows } = await pool.query({ name: "documents", text: DOCUMENTS, values: [hits.map((h) => h.id)] });
      const byId = new Map(rows.map((r) => [r.doc_id, r]));
      const results = hits
        .filter((h) => byId.has(h.id))
        .slice(0, topK)
        .map((h) => {
          const r = byId.get(h.id)!;
          return {
            score: h.score,
            session_id: r.session_id,
            path: r.path,
            title: r.title,
            excerpt: excerpt(r.body, query) ?? null,
            archived_at: r.archived_at,
          };
        });
      return { query, search_ready: true, results };
    },
  );
}
