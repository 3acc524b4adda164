/**
 * Whether an item the published_* views hide was withdrawn (docs/lifecycle.md): it exists in its table but not in
 * its view. Asked only on a miss, so a 404 can say "withdrawn" instead of "not found".
 */
import type { Pool } from "../../lib/db/pool.js";

const THREAD = `SELECT EXISTS (SELECT 1 FROM catalog.threads WHERE board_id = $1::uuid)
   AND NOT EXISTS (SELECT 1 FROM catalog.published_threads WHERE board_id = $1::uuid) AS withdrawn`;
const CARD = `SELECT EXISTS (SELECT 1 FROM catalog.cards WHERE card_id = $1)
   AND NOT EXISTS (SELECT 1 FROM catalog.published_cards WHERE card_id = $1) AS withdrawn`;
const CARD_REPORT = `SELECT EXISTS (SELECT 1 FROM catalog.card_reports WHERE card_id = $1 AND lang = ANY ($2::text[]))
   AND NOT EXISTS (SELECT 1 FROM catalog.published_card_reports WHERE card_id = $1 AND lang = ANY ($2::text[]))
   AS withdrawn`;
const ACTIONS = `SELECT EXISTS (SELECT 1 FROM catalog.card_actions WHERE card_id = $1)
   AND NOT EXISTS (SELECT 1 FROM catalog.published_card_actions WHERE card_id = $1) AS withdrawn`;

export function createWithdrawnStore(db: Pool) {
  const ask = async (name: string, text: string, values: unknown[]) =>
    (await db.query<{ withdrawn: boolean }>({ name, text, values })).rows[0]!.withdrawn;
  return {
    /** `boardId` must be a uuid. */
    thread: (boardId: string) => ask("catalog.withdrawn.thread", THREAD, [boardId]),
    card: (cardId: string) => ask("catalog.withdrawn.card", CARD, [cardId]),
    cardReport: (cardId: string, langs: readonly string[]) =>
      ask("catalog.withdrawn.card-report", CARD_REPORT, [cardId, langs]),
    cardActions: (cardId: string) => ask("catalog.withdrawn.card-actions", ACTIONS, [cardId]),
  };
}

export type WithdrawnStore = ReturnType<typeof createWithdrawnStore>;
