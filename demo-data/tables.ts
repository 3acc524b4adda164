/**
 * The tables the demo dataset fills, with their column types, in an order that respects foreign keys.
 * Mirrors the migrations; a row with a missing or unknown column is refused before anything is sent.
 */
export type ColumnType = "text" | "uuid" | "date" | "integer" | "bigint" | "double" | "jsonb" | "text[]";

export interface TableSpec {
  table: string;
  /** The primary key's columns. */
  key: readonly string[];
  columns: readonly (readonly [name: string, type: ColumnType])[];
}

const t = (table: string, key: readonly string[], columns: TableSpec["columns"]): TableSpec => ({ table, key, columns });

export const TABLES = [
  t("objects.blobs", ["key"], [["key", "text"], ["body", "text"], ["sha256", "text"], ["bytes", "integer"], ["content_type", "text"], ["created_at", "bigint"]]),
  t("catalog.categories", ["category_id"], [["category_id", "text"], ["name", "text"], ["name_en", "text"], ["sort_order", "integer"]]),
  t("catalog.analysts", ["analyst_id"], [
    ["analyst_id", "text"], ["name", "text"], ["name_en", "text"], ["icon", "text"], ["agent", "text"], ["specialty", "text"],
    ["specialty_en", "text"], ["category_id", "text"], ["tasks_default", "text[]"], ["sort_order", "integer"],
  ]),
  t("catalog.threads", ["board_id"], [
    ["board_id", "uuid"], ["work_date", "date"], ["root_analyst_id", "text"], ["root_topic", "text"], ["root_question", "text"],
    ["status", "text"], ["max_cards", "integer"], ["created_at", "bigint"], ["updated_at", "bigint"],
  ]),
  t("catalog.cards", ["card_id"], [
    ["card_id", "text"], ["board_id", "uuid"], ["card_index", "integer"], ["analyst_id", "text"], ["hand", "text"], ["topic", "text"],
    ["question", "text"], ["stance", "text"], ["status", "text"], ["work_date", "date"], ["summary", "text"], ["report_path", "text"],
    ["report_r2_key", "text"], ["started_at", "bigint"], ["completed_at", "bigint"], ["follow_up_analyst_id", "text"], ["follow_up_topic", "text"],
  ]),
  t("catalog.card_reports", ["card_id", "lang"], [["card_id", "text"], ["lang", "text"], ["object_key", "text"], ["archived_at", "bigint"]]),
  t("catalog.topic_pool", ["pool_id"], [
    ["pool_id", "text"], ["topic", "text"], ["question", "text"], ["suggested_analyst_id", "text"], ["rationale", "text"], ["source_kind", "text"],
    ["source_run_id", "text"], ["source_analyst_id", "text"], ["priority", "text"], ["score", "double"], ["status", "text"],
    ["promoted_board_id", "uuid"], ["created_at", "bigint"], ["promoted_at", "bigint"], ["expires_at", "bigint"],
  ]),
  t("catalog.similarity_log", ["log_id"], [
    ["log_id", "text"], ["decided_at", "bigint"], ["pool_id", "text"], ["board_id", "uuid"], ["candidate_topic", "text"],
    ["candidate_question", "text"], ["decision", "text"], ["reason", "text"], ["top_cosine", "double"], ["top_match_kind", "text"],
    ["top_match_id", "text"], ["top_match_age_days", "double"], ["matches", "jsonb"], ["thresholds", "jsonb"],
  ]),
  t("catalog.sessions", ["session_id"], [
    ["session_id", "text"], ["analyst_id", "text"], ["title", "text"], ["status", "text"], ["work_date", "date"], ["started_at", "bigint"],
    ["ended_at", "bigint"], ["workspace", "text"],
  ]),
  t("catalog.session_messages", ["session_id", "seq"], [["session_id", "text"], ["seq", "integer"], ["role", "text"], ["content", "text"], ["created_at", "bigint"]]),
  t("catalog.mailbox_threads", ["thread_id"], [
    ["thread_id", "text"], ["subject", "text"], ["participants", "text[]"], ["message_count", "integer"], ["last_message_at", "bigint"], ["created_at", "bigint"],
  ]),
  t("catalog.mailbox_messages", ["message_id"], [["message_id", "text"], ["thread_id", "text"], ["from_analyst", "text"], ["to_analyst", "text"], ["body", "text"], ["sent_at", "bigint"]]),
  t("catalog.events", ["event_id"], [["event_id", "text"], ["kind", "text"], ["subject_id", "text"], ["analyst_id", "text"], ["detail", "jsonb"], ["occurred_at", "bigint"]]),
  t("catalog.institute_memory", ["memory_id"], [["memory_id", "text"], ["title", "text"], ["body", "text"], ["updated_at", "bigint"]]),
  t("reports.reports", ["report_id"], [
    ["report_id", "text"], ["kind", "text"], ["analyst_id", "text"], ["work_date", "date"], ["lang", "text"], ["title", "text"], ["object_key", "text"], ["archived_at", "bigint"],
  ]),
  t("reports.fleet_health", ["snapshot_id"], [["snapshot_id", "text"], ["generated_at", "bigint"], ["object_key", "text"]]),
  t("reports.known_topics", ["topic"], [["topic", "text"], ["sort_order", "integer"]]),
  t("reports.data_topics", ["work_date", "topic"], [["work_date", "date"], ["topic", "text"], ["document", "jsonb"], ["bytes", "integer"], ["fetched_at", "bigint"]]),
  t("reports.coverage_artifacts", ["coverage_id"], [
    ["coverage_id", "text"], ["topic", "text"], ["requested_by", "text"], ["status", "text"], ["artifact", "text"], ["analyst_id", "text"],
    ["work_date", "date"], ["created_at", "bigint"], ["ended_at", "bigint"],
  ]),
  t("portfolio.portfolios", ["portfolio_id"], [
    ["portfolio_id", "text"], ["name", "text"], ["kind", "text"], ["owner_analyst_id", "text"], ["benchmark_id", "text"], ["inception_date", "date"],
  ]),
  t("portfolio.nav_snapshots", ["portfolio_id", "taken_at"], [["portfolio_id", "text"], ["taken_at", "bigint"], ["nav", "double"]]),
  t("search.documents", ["doc_id"], [
    ["doc_id", "text"], ["session_id", "text"], ["analyst_id", "text"], ["path", "text"], ["title", "text"], ["lang", "text"], ["body", "text"], ["archived_at", "bigint"],
  ]),
  t("factcard.fact_cards", ["fact_card_id"], [
    ["fact_card_id", "text"], ["parent_kind", "text"], ["parent_id", "text"], ["parent_session_id", "text"], ["claim_text", "text"],
    ["claim_text_en", "text"], ["claim_category", "text"], ["priority", "text"], ["status", "text"], ["verdict", "text"], ["found_text", "text"],
    ["found_text_en", "text"], ["source_urls", "text[]"], ["similar_to_fact_id", "text"], ["similarity_score", "double"],
    ["embedding_status", "text"], ["created_at", "bigint"], ["completed_at", "bigint"], ["updated_at", "bigint"],
  ]),
  t("factcard.chain_facts", ["fact_id"], [["fact_id", "text"], ["chain_id", "text"], ["seq", "integer"], ["statement", "text"], ["analyst_id", "text"], ["work_date", "date"], ["created_at", "bigint"]]),
  t("factcard.chain_fact_tags", ["fact_id", "tag"], [["fact_id", "text"], ["tag", "text"], ["tagged_at", "bigint"]]),
  t("factcard.chain_links", ["fact_id", "ref"], [["fact_id", "text"], ["artifact_kind", "text"], ["ref", "text"], ["author", "text"], ["date", "date"]]),
] as const satisfies readonly TableSpec[];

export type TableName = (typeof TABLES)[number]["table"];
