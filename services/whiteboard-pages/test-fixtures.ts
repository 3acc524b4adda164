/** The catalog's own fixtures (services/catalog/test-fixtures.ts) plus extracted card actions. */
import type { Pool } from "../../lib/db/pool.js";
import { fillCatalog } from "../catalog/test-fixtures.js";

export const ACTIONS_AT = Date.UTC(2026, 2, 9, 12);

export async function fillWhiteboard(owner: Pool): Promise<void> {
  await fillCatalog(owner);
  await owner.query(
    `INSERT INTO catalog.card_actions (card_id, actions, source, source_chars, truncated, task_id, extracted_at) VALUES
      ('c-full', '[{"action": "buy", "asset": "copper", "size": 0.5}, "watch smelters"]', 'report:en', 120, false, 't-1', $1),
      ('c-plain', '[]', 'summary', 8000, true, 't-2', $1::bigint + 1)`,
    [ACTIONS_AT],
  );
}
