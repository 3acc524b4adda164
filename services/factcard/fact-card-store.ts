/** The factcard service's reads of factcard.fact_cards (SELECT-only pool), newest first by (created_at, id). */
import type { Pool } from "../../lib/db/pool.js";
import type { CursorPosition, FactCardFilters } from "./cursor.js";

export interface FactCardRow {
  fact_card_id: string;
  parent_kind: string;
  parent_id: string;
  parent_session_id: string | null;
  claim_text: string;
  claim_text_en: string;
  claim_category: string;
  priority: string;
  status: string;
  verdict: string | null;
  found_text: string | null;
  found_text_en: string | null;
  source_urls: string[] | null;
  similar_to_fact_id: string | null;
  similarity_score: number | null;
  embedding_status: string;
  created_at: number;
  completed_at: number | null;
  updated_at: number;
}

const COLUMNS = `fact_card_id, parent_kind, parent_id, parent_session_id, claim_text, claim_text_en, claim_category, priority, status,
  verdict, found_text, found_text_en, source_urls, similar_to_fact_id, similarity_score, embedding_status, created_at, completed_at, updated_at`;

const FILTER_COLUMNS: [keyof FactCardFilters, string][] = [
  ["parentKind", "parent_kind"],
  ["parentId", "parent_id"],
  ["status", "status"],
  ["claimCategory", "claim_category"],
  ["verdict", "verdict"],
];

export interface FactCardStore {
  /** Up to `limit` cards matching `filters`, strictly after `after` in (created_at DESC, fact_card_id DESC). */
  list(filters: FactCardFilters, after: CursorPosition | null, limit: number): Promise<FactCardRow[]>;
  get(id: string): Promise<FactCardRow | null>;
  byIds(ids: readonly string[]): Promise<Map<string, FactCardRow>>;
  idsInCategory(category: string): Promise<string[]>;
  /** The fact cards withdrawn now (docs/lifecycle.md): no ranking may name them. */
  withdrawn(): Promise<Set<string>>;
  /** Whether this card exists and is withdrawn. */
  isWithdrawn(id: string): Promise<boolean>;
}

export function createFactCardStore(db: Pool): FactCardStore {
  return {
    async list(filters, after, limit) {
      const params: unknown[] = [];
      const where: string[] = [];
      for (const [key, column] of FILTER_COLUMNS) {
        const value = filters[key];
        if (value !== undefined) where.push(`${column} = $${params.push(value)}`);
      }
      if (after)
        where.push(
          `(created_at, fact_card_id) < ($${params.push(after.createdAt)}::bigint, $${params.push(after.id)}::text)`,
        );
      const { rows } = await db.query<FactCardRow>(
        `SELECT ${COLUMNS} FROM factcard.published_fact_cards ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY created_at DESC, fact_card_id DESC LIMIT $${params.push(limit)}`,
        params,
      );
      return rows;
    },
    async get(id) {
      const { rows } = await db.query<FactCardRow>(
        `SELECT ${COLUMNS} FROM factcard.published_fact_cards WHERE fact_card_id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },
    async byIds(ids) {
      if (ids.length === 0) return new Map();
      const { rows } = await db.query<FactCardRow>(
        `SELECT ${COLUMNS} FROM factcard.published_fact_cards WHERE fact_card_id = ANY($1::text[])`,
        [ids],
      );
      return new Map(rows.map((r) => [r.fact_card_id, r]));
    },
    async idsInCategory(category) {
      const { rows } = await db.query<{ fact_card_id: string }>(
        "SELECT fact_card_id FROM factcard.published_fact_cards WHERE claim_category = $1",
        [category],
      );
      return rows.map((r) => r.fact_card_id);
    },
    async withdrawn() {
      const { rows } = await db.query<{ item_id: string }>({
        name: "factcard-withdrawn",
        text: "SELECT item_id FROM factcard.withdrawn WHERE kind = 'fact-cards'",
      });
      return new Set(rows.map((r) => r.item_id));
    },
    async isWithdrawn(id) {
      const { rows } = await db.query("SELECT 1 FROM factcard.withdrawn WHERE kind = 'fact-cards' AND item_id = $1", [
        id,
      ]);
      return rows.length > 0;
    },
  };
}
