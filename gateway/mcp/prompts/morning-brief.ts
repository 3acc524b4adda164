/**
 * morning_brief: the day's daily report, the leaderboard's top five (each as its track-record resource) and the fact
 * cards disputed in the last day, for an agent asked to brief a reader at the start of the day.
 */
import { workDateOf } from "../../../lib/work-date.js";
import { workDate } from "../../schemas/common.js";
import { text, type PromptDefinition, type PromptMessage } from "./prompt.js";

const TOP = 5;
const DAY_MS = 86_400_000;
/** Disputed cards looked at: the newest this many, of which those completed in the last day are shown. */
const DISPUTED_SCAN = 200;

export const MORNING_BRIEF: PromptDefinition = {
  name: "morning_brief",
  title: "Morning brief",
  description:
    "Use at the start of a day to brief a reader: embeds the daily report (today's, else the latest within three days, or the date given), the top 5 portfolios by Sharpe and the fact cards disputed in the last day.",
  arguments: [
    {
      name: "date",
      title: "Work date",
      description: "A work date with a daily report, YYYY-MM-DD; omitted: the latest.",
      required: false,
      schema: workDate,
      complete: "daily_date",
    },
    {
      name: "lang",
      title: "Language",
      description: "en or zh; omitted: English, then the language-agnostic report.",
      required: false,
      schema: { type: "string", enum: ["en", "zh"] },
      complete: "lang",
    },
  ],
  tools: ["reports_daily", "reports_latest", "portfolios_leaderboard", "portfolios_metrics", "factcards_list"],
  async get(args, ctx) {
    const now = ctx.now();
    const date: string = args.date ?? (await ctx.callTool("reports_latest", {})).daily?.work_date ?? workDateOf(now);
    const dailyUri = `institute://reports/daily/${date}${args.lang ? `?lang=${args.lang}` : ""}`;
    const daily = await ctx.embed(dailyUri);

    const board = await ctx.callTool("portfolios_leaderboard", { limit: TOP });
    const top = (
      await Promise.all(
        board.leaderboard.map((p: { portfolio_id: string }) =>
          ctx.embed(`institute://portfolios/${encodeURIComponent(p.portfolio_id)}`),
        ),
      )
    ).filter((m): m is PromptMessage => m !== undefined);

    const disputed = (
      await ctx.callTool("factcards_list", { verdict: "disputed", limit: DISPUTED_SCAN })
    ).fact_cards.filter(
      (f: { completed_at: number | null; updated_at: number }) => (f.completed_at ?? f.updated_at) >= now - DAY_MS,
    );
    const disputedText = disputed.length
      ? disputed
          .map(
            (f: {
              fact_card_id: string;
              claim_category: string;
              claim_text_en: string;
              found_text_en: string | null;
            }) =>
              `- ${f.fact_card_id} (${f.claim_category}): ${f.claim_text_en}${f.found_text_en ? ` (found: ${f.found_text_en})` : ""}`,
          )
          .join("\n")
      : "- none";

    return {
      description: `Morning brief for ${date}`,
      messages: [
        text(
          `Brief me for the work date ${date}. From the daily report below, give the main calls and what changed; then how the top ${TOP} portfolios by Sharpe stand (their track records follow); then the fact cards disputed in the last day, and whether any of them touches a claim in the report. Cite the report's sections.`,
        ),
        daily ?? text(`There is no daily report for ${date}${args.lang ? ` in ${args.lang}` : ""} (${dailyUri}).`),
        ...top,
        text(`Fact cards disputed in the last day:\n${disputedText}`),
      ],
    };
  },
};
