/**
 * WhiteboardPagesService: the whiteboard as the tool endpoint reads it. Boards page by keyset; the topic pool and
 * the similarity log reuse the catalog's stores (same orders, same rows) without the REST maximum, so a caller can
 * over-fetch by one row; single cards, an analyst's cards and extracted card actions come from this service's store.
 */
import { fromJson } from "@bufbuild/protobuf";
import { ListValueSchema } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import type { WhiteboardPagesService } from "../../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { createSimilarityLogStore } from "../similarity-log-store.js";
import { createTopicPoolStore } from "../topic-pool-store.js";
import { isUuid } from "../validate.js";
import {
  SIMILARITY_DECISIONS,
  SUMMARY_WINDOW_SECONDS,
  THREAD_STATUSES,
  TOPIC_POOL_FILTERS,
  type SimilarityDecision,
} from "../vocabulary.js";
import type { ServiceDeps } from "../../deps.js";
import { fetchLimit, keysetAfter, notFound, optionalOneOf, requireId } from "../../request-checks.js";
import { createBoardsStore } from "./boards-store.js";
import { createCardsStore } from "./cards-store.js";
import { createWithdrawnStore } from "../withdrawn-store.js";

export function createWhiteboardPagesService(
  deps: Pick<ServiceDeps, "db" | "now">,
): ServiceImpl<typeof WhiteboardPagesService> {
  const boards = createBoardsStore(deps.db);
  const cards = createCardsStore(deps.db);
  const topicPool = createTopicPoolStore(deps.db);
  const similarityLog = createSimilarityLogStore(deps.db);
  const withdrawn = createWithdrawnStore(deps.db);
  const cardMissing = async (cardId: string) =>
    notFound((await withdrawn.card(cardId)) ? `card ${cardId} was withdrawn` : `card not found: ${cardId}`);

  return {
    async pageBoards(req) {
      const threads = await boards.page({
        status: optionalOneOf(req.status, "status", THREAD_STATUSES),
        // board_id is a uuid column: a position naming no possible board is malformed, not a database error.
        after: keysetAfter(req.after, isUuid),
        limit: fetchLimit(req.limit),
      });
      return { threads };
    },

    async fetchTopicPool(req) {
      const status = optionalOneOf(req.status, "status", TOPIC_POOL_FILTERS);
      const entries = await topicPool.list({
        status: status === "" ? undefined : status,
        limit: fetchLimit(req.limit),
      });
      return { entries };
    },

    async fetchSimilarityLog(req) {
      const decision = optionalOneOf(req.decision, "decision", SIMILARITY_DECISIONS) as SimilarityDecision | "";
      const limit = fetchLimit(req.limit);
      // As the catalog's REST list: summary_7d counts every decision of the trailing seven days (epoch seconds).
      const since = Math.floor(deps.now() / 1000) - SUMMARY_WINDOW_SECONDS;
      const [entries, summary7d] = await Promise.all([
        similarityLog.list({ decision: decision === "" ? undefined : decision, limit }),
        similarityLog.countSince(since),
      ]);
      return { entries, summary7d };
    },

    async getCard(req) {
      const card = await cards.get(requireId(req.cardId, "card_id"));
      if (!card) throw await cardMissing(req.cardId);
      return { card };
    },

    async listAnalystCards(req) {
      const limit = fetchLimit(req.limit);
      return { cards: await cards.ofAnalyst(requireId(req.analystId, "analyst_id"), limit) };
    },

    async getCardActions(req) {
      const cardId = requireId(req.cardId, "card_id");
      const [card, row] = await Promise.all([cards.get(cardId), cards.actions(cardId)]);
      if (!card) throw await cardMissing(cardId);
      if (!row && (await withdrawn.cardActions(cardId))) throw notFound(`the actions of card ${cardId} were withdrawn`);
      if (!row) return { cardId, extracted: false };
      return {
        cardId,
        extracted: true,
        // The column is a JSON array (a CHECK holds it to one).
        actions: fromJson(ListValueSchema, row.actions),
        source: row.source,
        sourceChars: row.source_chars,
        truncated: row.truncated,
        extractedAt: BigInt(row.extracted_at),
      };
    },

    async listCardReportLanguages(req) {
      const cardId = requireId(req.cardId, "card_id");
      const [card, languages] = await Promise.all([cards.get(cardId), cards.reportLanguages(cardId)]);
      if (!card) throw await cardMissing(cardId);
      return { languages: languages.map((l) => ({ lang: l.lang, archivedAt: BigInt(l.archivedAt) })) };
    },
  };
}
