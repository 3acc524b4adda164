/**
 * fact-cards.ndjson: a FactCard exactly as GET /api/v1/factcards/{factCardId} answers it. `embedding_status` is the
 * importer's to decide, not the line's: a new card is 'pending' until the embed job that follows the import has
 * embedded its English claim, and an existing card keeps its status unless that text changed.
 */
import {
  CLAIM_CATEGORIES,
  EMBEDDING_STATUSES,
  FACT_CARD_STATUSES,
  PARENT_KINDS,
  PRIORITIES,
  VERDICTS,
} from "../../services/factcard/vocabulary.js";
import { double, epoch, id, nullable, oneOf, text, textArray } from "../columns.js";
import type { Kind } from "../kind.js";
import { schemaOf, selectList, type TableKindSpec } from "../table-kind.js";
import { upsertRows } from "../upsert.js";

const written: TableKindSpec["columns"] = [
  ["fact_card_id", id],
  ["parent_kind", oneOf(PARENT_KINDS)],
  ["parent_id", text],
  ["parent_session_id", nullable(text)],
  ["claim_text", text],
  ["claim_text_en", text],
  ["claim_category", oneOf(CLAIM_CATEGORIES)],
  ["priority", oneOf(PRIORITIES)],
  ["status", oneOf(FACT_CARD_STATUSES)],
  ["verdict", nullable(oneOf(VERDICTS))],
  ["found_text", nullable(text)],
  ["found_text_en", nullable(text)],
  ["source_urls", nullable(textArray)],
  ["similar_to_fact_id", nullable(text)],
  ["similarity_score", nullable(double)],
];
const times: TableKindSpec["columns"] = [
  ["created_at", epoch],
  ["completed_at", nullable(epoch)],
  ["updated_at", epoch],
];

const table = {
  table: "factcard.fact_cards",
  key: ["fact_card_id"],
  columns: [...written, ...times],
  derived: [
    {
      name: "embedding_status",
      insert: "'pending'",
      update:
        "CASE WHEN t.claim_text_en IS DISTINCT FROM excluded.claim_text_en THEN 'pending' ELSE t.embedding_status END",
    },
  ],
} as const;

const lineColumns: TableKindSpec["columns"] = [...written, ["embedding_status", oneOf(EMBEDDING_STATUSES)], ...times];

export const factCards: Kind = {
  name: "fact-cards",
  describe: "a FactCard, as GET /api/v1/factcards/{factCardId} answers it (embedding_status is recomputed on import)",
  schema: schemaOf(lineColumns),
  exportSql: `SELECT ${selectList(lineColumns)} FROM factcard.fact_cards t ORDER BY t.fact_card_id`,
  toLine: (row) => Object.fromEntries(lineColumns.map(([n]) => [n, row[n] ?? null])),
  write: (client, batch) => upsertRows(client, table, batch.lines),
};
