/**
 * SearchService (spec §2.9, §4.1 rule 8, extended): rankings over the archived documents, the query's
 * embedding against the vector index (semantic), its terms against the BM25 index (keyword) and the bilingual
 * bridge's terms for them over notes in the other script (bridge). `hybrid` (the default) fuses them by
 * reciprocal rank, listening to how sure BM25 is (hybrid-order.ts, over one candidate pool: candidate-pool.ts);
 * `keyword` fuses keyword and bridge alone; `semantic` is the cosine ranking alone. Filters (analyst, session,
 * kinds, language, archive dates) are evaluated in memory on the keyword index's copy of each document's fields,
 * and a filtered semantic ranking is exact over the documents that pass, so a filtered query returns top_k
 * whenever that many match. Without the rankings a mode needs, the answer is search_ready false with no results
 * (reason logged once). */
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  ExplanationSchema,
  HighlightSchema,
  RankScoreSchema,
  SearchMatchSchema,
  SearchResponseSchema,
  type SearchService,
} from "../../gen/institute/search/v1/search_pb.js";
import { isZero } from "../../lib/embedding/vector-codec.js";
import { reciprocalRankFusion, type Fused, type Placement } from "../../lib/keyword/fusion.js";
import { keywordQuery } from "../../lib/keyword/keyword-query.js";
import { LANG_GROUPS } from "../../lib/keyword/keyword-runtime.js";
import type { LiveIndex } from "../../lib/vector/live-index.js";
import type { ServiceDeps } from "../deps.js";
import { candidatePool } from "./candidate-pool.js";
import { createDocumentStore, type DocumentStore } from "./document-store.js";
import { createDocumentTexts } from "./document-texts.js";
import { excerptAt, excerptTerms, plainBody, type PlainBody } from "./excerpt.js";
import { BRIDGE, KEYWORD } from "./fusion-weights.js";
import { highlightsOf } from "./highlights.js";
import { hybridOrder } from "./hybrid-order.js";
import { scriptFilter } from "./query-script.js";
import { planSearch, type SearchPlan } from "./search-request.js";

/** Extra matches asked for, in case documents were deleted since the indexes last looked. */
const SLACK = 4;
/** How deep each ranking goes before fusion. */
const FUSION_DEPTH = 40;

type Ranking = { id: string; score: number }[];
type Runtime = NonNullable<ServiceDeps["vectors"]>;

/** A search's fused matches before their texts are read. */
interface Ranked {
  top: Fused[];
  /** The query's terms and the bridge's, for highlights and excerpts. */
  asked: Set<string>;
  added: string[];
}

/** A query's embedding, the index it searches, and whether its embedder matches across languages. */
interface Embedded {
  vector: Float32Array;
  index: LiveIndex;
  crossLingual: boolean;
}

/** Asked at every search (each read gives a new set), so without copying either. */
function sameMembers(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const id of a) if (!b.has(id)) return false;
  return true;
}

/** What a match is answered with. */
interface Matched {
  sessionId: string | null;
  path: string | null;
  title: string | null;
  archivedAt: number | null;
  plain: PlainBody;
}

const placement = (p: Placement | undefined) =>
  p ? create(RankScoreSchema, { rank: p.rank, score: p.score }) : undefined;

export function createSearchService(
  deps: ServiceDeps,
  options: { store?: DocumentStore } = {},
): ServiceImpl<typeof SearchService> {
  const store = options.store ?? createDocumentStore(deps.db);
  const texts = createDocumentTexts(store);
  const rrfK = deps.config.search.rrfK;

  /**
   * The matches' fields and plain texts: from the keyword index's copy of each document's fields and the text cache
   * (one read of the bodies it does not hold), or, while the keyword index is not loaded, from the rows themselves.
   */
  async function matched(ids: string[]): Promise<Map<string, Matched>> {
    const out = new Map<string, Matched>();
    const keywords = deps.vectors?.keywords;
    const index = keywords && deps.vectors!.selection.keywords.includes("documents") ? keywords.documents : null;
    if (index?.ready) {
      const plains = await texts.textsOf(ids.map((id) => ({ id, tx: index.txOf(id) })));
      for (const id of ids) {
        const meta = index.metaOf(id);
        const plain = plains.get(id);
        if (!meta || !plain) continue;
        out.set(id, {
          sessionId: meta.sessionId,
          path: meta.path,
          title: meta.title,
          archivedAt: meta.archivedAt,
          plain,
        });
      }
      return out;
    }
    for (const [id, row] of await store.byIds(ids))
      out.set(id, {
        sessionId: row.session_id,
        path: row.path,
        title: row.title,
        archivedAt: row.archived_at,
        plain: plainBody(row.body),
      });
    return out;
  }

  function answer(
    plan: SearchPlan,
    ready: boolean,
    fused: Fused[] = [],
    rows = new Map<string, Matched>(),
    asked = new Set<string>(),
    added: string[] = [],
  ) {
    const terms = fused.length ? excerptTerms(plan.query, added) : [];
    return create(SearchResponseSchema, {
      query: plan.query,
      searchReady: ready,
      results: fused
        .filter((f) => rows.has(f.id))
        .slice(0, plan.topK)
        .map((f) => {
          const row = rows.get(f.id)!;
          const excerpt = excerptAt(row.plain, terms) ?? undefined;
          const { keyword, bridge, semantic } = f.places;
          const byTerms = keyword ?? bridge;
          return create(SearchMatchSchema, {
            score: f.score,
            sessionId: row.sessionId ?? undefined,
            path: row.path ?? undefined,
            title: row.title ?? undefined,
            excerpt,
            archivedAt: row.archivedAt === null ? undefined : BigInt(row.archivedAt),
            highlights: highlightsOf(excerpt ?? null, asked).map((h) => create(HighlightSchema, h)),
            match: byTerms && semantic ? "both" : byTerms ? "keyword" : "semantic",
            explain: plan.explain
              ? create(ExplanationSchema, {
                  keyword: placement(keyword),
                  semantic: placement(semantic),
                  bridge: placement(bridge),
                  rrfK: plan.mode === "semantic" ? 0 : rrfK,
                })
              : undefined,
          });
        }),
    });
  }

  /** The query's embedding and the index it is searched in; null: not ready (the reason reported). */
  async function embed(plan: SearchPlan, runtime: Runtime): Promise<Embedded | null> {
    const embedder = await runtime.embedder();
    const index = runtime.index("documents");
    if (!embedder || !index) {
      runtime.report(runtime.problem("documents"));
      return null;
    }
    try {
      const [vector] = (await embedder.embed([plan.query])) as [Float32Array];
      runtime.embedSucceeded();
      return { vector, index, crossLingual: embedder.crossLingual !== false };
    } catch (e) {
      runtime.embedFailed((e as Error).message);
      return null;
    }
  }

  /**
   * The best `topK + SLACK` of the fused rankings, the documents in `withdrawn` left out; null: not ready.
   * `embedded` gives the query's embedding (worked out once per search, however often it ranks).
   */
  async function rank(
    plan: SearchPlan,
    runtime: Runtime,
    withdrawn: ReadonlySet<string>,
    embedded: () => Promise<Embedded | null>,
  ): Promise<Ranked | null> {
    const keywords = runtime.keywords;
    const shown = (id: string) => !withdrawn.has(id);
    let allowed: string[] | null = null;
    if (plan.filter) {
      allowed = [];
      for (const [id, meta] of keywords.documents.entries()) if (plan.filter(meta) && shown(id)) allowed.push(id);
    }
    // Unfiltered, the semantic ranking goes as much deeper as there are withdrawn documents, then drops them.
    const depth = Math.max(FUSION_DEPTH, plan.topK + SLACK);

    let semantic: Ranking = [];
    let vectors: { index: LiveIndex; query: Float32Array } | null = null;
    let crossLingual = true;
    if (plan.mode !== "keyword") {
      const query = await embedded();
      if (!query) return null;
      const { vector, index } = query;
      const semanticDepth = plan.mode === "semantic" ? plan.topK + SLACK : depth;
      if (!isZero(vector)) {
        semantic = allowed
          ? index.exact(vector, semanticDepth, allowed)
          : index
              .search(vector, semanticDepth + withdrawn.size)
              .filter((h) => shown(h.id))
              .slice(0, semanticDepth);
        vectors = { index, query: vector };
      }
      crossLingual = query.crossLingual;
    }

    let fused: Fused[] | null = null;
    let asked = new Set<string>();
    let added: string[] = [];
    if (keywords.documents.ready) {
      const bm25 = keywords.documents.bm25;
      const q = keywordQuery(plan.query, bm25, keywords.bridge);
      asked = q.all;
      added = q.added.map((t) => t.term);
      if (plan.mode !== "semantic") {
        const fits = scriptFilter(plan.query);
        const pass = allowed ? new Set(allowed) : null;
        const passes = pass ? (id: string) => pass.has(id) : withdrawn.size > 0 ? shown : undefined;
        const keyword = bm25.search(q.typed, depth, passes);
        // The bridge ranks only the notes the typed terms cannot match: those in another script than the query.
        const otherScript = LANG_GROUPS.map((lang) => !fits(lang));
        const bridge = q.added.length ? bm25.search(q.added, depth, passes, undefined, otherScript) : [];
        if (plan.mode === "keyword")
          fused = reciprocalRankFusion(
            [
              { name: "keyword", hits: keyword, weight: KEYWORD },
              { name: "bridge", hits: bridge, weight: BRIDGE },
            ],
            rrfK,
          );
        else {
          const pool = candidatePool(semantic, keyword, q.typed, bm25, vectors);
          // A candidate without postings (nothing to index, or not indexed yet): its language from its fields.
          const inQueryScript = (id: string) => {
            const group = pool.groupOf.get(id);
            return fits(group === undefined ? keywords.documents.metaOf(id)?.lang : LANG_GROUPS[group]);
          };
          fused = hybridOrder({ ...pool, bridge, inQueryScript, codesOnly: q.codesOnly, crossLingual }, rrfK);
        }
      }
    }
    // The semantic ranking alone: semantic mode, or a keyword index that cannot be asked.
    fused ??= semantic.map((h, i) => ({
      id: h.id,
      score: h.score,
      places: { semantic: { rank: i + 1, score: h.score } },
    }));
    const top: Fused[] = [];
    for (const f of fused) {
      if (top.length === plan.topK + SLACK) break;
      if (shown(f.id)) top.push(f);
    }
    return { top, asked, added };
  }

  /** What the last read of the withdrawn documents found. */
  let lastWithdrawn: ReadonlySet<string> | null = null;

  return {
    async search(request) {
      const plan = planSearch(request);
      const runtime = deps.vectors;
      if (!runtime) return answer(plan, false);
      const keywords = runtime.keywords;
      // Filters are read from the keyword index's copy of the documents' fields, so any filter needs it loaded.
      if ((plan.mode !== "semantic" || plan.filter) && !keywords.documents.ready) {
        runtime.report(keywords.problem());
        return answer(plan, false);
      }
      // A withdrawal holds from its commit, whatever the indexes hold: every answer is checked against a read of the
      // withdrawn documents sent after the call asked (maybe shared with searches asking at the same time). While it
      // is on its way the rankings leave out what the last read found, and in the rare case the two differ they are
      // ranked again. So a search waits for its read beside the matches' texts, not before its rankings.
      const reading = store.withdrawn();
      reading.catch(() => {});
      let withdrawn = lastWithdrawn ?? (await reading);
      let embedding: Promise<Embedded | null> | undefined;
      const embedded = () => (embedding ??= embed(plan, runtime));
      for (;;) {
        const ranked = await rank(plan, runtime, withdrawn, embedded);
        if (!ranked) return answer(plan, false);
        const [now, rows] = await Promise.all([reading, matched(ranked.top.map((f) => f.id))]);
        lastWithdrawn = now;
        if (sameMembers(now, withdrawn)) return answer(plan, true, ranked.top, rows, ranked.asked, ranked.added);
        withdrawn = now;
      }
    },
  };
}
