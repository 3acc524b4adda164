/**
 * The portfolio track record as tools (spec §2.7, §4.1 rule 7), viewer:read (REST's portfolios:read is not a tool
 * scope). The leaderboard is bounded: the REST route returns every persona portfolio; the tool returns up to
 * `limit` of them, by Sharpe, and says whether more exist. The others are the operations of
 * gateway/operations/portfolios.ts as they are; portfolios_compare reads several through the metrics operation.
 */
import { leaderboard, metrics, portfolioIdInput, series, tearSheetOperation } from "../../operations/portfolios.js";
import { object } from "../../schemas/common.js";
import { portfolioMetrics } from "../../schemas/portfolio.js";
import type { ToolDefinition } from "../tool.js";
import { boundOf, limitInput, limitOf, overFetch } from "./bounded.js";
import { operationTool } from "./operation-tool.js";
import { arrayOf, boundedList, input } from "./tool-schemas.js";

const grant = { scope: "viewer:read" };
/** The institute runs 26 persona portfolios: the default shows them all. */
const LEADERBOARD_BOUND = { default: 30, max: 100 };

const leaderboardTool = operationTool<{ limit?: number }>(leaderboard, {
  title: "The portfolio leaderboard",
  description:
    "The institute's persona paper portfolios with their risk-adjusted metrics, by Sharpe descending (nulls last).",
  grant,
  toolset: "portfolios",
  inputSchema: input({ limit: limitInput(LEADERBOARD_BOUND, "portfolios") }),
  outputSchema: boundedList("leaderboard", portfolioMetrics),
  bound: LEADERBOARD_BOUND,
  async call(args, _ctx, read) {
    const limit = limitOf(args.limit, LEADERBOARD_BOUND);
    const page = await overFetch(limit, async (n) => (await read({ limit: n })).leaderboard as unknown[]);
    return { leaderboard: page.rows, count: page.rows.length, bound: boundOf(limit, page) };
  },
});

const metricsTool = operationTool(metrics, {
  title: "Metrics of one portfolio",
  description: "Risk-adjusted metrics of one portfolio (persona or benchmark) over its daily NAV series.",
  grant,
  toolset: "portfolios",
});

/** At most this many portfolios in one comparison (more than the institute runs). */
const COMPARE_MAX = 30;

const compare: ToolDefinition<{ portfolio_ids: string[] }> = {
  name: "portfolios_compare",
  title: "Compare portfolios",
  description: `Metrics of several portfolios side by side, in the order asked (2 to ${COMPARE_MAX} distinct ids).`,
  grant,
  toolset: "portfolios",
  inputSchema: input(
    {
      portfolio_ids: {
        type: "array",
        items: portfolioIdInput,
        minItems: 2,
        maxItems: COMPARE_MAX,
        uniqueItems: true,
        description: "The portfolios to compare, in the order wanted.",
      },
    },
    ["portfolio_ids"],
  ),
  outputSchema: object({ portfolios: arrayOf(portfolioMetrics) }),
  pager: "none",
  async call({ portfolio_ids }, { clients }) {
    return {
      portfolios: await Promise.all(portfolio_ids.map((portfolio_id) => metrics.call({ portfolio_id }, clients))),
    };
  },
};

const seriesTool = operationTool(series, {
  title: "Daily NAV series of one portfolio",
  description:
    "The daily NAV series the metrics are computed from (GET /api/v1/portfolios/{portfolioId}/series): per Singapore work date the NAV, the daily return, the drawdown from the running peak and the benchmark's NAV. from/to select work dates (inclusive); from after to is a validation error. Unknown is a not_found error.",
  grant,
  toolset: "portfolios",
});

const tearSheetTool = operationTool(tearSheetOperation, {
  title: "Tear sheet of one portfolio",
  description:
    "Everything a quantstats tear sheet shows for one portfolio (GET /api/v1/portfolios/{portfolioId}/tear-sheet): its metrics, period and monthly returns, the five deepest drawdowns, rolling Sharpe, volatility and beta, risk statistics, the probabilistic Sharpe and the Sharpe deflated for the selection among the persona portfolios, with the methodology. Unknown is a not_found error.",
  grant,
  toolset: "portfolios",
});

export const PORTFOLIO_TOOLS: ToolDefinition[] = [leaderboardTool, metricsTool, compare, seriesTool, tearSheetTool];
