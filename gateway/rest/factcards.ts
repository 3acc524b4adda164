/** GET /api/v1/factcards, /factcards/{factCardId} and /factcards/{factCardId}/similar (spec §2.10; scope factcards:read): gateway/operations/factcards.ts. */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { getFactCard, listFactCards, similarFacts } from "../operations/factcards.js";
import { errorResponse, gatedErrors } from "../schemas/common.js";
import {
  factCardParams,
  listFactCardsQuery,
  similarFactsQuery,
  type ListFactCardsQuery,
} from "../schemas/factcards.js";
import type { RestOptions } from "./options.js";
import { operationRoute } from "./operation-route.js";

const withNotFound = { ...gatedErrors, 404: errorResponse, 503: errorResponse } as const;

export function factCardRoutes(app: FastifyInstance, { clients }: RestOptions) {
  app.route(
    operationRoute(listFactCards, clients, {
      summary: "List fact cards",
      querystring: listFactCardsQuery,
      errors: gatedErrors,
      input: (request: FastifyRequest<{ Querystring: ListFactCardsQuery }>) => request.query,
    }),
  );

  app.route(
    operationRoute(getFactCard, clients, {
      summary: "Get a fact card",
      params: factCardParams,
      errors: withNotFound,
      input: (request: FastifyRequest<{ Params: { factCardId: string } }>) => ({
        fact_card_id: request.params.factCardId,
      }),
    }),
  );

  app.route(
    operationRoute(similarFacts, clients, {
      summary: "List fact cards similar to one",
      params: factCardParams,
      querystring: similarFactsQuery,
      errors: withNotFound,
      input: (
        request: FastifyRequest<{
          Params: { factCardId: string };
          Querystring: { top_k: number; same_category: "0" | "1"; mode?: string };
        }>,
      ) => ({
        fact_card_id: request.params.factCardId,
        top_k: request.query.top_k,
        same_category: request.query.same_category === "1",
        mode: request.query.mode,
      }),
    }),
  );
}
