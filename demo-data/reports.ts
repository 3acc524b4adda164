/**
 * Daily reports (the editor's, with drafts, plus a few non-canonical dailies by other analysts) for the last 60
 * work dates, and weekly reports by several analysts per ISO week, with re-runs.
 */
import { analystById, DAILY_EDITOR_ID, DESK_ANALYSTS } from "./analysts.js";
import { addDays, isoWeekOf, MINUTE } from "./clock.js";
import type { DemoContext } from "./context.js";
import { renderBlocks, type Block, type RenderLang } from "./markdown.js";
import { dailyBlocks, weeklyBlocks } from "./report-bodies.js";
import { topicsOf } from "./text.js";
import type { ThreadInfo } from "./whiteboard.js";

export interface ReportInfo {
  reportId: string;
  kind: "daily" | "weekly";
  analystId: string;
  workDate: string;
  lang: RenderLang;
  objectKey: string;
  archivedAt: number;
  title: string;
  /** The copy the service serves (last archived); drafts and re-runs are false. */
  final: boolean;
}

/** The index of the date (among the 60) whose daily exists only as a language-agnostic report. */
const PLAIN_ONLY_DAILY = 17;

function archive(
  ctx: DemoContext,
  out: ReportInfo[],
  r: Omit<ReportInfo, "reportId" | "objectKey" | "title">,
  blocks: Block[],
): void {
  const reportId = ctx.ids.hex("rpt_", 12);
  const objectKey = `reports/${r.kind}/${r.workDate}/${r.analystId}/${r.lang}/${reportId}.md`;
  const body = renderBlocks(blocks, r.lang);
  const title = body.slice(2, body.indexOf("\n"));
  ctx.data.blob(objectKey, body, r.archivedAt);
  ctx.data.add("reports.reports", {
    report_id: reportId,
    kind: r.kind,
    analyst_id: r.analystId,
    work_date: r.workDate,
    lang: r.lang,
    title,
    object_key: objectKey,
    archived_at: r.archivedAt,
  });
  out.push({ ...r, reportId, objectKey, title });
}

export function generateDailyReports(ctx: DemoContext, threads: readonly ThreadInfo[]): ReportInfo[] {
  const rng = ctx.rng("daily-reports");
  const out: ReportInfo[] = [];
  const dates = ctx.clock.recentDates(60);
  const finals = new Map<string, number>();
  dates.forEach((date, i) => {
    const r = rng.fork(date);
    const langs: RenderLang[] =
      i === PLAIN_ONLY_DAILY ? ["plain"] : r.chance(0.3) ? ["en", "zh", "plain"] : ["en", "zh"];
    const drafts = i !== PLAIN_ONLY_DAILY && r.chance(0.3) ? r.int(1, 2) : 0;
    const finalAt = ctx.clock.within(r, date, 6.5, 8.5);
    finals.set(date, finalAt);
    const yesterday = addDays(date, -1);
    const threadsClosed = threads.filter(
      (t) => t.workDate === yesterday && (t.status === "completed" || t.status === "failed"),
    ).length;
    for (let draft = drafts; draft >= 0; draft--) {
      const blocks = dailyBlocks(r, { date, draft, threadsClosed });
      const editionAt = finalAt - draft * r.int(20, 90) * MINUTE;
      for (const lang of draft ? langs.filter((l) => l !== "plain") : langs) {
        const archivedAt = ctx.clock.past(editionAt + (lang === "en" ? 0 : r.int(5, 90) * 1000));
        archive(
          ctx,
          out,
          { kind: "daily", analystId: DAILY_EDITOR_ID, workDate: date, lang, archivedAt, final: draft === 0 },
          blocks,
        );
      }
    }
  });
  // Non-canonical dailies by desk analysts, archived after the editor's: the service must ignore them.
  for (let k = 0; k < ctx.scaled(8, 3); k++) {
    const date = rng.pick(dates);
    const analyst = rng.pick(DESK_ANALYSTS);
    const archivedAt = ctx.clock.past(finals.get(date)! + rng.int(10, 300) * MINUTE);
    const blocks = dailyBlocks(rng, { date, draft: 1, threadsClosed: 0 });
    archive(
      ctx,
      out,
      {
        kind: "daily",
        analystId: analyst.id,
        workDate: date,
        lang: rng.pick(["en", "zh"] as const),
        archivedAt,
        final: false,
      },
      blocks,
    );
  }
  return out;
}

type LangSet = readonly RenderLang[];
const WEEKLY_LANGS: (readonly [LangSet, number])[] = [
  [["en", "zh"], 55],
  [["en"], 15],
  [["zh"], 10],
  [["plain"], 10],
  [["en", "zh", "plain"], 10],
];

export function generateWeeklyReports(ctx: DemoContext): ReportInfo[] {
  const rng = ctx.rng("weekly-reports");
  const out: ReportInfo[] = [];
  const { today } = ctx.clock;
  const first = ctx.clock.recentDates(60)[0]!;
  for (let weekStart = isoWeekOf(first).weekStart; weekStart <= today; weekStart = addDays(weekStart, 7)) {
    const r = rng.fork(weekStart);
    const weekEnd = addDays(weekStart, 6);
    const lastDay = weekEnd < today ? weekEnd : today;
    const span = Math.round((Date.parse(lastDay) - Date.parse(weekStart)) / 86_400_000);
    const count = Math.min(DESK_ANALYSTS.length, Math.max(3, Math.round(r.int(4, 7) * ctx.options.scale)));
    for (const author of r.sample(DESK_ANALYSTS, count)) {
      const topic = r.pick(topicsOf(author.id));
      // Published late in the week (Friday or later), or by today in the current week.
      const finalOffset = span >= 4 ? r.int(4, span) : r.int(0, span);
      const finalDate = addDays(weekStart, finalOffset);
      const finalAt = ctx.clock.within(r, finalDate, 9, 22);
      const langs = r.weighted(WEEKLY_LANGS);
      const reruns = r.chance(0.3) ? r.int(1, 2) : 0;
      for (let rerun = reruns; rerun >= 0; rerun--) {
        let workDate = finalDate;
        let archivedAt = finalAt;
        if (rerun > 0) {
          if (finalOffset > 0 && r.chance(0.5)) {
            workDate = addDays(finalDate, -r.int(1, finalOffset));
            archivedAt = ctx.clock.within(r, workDate, 9, 22);
          } else {
            archivedAt = finalAt - rerun * r.int(30, 180) * MINUTE;
          }
          archivedAt = Math.min(archivedAt, finalAt - rerun * MINUTE);
        }
        const blocks = weeklyBlocks(r, { analyst: analystById(author.id), topic, weekStart, weekEnd, rerun });
        for (const lang of langs) {
          archive(
            ctx,
            out,
            {
              kind: "weekly",
              analystId: author.id,
              workDate,
              lang,
              archivedAt: archivedAt + (lang === "en" ? 0 : -r.int(1, 60) * 1000),
              final: rerun === 0,
            },
            blocks,
          );
        }
      }
    }
  }
  return out;
}
