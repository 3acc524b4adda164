/** review_portfolio: one portfolio's track record as a resource and its place on the leaderboard, for a performance review. */
import { text, type PromptDefinition } from "./prompt.js";

/** More than the institute runs, so a persona portfolio's rank is always found. */
const LEADERBOARD_MAX = 100;

export const REVIEW_PORTFOLIO: PromptDefinition = {
  name: "review_portfolio",
  title: "Review a portfolio",
  description:
    "Use to review one paper portfolio's performance: embeds its track record (metrics and how they are computed) and says where it ranks by Sharpe.",
  arguments: [
    {
      name: "portfolio_id",
      title: "Portfolio",
      description: "The portfolio's id, as on the leaderboard.",
      required: true,
      schema: { type: "string", minLength: 1, maxLength: 200 },
      complete: "portfolio_id",
    },
  ],
  tools: ["portfolios_metrics", "portfolios_leaderboard"],
  async get(args, ctx) {
    const id = args.portfolio_id!;
    // Reading the metrics first refuses an unknown portfolio before anything else is asked.
    await ctx.callTool("portfolios_metrics", { portfolio_id: id });
    const board = await ctx.callTool("portfolios_leaderboard", { limit: LEADERBOARD_MAX });
    const rank = board.leaderboard.findIndex((p: { portfolio_id: string }) => p.portfolio_id === id);
    const standing =
      rank < 0
        ? "It is not one of the persona portfolios on the leaderboard (a benchmark, perhaps)."
        : `It ranks ${rank + 1} of ${board.count} persona portfolios by Sharpe.`;
    const record = await ctx.embed(`institute://portfolios/${encodeURIComponent(id)}`);
    return {
      description: `Review of portfolio ${id}`,
      messages: [
        text(
          `Review the paper portfolio ${id}. ${standing} Using its track record below, judge its risk-adjusted performance: return against volatility and drawdown, consistency (best and worst days), and alpha against its benchmark where it has one. Say what the figures cannot tell yet (too few returns, a benchmark not yet accrued).`,
        ),
        ...(record ? [record] : []),
      ],
    };
  },
};
