/** Fact cards for tests: a complete row with defaults, and an insert that takes any number of them. */
import type { Pool } from "../../lib/db/pool.js";
import type { FactCardRow } from "./fact-card-store.js";

export const BASE_TIME = Date.UTC(2026, 10, 20, 8, 0, 0);

export function factCardRow(id: string, overrides: Partial<FactCardRow> = {}): FactCardRow {
  return {
    fact_card_id: id,
    parent_kind: "whiteboard_card",
    parent_id: "card-1",
    parent_session_id: null,
    claim_text: `claim ${id}`,
    claim_text_en: `claim ${id}`,
    claim_category: "prose",
    priority: "normal",
    status: "queued",
    verdict: null,
    found_text: null,
    found_text_en: null,
    source_urls: null,
    similar_to_fact_id: null,
    similarity_score: null,
    embedding_status: "pending",
    created_at: BASE_TIME,
    completed_at: null,
    updated_at: BASE_TIME,
    ...overrides,
  };
}

const COLUMNS = Object.keys(factCardRow("x")) as (keyof FactCardRow)[];

export async function insertFactCards(owner: Pool, rows: readonly FactCardRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const params: unknown[] = [];
    const values = batch.map((row) => `(${COLUMNS.map((c) => `$${params.push(row[c])}`).join(", ")})`);
    await owner.query(`INSERT INTO factcard.fact_cards (${COLUMNS.join(", ")}) VALUES ${values.join(", ")}`, params);
  }
}

/** Claims on distinct subjects, English and Chinese, over every category. */
export const CLAIMS: FactCardRow[] = [
  factCardRow("fc-01", {
    claim_text: "The Fed cut rates by 25 basis points in September.",
    claim_text_en: "The Fed cut rates by 25 basis points in September.",
    claim_category: "numerical",
    priority: "high",
    status: "completed",
    verdict: "verified",
    found_text: "The FOMC lowered the target range by 25 bp.",
    found_text_en: "The FOMC lowered the target range by 25 bp.",
    source_urls: ["https://example.org/fomc"],
    created_at: BASE_TIME + 1_000,
    completed_at: BASE_TIME + 5_000,
    updated_at: BASE_TIME + 5_000,
  }),
  factCardRow("fc-02", {
    claim_text: "美联储九月降息25个基点。",
    claim_text_en: "The Federal Reserve cut rates by 25 basis points in September.",
    claim_category: "numerical",
    parent_kind: "session_message",
    parent_id: "s-rates-1:4",
    parent_session_id: "s-rates-1",
    status: "reused",
    verdict: "verified",
    similar_to_fact_id: "fc-01",
    similarity_score: 0.97,
    source_urls: [],
    created_at: BASE_TIME + 2_000,
    updated_at: BASE_TIME + 2_000,
  }),
  factCardRow("fc-03", { claim_text_en: "HBM memory is sold out through 2027 at SK Hynix.", claim_category: "named_entity", created_at: BASE_TIME + 3_000 }),
  factCardRow("fc-04", { claim_text_en: "Brent crude oil traded near 80 dollars a barrel.", claim_category: "financial", status: "running", created_at: BASE_TIME + 4_000 }),
  factCardRow("fc-05", { claim_text_en: "Singapore is the largest data-centre hub in Southeast Asia.", claim_category: "geographic", status: "failed", created_at: BASE_TIME + 4_000 }),
  factCardRow("fc-06", { claim_text_en: "   ", claim_category: "prose", parent_kind: "external", parent_id: "feed-9", status: "skipped", created_at: BASE_TIME + 6_000 }),
  factCardRow("fc-07", { claim_text_en: "The Fed raised rates by 50 basis points in March.", claim_category: "date", created_at: BASE_TIME + 7_000, verdict: "disputed", status: "completed", completed_at: BASE_TIME + 8_000 }),
];
