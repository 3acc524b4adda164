/** Single whiteboard cards, an analyst's cards across boards, and the actions extracted from a card. */
import type { JsonValue } from "@bufbuild/protobuf";
import type { CardSummary } from "../../../gen/institute/catalog/v1/catalog_pb.js";
import type { Pool } from "../../../lib/db/pool.js";
import { SELECT_CARDS, toCard, type CardRow } from "../whiteboard-rows.js";

export interface CardActionsRow {
  actions: JsonValue[];
  source: string;
  source_chars: number;
  truncated: boolean;
  extracted_at: number;
}

const GET = `${SELECT_CARDS} WHERE c.card_id = $1`;
// Newest first; a card that never started sorts after every started one.
const OF_ANALYST = `${SELECT_CARDS} WHERE c.analyst_id = $1 ORDER BY c.started_at DESC NULLS LAST, c.card_id DESC LIMIT $2`;
// English, the language-agnostic report, then Chinese: the order rule 1 of spec §4.1 tries them in.
const REPORT_LANGS = `
  SELECT lang, archived_at FROM catalog.published_card_reports WHERE card_id = $1
   ORDER BY array_position(ARRAY['en', 'plain', 'zh'], lang)`;
const ACTIONS =
  "SELECT actions, source, source_chars, truncated, extracted_at FROM catalog.published_card_actions WHERE card_id = $1";

export interface CardsStore {
  get(cardId: string): Promise<CardSummary | undefined>;
  ofAnalyst(analystId: string, limit: number): Promise<CardSummary[]>;
  actions(cardId: string): Promise<CardActionsRow | undefined>;
  reportLanguages(cardId: string): Promise<{ lang: string; archivedAt: number }[]>;
}

export function createCardsStore(db: Pool): CardsStore {
  return {
    async get(cardId) {
      const { rows } = await db.query<CardRow>({ name: "whiteboard-pages.cards.get", text: GET, values: [cardId] });
      return rows[0] && toCard(rows[0]);
    },
    async ofAnalyst(analystId, limit) {
      const { rows } = await db.query<CardRow>({
        name: "whiteboard-pages.cards.of-analyst",
        text: OF_ANALYST,
        values: [analystId, limit],
      });
      return rows.map(toCard);
    },
    async actions(cardId) {
      const { rows } = await db.query<CardActionsRow>({
        name: "whiteboard-pages.cards.actions",
        text: ACTIONS,
        values: [cardId],
      });
      return rows[0];
    },
    async reportLanguages(cardId) {
      const { rows } = await db.query<{ lang: string; archived_at: number }>({
        name: "whiteboard-pages.cards.report-langs",
        text: REPORT_LANGS,
        values: [cardId],
      });
      return rows.map((r) => ({ lang: r.lang, archivedAt: r.archived_at }));
    },
  };
}
