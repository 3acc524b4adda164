/**
 * Search and fact cards as tools (spec §2.9, §2.10): the operations of gateway/operations/search.ts and
 * factcards.ts, viewer:read (REST's search:read and factcards:read are not tool-surface scopes). search_artifacts
 * and factcards_similar rank nearest neighbours: `top_k` is how many of the best matches to return, as on REST,
 * not a page size, so they declare no bound. factcards_list pages with the fact-card list's own keyset cursor (the
 * REST route's next_cursor, HMAC-checked by the service, which also over-fetches by one row, so has_more is
 * observed).
 */
import { FACTCARDS_BOUND, getFactCard, listFactCards, similarFacts } from "../../operations/factcards.js";
import { search } from "../../operations/search.js";
import { factCard } from "../../schemas/factcards.js";
import { int, object } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { boundReport, limitOf } from "./bounded.js";
import { nextCursorOutput } from "./keyset-pager.js";
import { operationTool } from "./operation-tool.js";
import { arrayOf } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };

const searchArtifacts = operationTool(search, {
  title: "Search the institute's archive",
  description:
    "Search over the institute's archived output (POST /api/v1/search): by default hybrid, keyword (BM25, Chinese segmented, tickers and codes exact, English and Chinese bridged) and semantic (embedding) rankings fused by reciprocal rank; highest score first, optionally filtered. Each match says which ranking found it and which terms of its excerpt matched. search_ready false means the rankings the mode needs are not available.",
  grant,
  toolset: "search",
});

interface ListArgs {
  parent_kind?: string;
  parent_id?: string;
  status?: string;
  claim_category?: string;
  verdict?: string;
  limit?: number;
  cursor?: string;
}

const factCardsList = operationTool<ListArgs>(listFactCards, {
  title: "Page through fact cards",
  description: "Fact-check claims, newest first, filtered by parent, status, category or verdict. Keyset-paged.",
  grant,
  toolset: "factcards",
  outputSchema: object({
    fact_cards: arrayOf(factCard),
    count: int,
    bound: boundReport,
    next_cursor: nextCursorOutput,
  }),
  bound: FACTCARDS_BOUND,
  pager: "keyset",
  async call(args, _ctx, read) {
    const limit = limitOf(args.limit, FACTCARDS_BOUND);
    const page = (await read({ ...args, limit })) as { fact_cards: unknown[]; next_cursor: string | null };
    // The service fetched limit + 1 rows and issues next_cursor exactly when the extra row existed.
    const bound = {
      limit,
      returned: page.fact_cards.length,
      has_more: page.next_cursor !== null,
      exact: true as const,
    };
    return { fact_cards: page.fact_cards, count: page.fact_cards.length, bound, next_cursor: page.next_cursor };
  },
});

const factCardsGet = operationTool(getFactCard, {
  title: "Get one fact card",
  description: "One fact-check claim by id, with its status, verdict and sources.",
  grant,
  toolset: "factcards",
});

const factCardsSimilar = operationTool(similarFacts, {
  title: "Fact cards similar to one",
  description:
    "The nearest neighbours of a fact card's English claim (or of claim_text), with the reuse policy that decides when a prior verdict may be inherited.",
  grant,
  toolset: "factcards",
});

export const SEARCH_TOOLS: ToolDefinition[] = [searchArtifacts, factCardsList, factCardsGet, factCardsSimilar];
