/** GET /api/v1/factcards, /factcards/{factCardId} and /factcards/{factCardId}/similar (spec §2.10; scope factcards:read). */
import type { FastifyInstance } from "fastify";
import { FactCardSchema, ListFactCardsResponseSchema, ListSimilarFactsResponseSchema } from "../../gen/institute/factcard/v1/factcard_pb.js";
import { protoToJson } from "../../lib/proto-json.js";
import { errorResponse, gatedErrors } from "../schemas/common.js";
import {
  factCard,
  factCardParams,
  listFactCardsQuery,
  listFactCardsResponse,
  similarFactsQuery,
  similarFactsResponse,
  type ListFactCardsQuery,
} from "../schemas/factcards.js";
import type { RestOptions } from "./index.js";

const access = { scope: "factcards:read" };
const withNotFound = { ...gatedErrors, 404: errorResponse, 503: errorResponse } as const;

export function factCardRoutes(app: FastifyInstance, opts: RestOptions) {
  const factcard = opts.clients.factcard;

  app.get<{ Querystring: ListFactCardsQuery }>(
    "/factcards",
    { config: access, schema: { summary: "List fact cards", querystring: listFactCardsQuery, response: { 200: listFactCardsResponse, ...gatedErrors } } },
    async (request) => {
      const q = request.query;
      const response = await factcard.listFactCards({
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
  );

  app.get<{ Params: { factCardId: string } }>(
    "/factcards/:factCardId",
    { config: access, schema: { summary: "Get a fact card", params: factCardParams, response: { 200: factCard, ...withNotFound } } },
    async (request) => {
      const { factCard: card } = await factcard.getFactCard({ factCardId: request.params.factCardId });
      return protoToJson(FactCardSchema, card);
    },
  );

  app.get<{ Params: { factCardId: string }; Querystring: { top_k: number; same_category: "0" | "1"; mode?: string } }>(
    "/factcards/:factCardId/similar",
    { config: access, schema: { summary: "List fact cards similar to one", params: factCardParams, querystring: similarFactsQuery, response: { 200: similarFactsResponse, ...withNotFound } } },
    async (request) => {
      const response = await factcard.listSimilarFacts({
        factCardId: request.params.factCardId,
        topK: request.query.top_k,
        sameCategory: request.query.same_category === "1",
        mode: request.query.mode,
      });
      return protoToJson(ListSimilarFactsResponseSchema, response);
    },
  );
}
