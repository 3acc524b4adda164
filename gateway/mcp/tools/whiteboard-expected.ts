/** The JSON of the catalog's fixture rows (services/catalog/test-fixtures.ts) as REST serves them and the tools must too. */
import { BOARD, NOW_S } from "../../../services/catalog/test-fixtures.js";

export const queued = {
  board_id: BOARD.queued, work_date: "2026-03-10", root_analyst_id: null, root_topic: null, root_question: null,
  status: "queued", card_count: 0, max_cards: 0, created_at: 1773100000000, updated_at: 1773100900000,
};
export const running = {
  board_id: BOARD.running, work_date: "2026-03-10", root_analyst_id: "a-alpha", root_topic: "USD liquidity", root_question: null,
  status: "running", card_count: 1, max_cards: 4, created_at: 1773100000000, updated_at: 1773100900000,
};
export const later = {
  board_id: BOARD.later, work_date: "2026-03-10", root_analyst_id: "a-gamma", root_topic: "CNY outlook", root_question: null,
  status: "completed", card_count: 0, max_cards: 2, created_at: 1773050000000, updated_at: 1773050700000,
};
export const completed = {
  board_id: BOARD.completed, work_date: "2026-03-09", root_analyst_id: "a-zeta", root_topic: "Copper supply",
  root_question: "Is the copper squeeze priced in?", status: "completed", card_count: 3, max_cards: 6,
  created_at: 1773000000000, updated_at: 1773000500000,
};
export const failed = {
  board_id: BOARD.failed, work_date: "2026-03-08", root_analyst_id: "a-beta", root_topic: "Rates",
  root_question: "Where is the terminal rate?", status: "failed", card_count: 0, max_cards: 3,
  created_at: 1772900000000, updated_at: 1772900100000,
};

const noCardFields = {
  hand: null, topic: null, question: null, stance: null, work_date: null, summary: null, report_path: null, report_r2_key: null,
  report_url: null, started_at: null, completed_at: null, follow_up_analyst_id: null, follow_up_topic: null,
};
export const cFull = {
  card_id: "c-full", board_id: BOARD.completed, card_index: 0, analyst_id: "a-zeta", hand: "opus", topic: "Copper supply",
  question: "Is the copper squeeze priced in?", stance: "bull", status: "completed", work_date: "2026-03-09",
  summary: "Concentrate deficit widens.", report_path: "reports/c-full.md", report_r2_key: "r2/cards/c-full.md",
  report_url: "/api/v1/whiteboard/cards/c-full/report", started_at: 1773000100000, completed_at: 1773000200000,
  follow_up_analyst_id: "a-alpha", follow_up_topic: "USD liquidity",
};
export const cPlain = {
  ...noCardFields, card_id: "c-plain", board_id: BOARD.completed, card_index: 1, analyst_id: "a-alpha", hand: "sonnet",
  topic: "Rates read-through", stance: "neutral", status: "completed", work_date: "2026-03-09",
  report_url: "/api/v1/whiteboard/cards/c-plain/report", started_at: 1773000300000,
};
export const cNone = { ...noCardFields, card_id: "c-none", board_id: BOARD.completed, card_index: 2, analyst_id: "a-beta", status: "failed" };
export const cZh = {
  ...noCardFields, card_id: "c-zh", board_id: BOARD.running, card_index: 0, analyst_id: "a-alpha", topic: "USD liquidity",
  status: "running", work_date: "2026-03-10", report_url: "/api/v1/whiteboard/cards/c-zh/report", started_at: 1773100100000,
};

const noPoolFields = { question: null, suggested_analyst_id: null, rationale: null, source_run_id: null, source_analyst_id: null, promoted_board_id: null, promoted_at: null };
export const pPromoted = {
  ...noPoolFields, pool_id: "p-promoted", topic: "USD liquidity", source_kind: "follow_up", priority: "high", score: 0.9, status: "promoted",
  promoted_board_id: BOARD.running, created_at: 1773050000000, promoted_at: 1773100000000, expires_at: 1773650000000,
};
export const pTop = {
  pool_id: "p-top", topic: "Copper supply", question: "Is the squeeze priced in?", suggested_analyst_id: "a-zeta", rationale: "Smelter cuts",
  source_kind: "analyst", source_run_id: "run-1", source_analyst_id: "a-zeta", priority: "high", score: 0.9, status: "candidate",
  promoted_board_id: null, created_at: 1773000000000, promoted_at: null, expires_at: 1773600000000,
};
export const pMid = {
  ...noPoolFields, pool_id: "p-mid", topic: "Rates", suggested_analyst_id: "a-beta", source_kind: "news", priority: "normal", score: 0.5,
  status: "candidate", created_at: 1773060000000, expires_at: 1773660000000,
};

const bareLog = (log_id: string, decided_at: number, decision: string) => ({
  log_id, decided_at, pool_id: null, board_id: null, candidate_topic: null, candidate_question: null, decision, reason: null,
  top_cosine: null, top_match_kind: null, top_match_id: null, top_match_age_days: null, matches: [], thresholds: null,
});
export const lFresh = { ...bareLog("l-fresh", NOW_S - 100, "fresh"), pool_id: "p-top", candidate_topic: "Copper supply", reason: "no prior thread" };
export const lSkip = {
  log_id: "l-skip", decided_at: NOW_S - 200, pool_id: "p-mid", board_id: BOARD.failed, candidate_topic: "Rates",
  candidate_question: "Where is the terminal rate?", decision: "skip-summarize", reason: "near-duplicate", top_cosine: 0.93,
  top_match_kind: "thread", top_match_id: BOARD.failed, top_match_age_days: 2.5,
  matches: [
    { score: 0.93, kind: "thread", id: BOARD.failed, age_days: 2.5, topic: "Rates" },
    { score: 0.41, kind: null, id: null, age_days: null, topic: null },
  ],
  thresholds: { skip: 0.9, augment: 0.75, floor: null },
};
export const lAugment = {
  ...bareLog("l-augment", NOW_S - 200, "context-augmented"), pool_id: "p-promoted", board_id: BOARD.running, candidate_topic: "USD liquidity",
  top_cosine: 0.8, top_match_kind: "card", top_match_id: "c-full", top_match_age_days: 1, thresholds: {},
};
export const summary_7d = { "skip-summarize": 1, "context-augmented": 1, fresh: 2 };
