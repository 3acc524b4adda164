/**
 * The portfolio track record as tools (spec §2.7, §4.1 rule 7), viewer:read (REST's portfolios:read is not a tool
 * scope). The leaderboard is bounded: the REST route returns every persona portfolio; the tool returns up to
 * `limit` of them, by Sharpe, and says whether more exist.
 */
import { GetSeriesResponseSchema, PortfolioMetricsSchema, TearSheetSchema } from "../../../gen/institute/portfolio/v1/portfolio_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { object } from "../../schemas/common.js";
import { portfolioMetrics } from "../../schemas/portfolio.js";
import { portfolioSeries, tearSheet } from "../../schemas/tear-sheet.js";
import type { ToolDefinition } from "../tool.js";
import { fetchBounded, limitInput } from "./bounded.js";
import { required } from "../../operations/service-answers.js";
import { arrayOf, boundedList, idInput, input, workDateInput } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };
/** The institute runs 26 persona portfolios: the default shows them all. */
const LEADERBOARD_BOUND = { default: 30, max: 100 };
const portfolioIdInput = idInput("The portfolio's id, as portfolio_id on the leaderboard.");

const leaderboard: ToolDefinition<{ limit?: number }> = {
  name: "portfolios_leaderboard",
  title: "The portfolio leaderboard",
  description: "The institute's persona paper portfolios with their risk-adjusted metrics, by Sharpe descending (nulls last).",
  grant,
  toolset: "portfolios",
  inputSchema: input({ limit: limitInput(LEADERBOARD_BOUND, "portfolios") }),
  outputSchema: boundedList("leaderboard", portfolioMetrics),
  bound: LEADERBOARD_BOUND,
  pager: "none",
  async call(args, { clients }) {
    const { rows, bound } = await fetchBounded(args, LEADERBOARD_BOUND, async (n) => (await clients.portfolio.getLeaderboard({ limit: n })).leaderboard);
    return { leaderboard: rows.map((m) => protoToJson(PortfolioMetricsSchema, m)), count: rows.length, bound };
  },
};

const metrics: ToolDefinition<{ portfolio_id: string }> = {
  name: "portfolios_metrics",
  title: "Metrics of one portfolio",
  description: "Risk-adjusted metrics of one portfolio (persona or benchmark) over its daily NAV series.",
  grant,
  toolset: "portfolios",
  inputSchema: input({ portfolio_id: portfolioIdInput }, ["portfolio_id"]),
  outputSchema: portfolioMetrics,
  pager: "none",
  async call({ portfolio_id }, { clients }) {
    const { metrics: m } = await clients.portfolio.getMetrics({ portfolioId: portfolio_id });
    return protoToJson(PortfolioMetricsSchema, required(m, "metrics"));
  },
};

/** At most this many portfolios in one comparison (more than the institute runs). */
const COMPARE_MAX = 30;

const compare: ToolDefinition<{ portfolio_ids: string[] }> = {
  name: "portfolios_compare",
  title: "Compare portfolios",
  description: `Metrics of several portfolios side by side, in the order asked (2 to ${COMPARE_MAX} distinct ids).`,
  grant,
  toolset: "portfolios",
  inputSchema: input({ portfolio_ids: { type: "array", items: portfolioIdInput, minItems: 2, maxItems: COMPARE_MAX, uniqueItems: true, description: "The portfolios to compare, in the order wanted." } }, ["portfolio_ids"]),
  outputSchema: object({ portfolios: arrayOf(portfolioMetrics) }),
  pager: "none",
  async call({ portfolio_ids }, { clients }) {
    const all = await Promise.all(portfolio_ids.map((portfolioId) => clients.portfolio.getMetrics({ portfolioId })));
    return { portfolios: all.map(({ metrics: m }) => protoToJson(PortfolioMetricsSchema, required(m, "metrics"))) };
  },
};

const series: ToolDefinition<{ portfolio_id: string; from?: string; to?: string }> = {
  name: "portfolios_series",
  title: "Daily NAV series of one portfolio",
  description:
    "The daily NAV series the metrics are computed from (GET /api/v1/portfolios/{portfolioId}/series): per Singapore work date the NAV, the daily return, the drawdown from the running peak and the benchmark's NAV. from/to select work dates (inclusive); from after to is a validation error. Unknown is a not_found error.",
  grant,
  toolset: "portfolios",
  inputSchema: input(
    { portfolio_id: portfolioIdInput, from: workDateInput("First work date to include."), to: workDateInput("Last work date to include.") },
    ["portfolio_id"],
  ),
  outputSchema: portfolioSeries,
  pager: "none",
  async call({ portfolio_id, from = "", to = "" }, { clients }) {
    return protoToJson(GetSeriesResponseSchema, await clients.portfolio.getSeries({ portfolioId: portfolio_id, from, to }));
  },
};

const tearSheetTool: ToolDefinition<{ portfolio_id: string }> = {
  name: "portfolios_tear_sheet",
  title: "Tear sheet of one portfolio",
  description:
    "Everything a quantstats tear sheet shows for one portfolio (GET /api/v1/portfolios/{portfolioId}/tear-sheet): its metrics, period and monthly returns, the five deepest drawdowns, rolling Sharpe, volatility and beta, risk statistics, the probabilistic Sharpe and the Sharpe deflated for the selection among the persona portfolios, with the methodology. Unknown is a not_found error.",
  grant,
  toolset: "portfolios",
  inputSchema: input({ portfolio_id: portfolioIdInput }, ["portfolio_id"]),
  outputSchema: tearSheet,
  pager: "none",
  async call({ portfolio_id }, { clients }) {
    const { tearSheet: sheet } = await clients.portfolio.getTearSheet({ portfolioId: portfolio_id });
    return protoToJson(TearSheetSchema, required(sheet, "tear_sheet"));
  },
};

export const PORTFOLIO_TOOLS: ToolDefinition[] = [leaderboard, metrics, compare, series, tearSheetTool];
