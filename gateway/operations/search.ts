/**
 * Search of the archive (spec §2.9, §4.1 rule 8, scope search:read): highest score first, hybrid by default. The
 * REST body and the tool's arguments are the same object, SearchRequest.
 */
import { SearchResponseSchema } from "../../gen/institute/search/v1/search_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { searchFilters, searchRequest, searchResponse, type SearchBody } from "../schemas/search.js";
import { input } from "./input-schemas.js";
import type { Operation } from "./operation.js";

const { properties: searchArgs } = searchRequest;

export const search: Operation<SearchBody> = {
  route: { method: "POST", path: "/api/v1/search" },
  tool: "search_artifacts",
  scope: "search:read",
  input: input(
    {
      query: { ...searchArgs.query, description: "What to look for, in any language (1 to 500 characters)." },
      analyst_id: { ...searchArgs.analyst_id, description: "Only this analyst's output." },
      session_id: { ...searchArgs.session_id, description: "Only this session's output." },
      top_k: { ...searchArgs.top_k, description: "How many of the best matches to return." },
      mode: {
        ...searchArgs.mode,
        description: "hybrid (default): both rankings fused; keyword: terms only; semantic: embedding only.",
      },
      kinds: {
        ...searchArgs.kinds,
        description:
          "Only documents whose path starts with one of these prefixes (an entry with '/') or has a folder of this name (e.g. 'notes').",
      },
      lang: { ...searchArgs.lang, description: "Only documents in this language (plain: both languages, unmarked)." },
      archived_after: {
        ...searchArgs.archived_after,
        description:
          "Only documents archived at or after this: epoch milliseconds or a work date YYYY-MM-DD (00:00 Asia/Singapore).",
      },
      archived_before: {
        ...searchArgs.archived_before,
        description: "Only documents archived before this: epoch milliseconds or a work date YYYY-MM-DD.",
      },
      explain: { ...searchArgs.explain, description: "Add each ranking's rank and score to every match." },
    },
    ["query"],
  ),
  output: searchResponse,
  // top_k 0 is the service's default (8), which both schemas also fill in.
  call: async (body, clients) =>
    protoToJson(
      SearchResponseSchema,
      await clients.search.search({ query: body.query, topK: body.top_k ?? 0, ...searchFilters(body) }),
    ),
};
