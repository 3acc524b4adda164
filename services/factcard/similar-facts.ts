/**
 * ListSimilarFacts (spec §4.1 rule 9): the nearest neighbours of a card's English claim text, the card itself
 * excluded. The card's stored vector is used when the index has it (it is the embedding of that text), else
 * the text is embedded now. With same_category the card's category is resolved in the database and searched
 * exactly, so top_k neighbours come back whenever the category has that many. With `mode` the card is ranked
 * as search ranks (similar-by-mode.ts); without it, nothing here changes.
 */
import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  ListSimilarFactsResponseSchema,
  ReusePolicySchema,
  SimilarFactMatchSchema,
  type ListSimilarFactsRequest,
  type ListSimilarFactsResponse,
} from "../../gen/institute/factcard/v1/factcard_pb.js";
import { isZero } from "../../lib/embedding/vector-codec.js";
import type { LiveIndex, ScoredId } from "../../lib/vector/live-index.js";
import type { ServiceDeps } from "../deps.js";
import type { FactCardRow, FactCardStore } from "./fact-card-store.js";
import { similarByMode } from "./similar-by-mode.js";
import { MAX_CLAIM_TEXT, SIMILAR_TOP_K } from "./vocabulary.js";
import { invalid, notFound } from "../request-checks.js";

const SLACK = 4;

/** What neighbours are found for: a stored card, or a claim text standing in for one (no id, no category of its own). */
export type SimilarSubject = Pick<FactCardRow, "fact_card_id" | "claim_text" | "claim_text_en" | "claim_category">;

export async function queryVector(
  deps: ServiceDeps,
  card: Pick<SimilarSubject, "fact_card_id" | "claim_text_en">,
): Promise<{ vector: Float32Array | null; search: LiveIndex }> {
  const runtime = deps.vectors;
  const unavailable = (why: string | null) =>
    new ConnectError(`similar facts are unavailable: ${why ?? "no vector index is configured"}`, Code.Unavailable);
  if (!runtime) throw unavailable(null);
  const embedder = await runtime.embedder();
  const index = runtime.index("factCards");
  if (!embedder || !index) {
    const problem = runtime.problem("factCards");
    runtime.report(problem);
    throw unavailable(problem);
  }
  const stored = index.vectorOf(card.fact_card_id);
  if (stored) return { vector: stored, search: index };
  if (card.claim_text_en.trim() === "") return { vector: null, search: index };
  try {
    const [vector] = await embedder.embed([card.claim_text_en]);
    runtime.embedSucceeded();
    return { vector: vector!, search: index };
  } catch (e) {
    runtime.embedFailed((e as Error).message);
    throw unavailable((e as Error).message);
  }
}

/** The spec's neighbours: cosine of the English claim's vector, exact within the category when asked. */
async function cosineNeighbours(
  deps: ServiceDeps,
  store: FactCardStore,
  card: SimilarSubject,
  topK: number,
  sameCategory: boolean,
  withdrawn: ReadonlySet<string>,
): Promise<ScoredId[]> {
  const id = card.fact_card_id;
  const { vector, search } = await queryVector(deps, card);
  if (!vector || isZero(vector)) return [];
  return sameCategory
    ? search.exact(
        vector,
        topK,
        (await store.idsInCategory(card.claim_category)).filter((other) => other !== id && !withdrawn.has(other)),
      )
    : search.search(vector, topK + SLACK, new Set([id, ...withdrawn]));
}

async function subjectOf(store: FactCardStore, request: ListSimilarFactsRequest): Promise<SimilarSubject> {
  const id = request.factCardId;
  if (id !== "" && request.claimText !== "") throw invalid("give fact_card_id or claim_text, not both");
  if (id === "" && request.claimText === "") throw invalid("fact_card_id or claim_text is required");
  if (id === "") {
    const text = request.claimText.trim();
    if (text === "" || [...text].length > MAX_CLAIM_TEXT)
      throw invalid(`claim_text must be 1 to ${MAX_CLAIM_TEXT} characters`);
    if (request.sameCategory) throw invalid("same_category needs a fact card: a claim text has no category");
    return { fact_card_id: "", claim_text: text, claim_text_en: text, claim_category: "prose" };
  }
  const card = await store.get(id);
  if (!card && (await store.isWithdrawn(id))) throw notFound(`fact card ${id} was withdrawn`);
  if (!card) throw notFound(`no fact card ${id}`);
  return card;
}

export async function listSimilarFacts(
  deps: ServiceDeps,
  store: FactCardStore,
  request: ListSimilarFactsRequest,
): Promise<ListSimilarFactsResponse> {
  const topK = request.topK === 0 ? SIMILAR_TOP_K.fallback : request.topK;
  if (topK < SIMILAR_TOP_K.min || topK > SIMILAR_TOP_K.max) {
    throw invalid(`top_k must be ${SIMILAR_TOP_K.min} to ${SIMILAR_TOP_K.max}, got ${topK}`);
  }
  // Withdrawn cards are read at each request, so a withdrawal holds from its commit, whatever the indexes hold; the
  // read goes out with the card's, not after it.
  const reading = store.withdrawn();
  reading.catch(() => {});
  const card = await subjectOf(store, request);
  const id = card.fact_card_id;
  const withdrawn = await reading;
  const hits =
    request.mode === undefined
      ? await cosineNeighbours(deps, store, card, topK, request.sameCategory, withdrawn)
      : await similarByMode(
          deps,
          card,
          request.mode,
          topK + SLACK,
          request.sameCategory ? () => store.idsInCategory(card.claim_category) : null,
          () => queryVector(deps, card),
          withdrawn,
        );
  const rows = await store.byIds(hits.map((h) => h.id));
  const matches = hits
    .filter((h) => rows.has(h.id) && (!request.sameCategory || rows.get(h.id)!.claim_category === card.claim_category))
    .slice(0, topK)
    .map((h) => {
      const row = rows.get(h.id)!;
      return create(SimilarFactMatchSchema, {
        factCardId: row.fact_card_id,
        score: h.score,
        claimCategory: row.claim_category,
        verdict: row.verdict ?? undefined,
        claimTextEn: row.claim_text_en,
        completedAt: row.completed_at === null ? undefined : BigInt(row.completed_at),
      });
    });
  const reusePolicy = Object.fromEntries(
    Object.entries(deps.config.search.reusePolicy).map(([category, p]) => [
      category,
      create(ReusePolicySchema, { threshold: p.threshold, ttlDays: p.ttlDays }),
    ]),
  );
  return create(ListSimilarFactsResponseSchema, { factCardId: id, count: matches.length, matches, reusePolicy });
}
