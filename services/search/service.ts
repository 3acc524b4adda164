/**
 * SearchService (spec §2.9, §4.1 rule 8): the query is embedded and its top-K cosine matches come from the
 * in-process vector index over archived documents. A scope (analyst_id, session_id) is resolved in the
 * database and searched exactly, so a scoped query returns top_k results whenever that many matches exist.
 * Without an embedder or an index the answer is search_ready false with no results (the reason logged once).
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, type ServiceImpl } from "@connectrpc/connect";
import { SearchMatchSchema, SearchResponseSchema, type SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { isZero } from "../../lib/embedding/vector-codec.js";
import type { ScoredId } from "../../lib/vector/live-index.js";
import type { ServiceDeps } from "../deps.js";
import { createDocumentStore, type DocumentStore } from "./document-store.js";
import { excerptOf } from "./excerpt.js";
import { createPlainTextCache } from "./plain-text-cache.js";
import { MAX_SCOPE_ID_CHARS, QUERY_CHARS, TOP_K } from "./limits.js";

/** Extra approximate matches asked for, in case documents were deleted since the index last looked. */
const SLACK = 4;

function validate(request: { query: string; topK: number; analystId?: string | undefined; sessionId?: string | undefined }) {
  const chars = [...request.query].length;
  if (chars < QUERY_CHARS.min || chars > QUERY_CHARS.max) {
    throw new ConnectError(`query must be ${QUERY_CHARS.min} to ${QUERY_CHARS.max} characters, got ${chars}`, Code.InvalidArgument);
  }
  const topK = request.topK === 0 ? TOP_K.fallback : request.topK;
  if (topK < TOP_K.min || topK > TOP_K.max) throw new ConnectError(`top_k must be ${TOP_K.min} to ${TOP_K.max}, got ${topK}`, Code.InvalidArgument);
  for (const [name, value] of [["analyst_id", request.analystId], ["session_id", request.sessionId]] as const) {
    if (value !== undefined && (value === "" || [...value].length > MAX_SCOPE_ID_CHARS)) throw new ConnectError(`${name} must be 1 to ${MAX_SCOPE_ID_CHARS} characters`, Code.InvalidArgument);
  }
  return topK;
}

export function createSearchService(deps: ServiceDeps, options: { store?: DocumentStore } = {}): ServiceImpl<typeof SearchService> {
  const store = options.store ?? createDocumentStore(deps.db);
  const plains = createPlainTextCache();
  return {
    async search(request) {
      const topK = validate(request);
      const { query } = request;
      const answer = (ready: boolean, hits: ScoredId[] = [], rows = new Map()) =>
        create(SearchResponseSchema, {
          query,
          searchReady: ready,
          results: hits
            .filter((h) => rows.has(h.id))
            .slice(0, topK)
            .map((h) => {
              const row = rows.get(h.id)!;
              return create(SearchMatchSchema, {
                score: h.score,
                sessionId: row.session_id ?? undefined,
                path: row.path ?? undefined,
                title: row.title ?? undefined,
                excerpt: excerptOf(plains.plainOf(row.doc_id, row.body), query) ?? undefined,
                archivedAt: row.archived_at === null ? undefined : BigInt(row.archived_at),
              });
            }),
        });
      const runtime = deps.vectors;
      if (!runtime) return answer(false);
      const embedder = await runtime.embedder();
      const index = runtime.index("documents");
      if (!embedder || !index) {
        runtime.report(runtime.problem("documents"));
        return answer(false);
      }
      let vector: Float32Array;
      try {
        [vector] = (await embedder.embed([query])) as [Float32Array];
        runtime.embedSucceeded();
      } catch (e) {
        runtime.embedFailed((e as Error).message);
        return answer(false);
      }
      if (isZero(vector)) return answer(true);
      const scoped = request.analystId !== undefined || request.sessionId !== undefined;
      const hits = scoped
        ? index.exact(vector, topK, await store.idsInScope({ analystId: request.analystId, sessionId: request.sessionId }))
        : index.search(vector, topK + SLACK);
      return answer(true, hits, await store.byIds(hits.map((h) => h.id)));
    },
  };
}
