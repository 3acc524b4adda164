/**
 * Fact cards (spec §2.10, §4.1 rule 9, scope factcards:read): the keyset-paged list (the service signs the cursor
 * and over-fetches by one row, issuing next_cursor exactly when more exist), one card, and a card's (or a claim
 * text's) nearest neighbours with the reuse policy.
 */
import {
  FactCardSchema,
  ListFactCardsResponseSchema,
  ListSimilarFactsResponseSchema,
} from "../../gen/institute/factcard/v1/factcard_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import {
  CLAIM_CATEGORIES,
  FACT_CARD_STATUSES,
  LIST_LIMIT,
  MAX_CLAIM_TEXT,
  PARENT_KINDS,
  SIMILAR_TOP_K,
  VERDICTS,
} from "../../services/factcard/vocabulary.js";
import {
  factCard,
  listFactCardsQuery,
  listFactCardsResponse,
  similarFactsQuery,
  similarFactsResponse,
  type ListFactCardsQuery,
} from "../schemas/factcards.js";
import { enumInput, idInput, input, limitInput } from "./input-schemas.js";
import type { Operation } from "./operation.js";
import { required } from "./service-answers.js";

const scope = "factcards:read";
export const FACTCARDS_BOUND = { default: LIST_LIMIT.fallback, max: LIST_LIMIT.max };
const { cursor: factCardCursor, parent_id } = listFactCardsQuery.properties;
const factCardId = idInput("The fact card's id.");

export const listFactCards: Operation<ListFactCardsQuery> = {
  route: { method: "GET", path: "/api/v1/factcards" },
  tool: "factcards_list",
  scope,
  input: input({
    parent_kind: enumInput(PARENT_KINDS, "Only cards of this parent kind."),
    parent_id: { ...parent_id, description: "Only cards of this parent." },
    status: enumInput(FACT_CARD_STATUSES, "Only cards in this status."),
    claim_category: enumInput(CLAIM_CATEGORIES, "Only claims of this category."),
    verdict: enumInput(VERDICTS, "Only cards with this verdict."),
    limit: limitInput(FACTCARDS_BOUND, "fact cards"),
    cursor: { ...factCardCursor, description: "The previous page's next_cursor (same filters)." },
  }),
  output: listFactCardsResponse,
  async call(q, clients) {
    const response = await clients.factcard.listFactCards({
      parentKind: q.parent_kind ?? "",
      parentId: q.parent_id ?? "",
      status: q.status ?? "",
      claimCategory: q.claim_category ?? "",
      verdict: q.verdict ?? "",
      limit: q.limit,
      cursor: q.cursor ?? "",
    });
    return protoToJson(ListFactCardsResponseSchema, response);
  },
};

export const getFactCard: Operation<{ fact_card_id: string }> = {
  route: { method: "GET", path: "/api/v1/factcards/{factCardId}" },
  tool: "factcards_get",
  scope,
  input: input({ fact_card_id: factCardId }, ["fact_card_id"]),
  output: factCard,
  async call({ fact_card_id }, clients) {
    const { factCard: card } = await clients.factcard.getFactCard({ factCardId: fact_card_id });
    return protoToJson(FactCardSchema, required(card, "a fact card"));
  },
};

export interface SimilarFactsInput {
  fact_card_id?: string;
  claim_text?: string;
  top_k?: number;
  same_category?: boolean;
  mode?: string;
}

export const similarFacts: Operation<SimilarFactsInput> = {
  route: { method: "GET", path: "/api/v1/factcards/{factCardId}/similar" },
  tool: "factcards_similar",
  scope,
  input: input({
    fact_card_id: factCardId,
    claim_text: {
      type: "string",
      minLength: 1,
      maxLength: MAX_CLAIM_TEXT,
      description: "Instead of fact_card_id: a claim not yet carded.",
    },
    top_k: {
      type: "integer",
      minimum: SIMILAR_TOP_K.min,
      maximum: SIMILAR_TOP_K.max,
      default: SIMILAR_TOP_K.fallback,
      description: "How many neighbours.",
    },
    same_category: { type: "boolean", default: false, description: "Only neighbours of the same claim category." },
    mode: {
      ...similarFactsQuery.properties.mode,
      description:
        "Omitted: cosine neighbours of the English claim. hybrid, keyword or semantic: ranked as search_artifacts ranks, over the card's claim texts.",
    },
  }),
  output: similarFactsResponse,
  async call({ fact_card_id, claim_text, top_k, same_category, mode }, clients) {
    const response = await clients.factcard.listSimilarFacts({
      factCardId: fact_card_id ?? "",
      claimText: claim_text ?? "",
      topK: top_k ?? 0,
      sameCategory: same_category ?? false,
      mode,
    });
    return protoToJson(ListSimilarFactsResponseSchema, response);
  },
};

export const FACTCARD_OPERATIONS = [listFactCards, getFactCard, similarFacts];
