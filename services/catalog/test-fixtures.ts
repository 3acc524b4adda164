/**
 * Hand-made catalog rows for the service and gateway tests, written through the owner pool. Small enough to
 * state every expected body literally; bulk rows sit below the named ones in every order, to exercise limits.
 */
import type { Pool } from "../../lib/db/pool.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";

/** "Now" for the tests: 2026-03-10T04:00:00Z. */
export const FIXED_NOW = Date.UTC(2026, 2, 10, 4, 0, 0);
export const NOW_S = FIXED_NOW / 1000;
const DAY_S = 86_400;

export const BOARD = {
  completed: "11111111-1111-4111-8111-111111111111",
  running: "22222222-2222-4222-8222-222222222222",
  queued: "33333333-3333-4333-8333-333333333333",
  failed: "44444444-4444-4444-8444-444444444444",
  later: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa",
  /** A well-formed uuid that names no board. */
  unknown: "99999999-9999-4999-8999-999999999999",
} as const;

export const BULK_THREADS = 60; // status 'active', updated before every named thread
export const BULK_POOL = 110; // status 'expired', scored below every named entry
export const BULK_LOG = 110; // decided 60 days ago, outside the 7-day summary

export const REPORT = {
  en: "# Copper: the supply squeeze\n\nSmelter cuts tighten the concentrate market.\n",
  zh: "# 铜：供给收紧\n\n冶炼厂减产使精矿市场趋紧。\n",
  plain: "# Copper notes\n\nLanguage-agnostic draft.\n",
  plainOnly: "# Rates desk memo\n\nCurve steepening continues.\n",
  zhOnly: "# 人民币展望\n\n仅有中文版本。\n",
};

export async function fillCatalog(owner: Pool): Promise<void> {
  const q = (text: string, values: unknown[] = []) => owner.query(text, values);

  await q(`INSERT INTO catalog.categories (category_id, name, name_en, sort_order) VALUES
    ('macro', '宏观', 'Macro', 1), ('equity', '股票', NULL, 0), ('empty', '空', 'Empty', 2)`);
  await q(`INSERT INTO catalog.analysts (analyst_id, name, name_en, icon, agent, specialty, specialty_en, category_id, tasks_default, sort_order) VALUES
    ('a-zeta', '泽塔', 'Zeta', '📈', 'claude', '股票研究', 'Equity research', 'equity', '{daily,weekly}', 5),
    ('a-alpha', '阿尔法', 'Alpha', NULL, NULL, NULL, NULL, 'macro', '{weekly}', 1),
    ('a-beta', '贝塔', NULL, NULL, NULL, NULL, NULL, 'macro', '{}', 0),
    ('a-gamma', '伽马', 'Gamma', '🌐', 'codex', '利率', 'Rates', 'macro', '{}', 1),
    ('a-free', '自由', 'Free', NULL, NULL, NULL, NULL, NULL, '{daily}', 0)`);

  await q(`INSERT INTO catalog.threads (board_id, work_date, root_analyst_id, root_topic, root_question, status, max_cards, created_at, updated_at) VALUES
    ($1, '2026-03-09', 'a-zeta', 'Copper supply', 'Is the copper squeeze priced in?', 'completed', 6, 1773000000000, 1773000500000),
    ($2, '2026-03-10', 'a-alpha', 'USD liquidity', NULL, 'running', 4, 1773100000000, 1773100900000),
    ($3, '2026-03-10', NULL, NULL, NULL, 'queued', 0, 1773100000000, 1773100900000),
    ($4, '2026-03-08', 'a-beta', 'Rates', 'Where is the terminal rate?', 'failed', 3, 1772900000000, 1772900100000),
    ($5, '2026-03-10', 'a-gamma', 'CNY outlook', NULL, 'completed', 2, 1773050000000, 1773050700000)`,
    [BOARD.completed, BOARD.running, BOARD.queued, BOARD.failed, BOARD.later]);
  await q(`INSERT INTO catalog.threads (board_id, work_date, status, max_cards, created_at, updated_at)
    SELECT md5('bulk-thread-' || i)::uuid, '2026-01-05', 'active', 1, 1767000000000 + i, 1767000000000 + i FROM generate_series(1, ${BULK_THREADS}) i`);

  // Cards inserted out of order: the detail must order them by card_index.
  await q(`INSERT INTO catalog.cards (card_id, board_id, card_index, analyst_id, hand, topic, question, stance, status, work_date, summary,
      report_path, report_r2_key, started_at, completed_at, follow_up_analyst_id, follow_up_topic) VALUES
    ('c-none', $1, 2, 'a-beta', NULL, NULL, NULL, NULL, 'failed', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
    ('c-full', $1, 0, 'a-zeta', 'opus', 'Copper supply', 'Is the copper squeeze priced in?', 'bull', 'completed', '2026-03-09',
      'Concentrate deficit widens.', 'reports/c-full.md', 'r2/cards/c-full.md', 1773000100000, 1773000200000, 'a-alpha', 'USD liquidity'),
    ('c-plain', $1, 1, 'a-alpha', 'sonnet', 'Rates read-through', NULL, 'neutral', 'completed', '2026-03-09', NULL,
      NULL, NULL, 1773000300000, NULL, NULL, NULL),
    ('c-zh', $2, 0, 'a-alpha', NULL, 'USD liquidity', NULL, NULL, 'running', '2026-03-10', NULL, NULL, NULL, 1773100100000, NULL, NULL, NULL)`,
    [BOARD.completed, BOARD.running]);

  const objects = createPostgresObjectStore(owner);
  const reports: [string, string, string, number][] = [
    ["c-full", "en", REPORT.en, 1773000210000],
    ["c-full", "zh", REPORT.zh, 1773000220000],
    ["c-full", "plain", REPORT.plain, 1773000230000],
    ["c-plain", "plain", REPORT.plainOnly, 1773000400000],
    ["c-zh", "zh", REPORT.zhOnly, 1773100200000],
  ];
  for (const [card, lang, body, archivedAt] of reports) {
    const key = `cards/${card}/${lang}.md`;
    await objects.put(key, body, archivedAt);
    await q("INSERT INTO catalog.card_reports (card_id, lang, object_key, archived_at) VALUES ($1, $2, $3, $4)", [card, lang, key, archivedAt]);
  }

  await q(`INSERT INTO catalog.topic_pool (pool_id, topic, question, suggested_analyst_id, rationale, source_kind, source_run_id, source_analyst_id,
      priority, score, status, promoted_board_id, created_at, promoted_at, expires_at) VALUES
    ('p-top', 'Copper supply', 'Is the squeeze priced in?', 'a-zeta', 'Smelter cuts', 'analyst', 'run-1', 'a-zeta', 'high', 0.9, 'candidate', NULL, 1773000000000, NULL, 1773600000000),
    ('p-promoted', 'USD liquidity', NULL, NULL, NULL, 'follow_up', NULL, NULL, 'high', 0.9, 'promoted', $1, 1773050000000, 1773100000000, 1773650000000),
    ('p-mid', 'Rates', NULL, 'a-beta', NULL, 'news', NULL, NULL, 'normal', 0.5, 'candidate', NULL, 1773060000000, NULL, 1773660000000),
    ('p-rejected', 'Gold', NULL, NULL, 'Duplicate', 'news', NULL, NULL, 'normal', 0.5, 'rejected', NULL, 1773060000000, NULL, 1773660000000),
    ('p-expired', 'Oil', NULL, NULL, NULL, 'news', NULL, NULL, 'low', 0.25, 'expired', NULL, 1772000000000, NULL, 1772600000000)`,
    [BOARD.running]);
  await q(`INSERT INTO catalog.topic_pool (pool_id, topic, source_kind, priority, score, status, created_at, expires_at)
    SELECT 'bulk-' || lpad(i::text, 3, '0'), 'Bulk topic ' || i, 'news', 'low', 0.01, 'expired', 1760000000000 + i, 1760600000000
      FROM generate_series(1, ${BULK_POOL}) i`);

  await q(`INSERT INTO catalog.similarity_log (log_id, decided_at, pool_id, board_id, candidate_topic, candidate_question, decision, reason,
      top_cosine, top_match_kind, top_match_id, top_match_age_days, matches, thresholds) VALUES
    ('l-fresh', $1, 'p-top', NULL, 'Copper supply', NULL, 'fresh', 'no prior thread', NULL, NULL, NULL, NULL, '[]', NULL),
    ('l-skip', $2, 'p-mid', $6::uuid, 'Rates', 'Where is the terminal rate?', 'skip-summarize', 'near-duplicate', 0.93, 'thread', $6::text, 2.5,
      '[{"score": 0.93, "kind": "thread", "id": "${BOARD.failed}", "age_days": 2.5, "topic": "Rates"}, {"score": 0.41}]',
      '{"skip": 0.9, "augment": 0.75, "floor": null}'),
    ('l-augment', $2, 'p-promoted', $7, 'USD liquidity', NULL, 'context-augmented', NULL, 0.8, 'card', 'c-full', 1, '[]', '{}'),
    ('l-edge', $3, NULL, NULL, NULL, NULL, 'fresh', NULL, NULL, NULL, NULL, NULL, '[]', NULL),
    ('l-outside', $4, NULL, NULL, NULL, NULL, 'skip-summarize', NULL, NULL, NULL, NULL, NULL, '[]', NULL),
    ('l-old', $5, NULL, NULL, NULL, NULL, 'context-augmented', NULL, NULL, NULL, NULL, NULL, '[]', NULL)`,
    [NOW_S - 100, NOW_S - 200, NOW_S - 7 * DAY_S, NOW_S - 7 * DAY_S - 1, NOW_S - 30 * DAY_S, BOARD.failed, BOARD.running]);
  await q(`INSERT INTO catalog.similarity_log (log_id, decided_at, decision)
    SELECT 'bulk-' || lpad(i::text, 3, '0'), $1::bigint - i, 'fresh' FROM generate_series(1, ${BULK_LOG}) i`, [NOW_S - 60 * DAY_S]);
}
