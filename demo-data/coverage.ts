/**
 * One-shot coverage research requested by peer parties: completed ones carry the full markdown artifact; failed,
 * expired and cancelled ones ended without one. Delivered does not mean the gap closed: each artifact says so.
 */
import { analystById } from "./analysts.js";
import { MINUTE, workDateOf } from "./clock.js";
import type { DemoContext } from "./context.js";
import { heading, list, note, para, renderBlocks } from "./markdown.js";
import { headline, sentence, sentences, TOPICS, type Lang } from "./text.js";
import { pair } from "./topic-types.js";

export const REQUESTING_PARTIES = [
  "harbor-analytics",
  "meridian-desk",
  "northwind-research",
  "blue-lantern",
  "kestrel-labs",
  "quay-partners",
];
const STATUSES = ["completed", "failed", "expired", "cancelled"] as const;
type CoverageStatus = (typeof STATUSES)[number];
const SHARES: Record<CoverageStatus, number> = { completed: 0.55, failed: 0.2, expired: 0.15, cancelled: 0.1 };
const DURATION: Record<CoverageStatus, [number, number]> = {
  completed: [60, 1200],
  failed: [10, 60],
  expired: [2880, 2880],
  cancelled: [5, 300],
};

export function generateCoverage(ctx: DemoContext): number {
  const rng = ctx.rng("coverage");
  const n = ctx.scaled(30, 4);
  const plan: CoverageStatus[] = [];
  for (const s of STATUSES) for (let i = 0; i < Math.max(1, Math.round(n * SHARES[s])); i++) plan.push(s);
  for (const status of rng.shuffle(plan)) {
    const topic = rng.pick(TOPICS);
    const subject = rng.pick(topic.subjects);
    const lang: Lang = rng.chance(0.6) ? "en" : "zh";
    const party = rng.pick(REQUESTING_PARTIES);
    const analystId =
      status === "cancelled" || (status === "expired" && rng.chance(0.5)) ? null : rng.pick(topic.desks);
    const [lo, hi] = DURATION[status];
    const duration = rng.int(lo, hi) * MINUTE + rng.int(0, 59_999);
    const endedAt = ctx.options.asOf - rng.int(10, 40 * 24 * 60) * MINUTE;
    const createdAt = endedAt - duration;
    let artifact: string | null = null;
    if (status === "completed") {
      const analyst = analystById(analystId!);
      const gapOpen = rng.chance(0.4);
      artifact = renderBlocks(
        [
          heading(1, headline(rng, subject)),
          note(
            pair(
              `Coverage request from ${party} · delivered by ${analyst.nameEn ?? analyst.name}`,
              `来自${party}的覆盖请求 · 由${analyst.name}交付`,
            ),
          ),
          heading(2, pair("Executive summary", "摘要")),
          para([sentence(rng, topic, "view"), sentence(rng, topic, "level"), sentence(rng, topic, "view")]),
          heading(2, pair("Findings", "研究发现")),
          list([
            sentence(rng, topic, "level"),
            sentence(rng, topic, "flow"),
            sentence(rng, topic, "level"),
            sentence(rng, topic, "view"),
          ]),
          heading(2, pair("Risks", "风险")),
          list(sentences(rng, topic, "risk", 2)),
          heading(2, pair("Gap status", "缺口状态")),
          para([
            gapOpen
              ? pair(
                  "Delivered, but the gap is not closed: primary data for the latest quarter is still missing.",
                  "已交付，但缺口尚未补齐：最新季度的一手数据仍然缺失。",
                )
              : pair("Delivered; the requester confirmed the gap is closed.", "已交付；请求方确认缺口已补齐。"),
          ]),
        ],
        lang,
      );
    }
    ctx.data.add("reports.coverage_artifacts", {
      coverage_id: ctx.ids.hex("cov_", 10),
      topic: subject[lang],
      requested_by: party,
      status,
      artifact,
      analyst_id: analystId,
      work_date: workDateOf(createdAt),
      created_at: createdAt,
      ended_at: endedAt,
    });
  }
  return plan.length;
}
