/**
 * Requests that reach every REST route and every tool, with identifiers read from the seeded demo database, for the
 * test that compares the cluster with the all-in-one. A route or tool without a request here fails that test.
 */
import type { Pool } from "../../lib/db/pool.js";

export interface RestRequest {
  /** The route as OpenAPI names it: /api/v1/analysts/{analystId}. */
  route: string;
  method: "GET" | "POST";
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

async function one<T = Record<string, string>>(db: Pool, sql: string): Promise<T> {
  const { rows } = await db.query(sql);
  if (!rows[0]) throw new Error(`the demo dataset has no row for: ${sql}`);
  return rows[0] as T;
}

/** Identifiers of the demo dataset, one of each kind the routes and tools take. */
export async function sampleIds(db: Pool) {
  const analyst = await one(db, "SELECT analyst_id FROM catalog.analysts ORDER BY sort_order, analyst_id LIMIT 1");
  const thread = await one(
    db,
    "SELECT board_id::text FROM catalog.threads t WHERE EXISTS (SELECT 1 FROM catalog.cards c WHERE c.board_id = t.board_id) ORDER BY board_id LIMIT 1",
  );
  const report = await one(db, "SELECT card_id, lang FROM catalog.card_reports ORDER BY card_id, lang LIMIT 1");
  const daily = await one(
    db,
    "SELECT work_date::text AS date FROM reports.reports WHERE kind = 'daily' AND lang <> 'zh' ORDER BY work_date DESC LIMIT 1",
  );
  const weekly = await one(
    db,
    "SELECT work_date::text AS date, analyst_id FROM reports.reports WHERE kind = 'weekly' AND lang <> 'zh' ORDER BY archived_at DESC LIMIT 1",
  );
  const data = await one(
    db,
    "SELECT work_date::text AS date, topic FROM reports.data_topics ORDER BY work_date DESC, topic LIMIT 1",
  );
  const portfolios = (
    await db.query("SELECT portfolio_id FROM portfolio.portfolios ORDER BY portfolio_id LIMIT 2")
  ).rows.map((r) => r.portfolio_id as string);
  const factCard = await one(db, "SELECT fact_card_id FROM factcard.fact_cards ORDER BY fact_card_id LIMIT 1");
  const message = await one<{ session_id: string; seq: number }>(
    db,
    "SELECT session_id, seq FROM catalog.session_messages ORDER BY session_id, seq LIMIT 1",
  );
  const mail = await one(
    db,
    "SELECT thread_id, message_id, from_analyst FROM catalog.mailbox_messages ORDER BY sent_at, message_id LIMIT 1",
  );
  const event = await one(
    db,
    "SELECT event_id, kind, subject_id FROM catalog.events WHERE subject_id IS NOT NULL ORDER BY event_id LIMIT 1",
  );
  const fact = await one(
    db,
    "SELECT f.fact_id, f.chain_id, t.tag FROM factcard.chain_facts f JOIN factcard.chain_fact_tags t USING (fact_id) ORDER BY f.fact_id LIMIT 1",
  );
  const link = await one(db, "SELECT ref FROM factcard.chain_links ORDER BY ref LIMIT 1");
  return { analyst, thread, report, daily, weekly, data, portfolios, factCard, message, mail, event, fact, link };
}

export type SampleIds = Awaited<ReturnType<typeof sampleIds>>;

export function restRequests(ids: SampleIds): RestRequest[] {
  const get = (route: string, url: string): RestRequest => ({ route, method: "GET", url });
  const v1 = "/api/v1";
  return [
    get(`${v1}/meta`, `${v1}/meta`),
    get(`${v1}/analysts`, `${v1}/analysts`),
    get(`${v1}/analysts/{analystId}`, `${v1}/analysts/${ids.analyst.analyst_id}`),
    get(`${v1}/analysts/{analystId}`, `${v1}/analysts/nobody-at-all`),
    get(`${v1}/whiteboard/threads`, `${v1}/whiteboard/threads?limit=5`),
    get(`${v1}/whiteboard/threads/{boardId}`, `${v1}/whiteboard/threads/${ids.thread.board_id}`),
    get(
      `${v1}/whiteboard/cards/{cardId}/report`,
      `${v1}/whiteboard/cards/${ids.report.card_id}/report?lang=${ids.report.lang === "plain" ? "en" : ids.report.lang}`,
    ),
    get(`${v1}/whiteboard/cards/{cardId}/report`, `${v1}/whiteboard/cards/${ids.report.card_id}/report`),
    get(`${v1}/whiteboard/topic-pool`, `${v1}/whiteboard/topic-pool?status=all&limit=10`),
    get(`${v1}/whiteboard/similarity-log`, `${v1}/whiteboard/similarity-log?limit=10`),
    get(`${v1}/reports/daily/{date}`, `${v1}/reports/daily/${ids.daily.date}`),
    get(`${v1}/reports/weekly/{date}`, `${v1}/reports/weekly/${ids.weekly.date}`),
    get(`${v1}/reports/weekly/{date}/{analystId}`, `${v1}/reports/weekly/${ids.weekly.date}/${ids.weekly.analyst_id}`),
    get(`${v1}/reports/fleet-health/latest`, `${v1}/reports/fleet-health/latest`),
    get(`${v1}/data/{date}/topics`, `${v1}/data/${ids.data.date}/topics`),
    get(`${v1}/data/{date}/{topic}`, `${v1}/data/${ids.data.date}/${ids.data.topic}`),
    get(`${v1}/latest`, `${v1}/latest`),
    get(`${v1}/portfolios/leaderboard`, `${v1}/portfolios/leaderboard`),
    get(`${v1}/portfolios/{portfolioId}/metrics`, `${v1}/portfolios/${ids.portfolios[0]}/metrics`),
    get(`${v1}/portfolios/{portfolioId}/metrics`, `${v1}/portfolios/no-such-portfolio/metrics`),
    get(`${v1}/portfolios/{portfolioId}/series`, `${v1}/portfolios/${ids.portfolios[0]}/series`),
    get(`${v1}/portfolios/{portfolioId}/tear-sheet`, `${v1}/portfolios/${ids.portfolios[0]}/tear-sheet`),
    get(`${v1}/portfolios/{portfolioId}/chart.svg`, `${v1}/portfolios/${ids.portfolios[0]}/chart.svg?theme=dark`),
    get(`${v1}/portfolios/leaderboard/chart.svg`, `${v1}/portfolios/leaderboard/chart.svg`),
    get(`${v1}/feeds/daily/feed.atom`, `${v1}/feeds/daily/feed.atom`),
    get(`${v1}/feeds/daily/feed.json`, `${v1}/feeds/daily/feed.json?lang=zh`),
    get(`${v1}/feeds/weekly/{analystId}/feed.atom`, `${v1}/feeds/weekly/${ids.weekly.analyst_id}/feed.atom`),
    get(`${v1}/feeds/weekly/{analystId}/feed.json`, `${v1}/feeds/weekly/${ids.weekly.analyst_id}/feed.json`),
    { route: `${v1}/search`, method: "POST", url: `${v1}/search`, body: { query: "rates and inflation", top_k: 5 } },
    get(`${v1}/factcards`, `${v1}/factcards?limit=5`),
    get(`${v1}/factcards/{factCardId}`, `${v1}/factcards/${ids.factCard.fact_card_id}`),
    get(`${v1}/factcards/{factCardId}/similar`, `${v1}/factcards/${ids.factCard.fact_card_id}/similar`),
    get(`${v1}/changes`, `${v1}/changes?limit=5`),
  ];
}

/** Arguments for each tool (coverage_artifacts is called with a coverage peer's key). */
export function toolArguments(ids: SampleIds): Record<string, Record<string, unknown>> {
  const lang = ids.report.lang === "plain" ? undefined : ids.report.lang;
  return {
    analysts_list: {},
    analysts_get: { analyst_id: ids.analyst.analyst_id },
    whiteboard_list_threads: { limit: 5 },
    whiteboard_list_boards: { limit: 3 },
    whiteboard_get_thread: { board_id: ids.thread.board_id },
    whiteboard_get_card: { card_id: ids.report.card_id },
    whiteboard_card_report: { card_id: ids.report.card_id, ...(lang ? { lang } : {}) },
    whiteboard_card_report_languages: { card_id: ids.report.card_id },
    whiteboard_card_actions: { card_id: ids.report.card_id },
    whiteboard_analyst_cards: { analyst_id: ids.analyst.analyst_id },
    whiteboard_topic_pool: {},
    whiteboard_similarity_log: {},
    reports_daily: { date: ids.daily.date },
    reports_weekly_index: { date: ids.weekly.date },
    reports_weekly_author: { date: ids.weekly.date, analyst_id: ids.weekly.analyst_id },
    reports_fleet_health: {},
    reports_latest: {},
    data_list_topics: { date: ids.data.date },
    data_get_topic: { date: ids.data.date, topic: ids.data.topic },
    portfolios_leaderboard: {},
    portfolios_metrics: { portfolio_id: ids.portfolios[0] },
    portfolios_compare: { portfolio_ids: ids.portfolios },
    portfolios_series: { portfolio_id: ids.portfolios[0] },
    portfolios_tear_sheet: { portfolio_id: ids.portfolios[0] },
    search_artifacts: { query: "rates and inflation" },
    factcards_list: { limit: 3 },
    factcards_get: { fact_card_id: ids.factCard.fact_card_id },
    factcards_similar: { fact_card_id: ids.factCard.fact_card_id },
    sessions_list: {},
    sessions_get: { session_id: ids.message.session_id },
    sessions_messages: { session_id: ids.message.session_id },
    sessions_message_get: { session_id: ids.message.session_id, seq: ids.message.seq },
    sessions_workspace_read: { session_id: ids.message.session_id },
    mailbox_list_threads: { limit: 3 },
    mailbox_get_thread: { thread_id: ids.mail.thread_id },
    mailbox_thread_messages: { thread_id: ids.mail.thread_id },
    mailbox_get_message: { message_id: ids.mail.message_id },
    mailbox_analyst_messages: { analyst_id: ids.mail.from_analyst },
    events_list: {},
    events_by_kind: { kind: ids.event.kind },
    events_for_subject: { subject_id: ids.event.subject_id },
    events_get: { event_id: ids.event.event_id },
    events_kinds: {},
    chain_facts_page: { tag: ids.fact.tag },
    chain_fact_get: { fact_id: ids.fact.fact_id },
    chain_fact_tags: { fact_id: ids.fact.fact_id },
    chain_links: { fact_id: ids.fact.fact_id },
    chain_list: {},
    chain_steps: { chain_id: ids.fact.chain_id },
    chain_tags: {},
    chain_citations: { ref: ids.link.ref },
    coverage_artifacts: {},
    research_queue_pulse: {},
    institute_memory_md: {},
    changes_since: { limit: 5 },
  };
}
