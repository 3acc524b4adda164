/**
 * Search and fact cards as tools (spec §2.9, §2.10), viewer:read (REST's search:read and factcards:read
 * are not tool-surface scopes). search_artifacts and factcards_similar rank nearest neighbours: `top_k` is how many
 * of the best matches to return, as on REST, not a page size, so they declare no bound. factcards_list pages with
 * the fact-card list's own keyset cursor (the REST route's next_cursor, HMAC-checked by the service, which also
 * over-fetches by one row, so has_more is observed).
 */
import { FactCardSchema, ListFactCardsResponseSchema, ListSimilarFactsResponseSchema } from "../../../gen/institute/factcard/v1/factcard_pb.js";
import { SearchResponseSchema } from "../../../gen/institute/search/v1/search_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { CLAIM_CATEGORIES, FACT_CARD_STATUSES, LIST_LIMIT, PARENT_KINDS, SIMILAR_TOP_K, VERDICTS } from "../../../services/factcard/vocabulary.js";
import { factCard, listFactCardsQuery, similarFactsQuery, similarFactsResponse } from "../../schemas/factcards.js";
import { searchFilters, searchRequest, searchResponse, type SearchBody } from "../../schemas/search.js";
import { int, object } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { boundReport, limitInput, limitOf } from "./bounded.js";
import { nextCursorOutput } from "./keyset-pager.js";
import { required } from "../../operations/service-answers.js";
import { MAX_CLAIM_TEXT } from "../../../services/factcard/vocabulary.js";
import { arrayOf, enumInput, idInput, input } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };

const { properties: searchArgs } = searchRequest;

const searchArtifacts: ToolDefinition<SearchBody> = {
  name: "search_artifacts",
  title: "Search the institute's archive",
  description:
    "Search over the institute's archived output (POST /api/v1/search): by default hybrid, keyword (BM25, Chinese segmented, tickers and codes exact, English and Chinese bridged) and semantic (embedding) rankings fused by reciprocal rank; highest score first, optionally filtered. Each match says which ranking found it and which terms of its excerpt matched. search_ready false means the rankings the mode needs are not available.",
  grant,
  toolset: "search",
  inputSchema: input(
    {
      query: { ...searchArgs.query, description: "What to look for, in any language (1 to 500 characters)." },
      analyst_id: { ...searchArgs.analyst_id, description: "Only this analyst's output." },
      session_id: { ...searchArgs.session_id, description: "Only this session's output." },
      top_k: { ...searchArgs.top_k, description: "How many of the best matches to return." },
      mode: { ...searchArgs.mode, description: "hybrid (default): both rankings fused; keyword: terms only; semantic: embedding only." },
      kinds: { ...searchArgs.kinds, description: "Only documents whose path starts with one of these prefixes (an entry with '/') or has a folder of this name (e.g. 'notes')." },
      lang: { ...searchArgs.lang, description: "Only documents in this language (plain: both languages, unmarked)." },
      archived_after: { ...searchArgs.archived_after, description: "Only documents archived at or after this: epoch milliseconds or a work date YYYY-MM-DD (00:00 Asia/Singapore)." },
      archived_before: { ...searchArgs.archived_before, description: "Only documents archived before this: epoch milliseconds or a work date YYYY-MM-DD." },
      explain: { ...searchArgs.explain, description: "Add each ranking's rank and score to every match." },
    },
    ["query"],
  ),
  outputSchema: searchResponse,
  pager: "none",
  async call(args, { clients }) {
    const response = await clients.search.search({ query: args.query, topK: args.top_k ?? 0, ...searchFilters(args) });
    return protoToJson(SearchResponseSchema, response);
  },
};

const FACTCARDS_BOUND = { default: LIST_LIMIT.fallback, max: LIST_LIMIT.max };
const { cursor: factCardCursor, parent_id } = listFactCardsQuery.properties;

interface ListArgs {
  parent_kind?: string;
  parent_id?: string;
  status?: string;
  claim_category?: string;
  verdict?: string;
  limit?: number;
  cursor?: string;
}

const listFactCards: ToolDefinition<ListArgs> = {
  name: "factcards_list",
  title: "Page through fact cards",
  description:
    "Fact-check claims, newest first, filtered by parent, status, category or verdict. Keyset-paged.",
  grant,
  toolset: "factcards",
  inputSchema: input({
    parent_kind: enumInput(PARENT_KINDS, "Only cards of this parent kind."),
    parent_id: { ...parent_id, description: "Only cards of this parent." },
    status: enumInput(FACT_CARD_STATUSES, "Only cards in this status."),
    claim_category: enumInput(CLAIM_CATEGORIES, "Only claims of this category."),
    verdict: enumInput(VERDICTS, "Only cards with this verdict."),
    limit: limitInput(FACTCARDS_BOUND, "fact cards"),
    cursor: { ...factCardCursor, description: "The previous page's next_cursor (same filters)." },
  }),
  outputSchema: object({ fact_cards: arrayOf(factCard), count: int, bound: boundReport, next_cursor: nextCursorOutput }),
  bound: FACTCARDS_BOUND,
  pager: "keyset",
  async call(args, { clients }) {
    const limit = limitOf(args.limit, FACTCARDS_BOUND);
    const response = await clients.factcard.listFactCards({
      parentKind: args.parent_kind ?? "",
      parentId: args.parent_id ?? "",
      status: args.status ?? "",
      claimCategory: args.claim_category ?? "",
      verdict: args.verdict ?? "",
      limit,
      cursor: args.cursor ?? "",
    });
    const json = protoToJson(ListFactCardsResponseSchema, response);
    // The service fetched limit + 1 rows and issues next_cursor exactly when the extra row existed.
    const bound = { limit, returned: response.factCards.length, has_more: response.nextCursor !== undefined, exact: true as const };
    return { fact_cards: json.fact_cards, count: response.factCards.length, bound, next_cursor: json.next_cursor };
  },
};

const factCardId = idInput("The fact card's id.");

const getFactCard: ToolDefinition<{ fact_card_id: string }> = {
  name: "factcards_get",
  title: "Get one fact card",
  description: "One fact-check claim by id, with its status, verdict and sources.",
  grant,
  toolset: "factcards",
  inputSchema: input({ fact_card_id: factCardId }, ["fact_card_id"]),
  outputSchema: factCard,
  pager: "none",
  async call({ fact_card_id }, { clients }) {
    const { factCard: card } = await clients.factcard.getFactCard({ factCardId: fact_card_id });
    return protoToJson(FactCardSchema, required(card, "a fact card"));
  },
};

const similarFacts: ToolDefinition<{ fact_card_id?: string; claim_text?: string; top_k?: number; same_category?: boolean; mode?: string }> = {
  name: "factcards_similar",
  title: "Fact cards similar to one",
  description:
    "The nearest neighbours of a fact card's English claim (or of claim_text), with the reuse policy that decides when a prior verdict may be inherited.",
  grant,
  toolset: "factcards",
  inputSchema: input(
    {
      fact_card_id: factCardId,
      claim_text: { type: "string", minLength: 1, maxLength: MAX_CLAIM_TEXT, description: "Instead of fact_card_id: a claim not yet carded." },
      top_k: { type: "integer", minimum: SIMILAR_TOP_K.min, maximum: SIMILAR_TOP_K.max, default: SIMILAR_TOP_K.fallback, description: "How many neighbours." },
      same_category: { type: "boolean", default: false, description: "Only neighbours of the same claim category." },
      mode: { ...similarFactsQuery.properties.mode, description: "Omitted: cosine neighbours of the English claim. hybrid, keyword or semantic: ranked as search_artifacts ranks, over the card's claim texts." },
    },
  ),
  outputSchema: similarFactsResponse,
  pager: "none",
  async call({ fact_card_id, claim_text, top_k, same_category, mode }, { clients }) {
    const response = await clients.factcard.listSimilarFacts({ factCardId: fact_card_id ?? "", claimText: claim_text ?? "", topK: top_k ?? 0, sameCategory: same_category ?? false, mode });
    return protoToJson(ListSimilarFactsResponseSchema, response);
  },
};

export const SEARCH_TOOLS: ToolDefinition[] = [searchArtifacts, listFactCards, getFactCard, similarFacts];
