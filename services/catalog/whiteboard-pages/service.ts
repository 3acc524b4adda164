/**
 * WhiteboardPagesService: the whiteboard's cards as the tool endpoint reads them beside the catalog: single cards,
 * an analyst's cards, extracted card actions and a card's report languages. The lists REST also serves (threads,
 * the topic pool, the similarity log) are the catalog service's alone.
 */
import { fromJson } from "@bufbuild/protobuf";
import { ListValueSchema } from "@bufbuild/protobuf/wkt";
import type { ServiceImpl } from "@connectrpc/connect";
import type { WhiteboardPagesService } from "../../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import type { ServiceDeps } from "../../deps.js";
import { fetchLimit, notFound, requireId } from "../../request-checks.js";
import { createCardsStore } from "./cards-store.js";
import { createWithdrawnStore } from "../withdrawn-store.js";

export function createWhiteboardPagesService(
  deps: Pick<ServiceDeps, "db">,
): ServiceImpl<typeof WhiteboardPagesService> {
  const cards = createCardsStore(deps.db);
  const withdrawn = createWithdrawnStore(deps.db);
  const cardMissing = async (cardId: string) =>
    notFound((await withdrawn.card(cardId)) ? `card ${cardId} was withdrawn` : `card not found: ${cardId}`);

  return {
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
