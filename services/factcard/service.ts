/**
 * FactCardService (spec §2.10, §4.1): fact cards newest first (created_at, then fact_card_id, descending) with
 * an opaque keyset cursor, one card by id, and a card's nearest neighbours (similar-facts.ts).
 */
import { create } from "@bufbuild/protobuf";
import type { ServiceImpl } from "@connectrpc/connect";
import {
  GetFactCardResponseSchema,
  ListFactCardsResponseSchema,
  type FactCardService,
  type ListFactCardsRequest,
} from "../../gen/institute/factcard/v1/factcard_pb.js";
import { deploymentCursorSigner } from "../../lib/cursor/cursor-key.js";
import type { ServiceDeps } from "../deps.js";
import { decodeCursor, encodeCursor, type FactCardFilters } from "./cursor.js";
import { toFactCard } from "./fact-card-message.js";
import { createFactCardStore, type FactCardStore } from "./fact-card-store.js";
import { listSimilarFacts } from "./similar-facts.js";
import {
  CLAIM_CATEGORIES,
  FACT_CARD_STATUSES,
  LIST_LIMIT,
  MAX_ID_CHARS,
  PARENT_KINDS,
  VERDICTS,
} from "./vocabulary.js";
import { invalid, notFound } from "../request-checks.js";

function oneOf(name: string, value: string, allowed: readonly string[]): string | undefined {
  if (value === "") return undefined;
  if (!allowed.includes(value)) throw invalid(`${name} must be one of ${allowed.join(", ")}`);
  return value;
}

function filtersOf(request: ListFactCardsRequest): FactCardFilters {
  if (request.parentId.length > MAX_ID_CHARS) throw invalid(`parent_id must be at most ${MAX_ID_CHARS} characters`);
  return {
    parentKind: oneOf("parent_kind", request.parentKind, PARENT_KINDS),
    parentId: request.parentId === "" ? undefined : request.parentId,
    status: oneOf("status", request.status, FACT_CARD_STATUSES),
    claimCategory: oneOf("claim_category", request.claimCategory, CLAIM_CATEGORIES),
    verdict: oneOf("verdict", request.verdict, VERDICTS),
  };
}

export function createFactCardService(
  deps: ServiceDeps,
  options: { store?: FactCardStore } = {},
): ServiceImpl<typeof FactCardService> {
  const store = options.store ?? createFactCardStore(deps.db);
  const cursors = deploymentCursorSigner(deps.db, deps.config.cluster.cursorSecret);
  return {
    async listFactCards(request) {
      const filters = filtersOf(request);
      const limit = request.limit === 0 ? LIST_LIMIT.fallback : request.limit;
      if (limit < LIST_LIMIT.min || limit > LIST_LIMIT.max) {
        throw invalid(`limit must be ${LIST_LIMIT.min} to ${LIST_LIMIT.max}, got ${limit}`);
      }
      const signer = await cursors();
      const after = request.cursor === "" ? null : decodeCursor(signer, request.cursor, filters);
      const rows = await store.list(filters, after, limit + 1);
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return create(ListFactCardsResponseSchema, {
        factCards: page.map(toFactCard),
        count: page.length,
        nextCursor:
          rows.length > limit && last
            ? encodeCursor(signer, { createdAt: last.created_at, id: last.fact_card_id }, filters)
            : undefined,
      });
    },

    async getFactCard(request) {
      const id = request.factCardId;
      if (id === "") throw invalid("fact_card_id is required");
      const row = id.length > MAX_ID_CHARS ? null : await store.get(id);
      if (!row && (await store.isWithdrawn(id))) throw notFound(`fact card ${id} was withdrawn`);
      if (!row) throw notFound(`no fact card ${id}`);
      return create(GetFactCardResponseSchema, { factCard: toFactCard(row) });
    },

    listSimilarFacts: (request) => listSimilarFacts(deps, store, request),
  };
}
