/** Which stored report answers a card report request (spec §4.1 rule 1); the body itself is in the object store. */
import type { Pool } from "../../lib/db/pool.js";

export interface CardReportRef {
  lang: string;
  objectKey: string;
  /** Epoch milliseconds. */
  archivedAt: number;
}

/** The card has no report in any of the requested languages, or there is no such card at all. */
export type CardReportLookup = { found: CardReportRef } | { missing: "card" | "report" };

// The first of the requested languages, in the caller's order of preference, that the card has a report in.
const PREFERRED_REPORT = `
  SELECT lang, object_key, archived_at
    FROM catalog.published_card_reports
   WHERE card_id = $1 AND lang = ANY ($2::text[])
   ORDER BY array_position($2::text[], lang)
   LIMIT 1`;

const CARD_EXISTS = "SELECT 1 FROM catalog.published_cards WHERE card_id = $1";

export interface CardReportsStore {
  /** `langs` in order of preference. */
  find(cardId: string, langs: readonly string[]): Promise<CardReportLookup>;
}

export function createCardReportsStore(db: Pool): CardReportsStore {
  return {
    async find(cardId, langs) {
      const { rows } = await db.query<{ lang: string; object_key: string; archived_at: number }>({
        name: "catalog.card-reports.preferred",
        text: PREFERRED_REPORT,
        values: [cardId, langs],
      });
      const r = rows[0];
      if (r) return { found: { lang: r.lang, objectKey: r.object_key, archivedAt: r.archived_at } };
      // Only on a miss: tell an unknown card from a card without that report.
      const card = await db.query({ name: "catalog.cards.exists", text: CARD_EXISTS, values: [cardId] });
      return { missing: card.rowCount ? "report" : "card" };
    },
  };
}
