/**
 * The topic pool the hourly kickoff drains: candidates (still live at asOf), promoted entries (each tied to the
 * thread it launched), expired and rejected ones.
 */
import { DESK_ANALYSTS } from "./analysts.js";
import { DAY, HOUR, MINUTE } from "./clock.js";
import type { DemoContext } from "./context.js";
import { round } from "./random.js";
import { TOPICS, type Lang } from "./text.js";
import { pair, type Pair } from "./topic-types.js";
import type { ThreadInfo } from "./whiteboard.js";

export const POOL_STATUSES = ["candidate", "promoted", "expired", "rejected"] as const;
type PoolStatus = (typeof POOL_STATUSES)[number];

export interface PoolEntryInfo {
  poolId: string;
  topic: string;
  topicId: string;
  question: string | null;
  status: PoolStatus;
  promotedBoardId: string | null;
  createdAt: number;
}

const SOURCE_KINDS = ["card_follow_up", "analyst_suggestion", "daily_report", "operator"] as const;
const PRIORITY_SCORE = { high: [0.8, 0.99], normal: [0.5, 0.79], low: [0.2, 0.49] } as const;

const RATIONALES: Pair[] = [
  pair(
    "Raised as a follow-up by two cards in the past week; no thread has covered it since.",
    "过去一周有两张卡片提出该后续问题，此后尚无线程覆盖。",
  ),
  pair(
    "Market move exceeded two standard deviations; the desk wants a structured debate.",
    "市场波动超过两个标准差，研究组希望进行结构化讨论。",
  ),
  pair("Mentioned in the daily report's watch list.", "出现在每日晨报的关注清单中。"),
  pair("Client questions on this have doubled this month.", "本月客户就此提出的问题翻了一番。"),
  pair("Overlaps an open thread; kept for later.", "与一个进行中的线程重叠，暂缓处理。"),
];

export function generateTopicPool(ctx: DemoContext, threads: readonly ThreadInfo[]): PoolEntryInfo[] {
  const rng = ctx.rng("topic-pool");
  const { asOf } = ctx.options;
  const n = ctx.scaled(80, 8);
  const launched = rng.shuffle(threads.filter((t) => t.status !== "queued" || rng.chance(0.5)));
  const plan: PoolStatus[] = [];
  const share = (s: PoolStatus, k: number) => {
    for (let i = 0; i < k; i++) plan.push(s);
  };
  share("promoted", Math.min(launched.length, Math.max(1, Math.round(n * 0.3))));
  share("candidate", Math.max(1, Math.round(n * 0.25)));
  share("rejected", Math.max(1, Math.round(n * 0.2)));
  share("expired", Math.max(1, n - plan.length));
  const entries: PoolEntryInfo[] = [];
  let promotedIndex = 0;
  for (const status of rng.shuffle(plan)) {
    const lang: Lang = rng.chance(0.6) ? "en" : "zh";
    const thread = status === "promoted" ? launched[promotedIndex++]! : null;
    const topic = thread?.topic ?? rng.pick(TOPICS);
    const subject = thread ? thread.subject : rng.pick(topic.subjects);
    const question = rng.chance(0.9) ? rng.pick(topic.questions)[lang] : null;
    const priority = rng.weighted([
      ["high", 2],
      ["normal", 5],
      ["low", 3],
    ] as const);
    const [lo, hi] = PRIORITY_SCORE[priority];
    let createdAt: number;
    let expiresAt: number;
    let promotedAt: number | null = null;
    if (thread) {
      promotedAt = thread.createdAt - rng.int(5, 600) * 1000;
      createdAt = promotedAt - rng.int(1, 72) * HOUR;
      expiresAt = createdAt + 7 * DAY;
    } else if (status === "candidate") {
      createdAt = asOf - rng.int(10, 72 * 60) * MINUTE;
      expiresAt = Math.max(createdAt + 7 * DAY, asOf + rng.int(1, 48) * HOUR);
    } else if (status === "expired") {
      createdAt = asOf - rng.int(8, 45) * DAY - rng.int(0, 86_399) * 1000;
      expiresAt = createdAt + rng.int(2, 7) * DAY;
    } else {
      createdAt = asOf - rng.int(1, 40) * DAY - rng.int(0, 86_399) * 1000;
      expiresAt = createdAt + 7 * DAY;
    }
    const suggested = rng.chance(0.85) ? rng.pick(topic.desks) : null;
    const sourceKind = rng.pick(SOURCE_KINDS);
    const poolId = ctx.ids.hex("pool_", 10);
    ctx.data.add("catalog.topic_pool", {
      pool_id: poolId,
      topic: subject[lang],
      question,
      suggested_analyst_id: suggested,
      rationale: rng.chance(0.9) ? rng.pick(RATIONALES)[lang] : null,
      source_kind: sourceKind,
      source_run_id: sourceKind === "operator" ? null : ctx.ids.hex("run_", 12),
      source_analyst_id: sourceKind === "operator" ? null : rng.pick(DESK_ANALYSTS).id,
      priority,
      score: round(rng.float(lo, hi), 4),
      status,
      promoted_board_id: thread?.boardId ?? null,
      created_at: createdAt,
      promoted_at: promotedAt,
      expires_at: expiresAt,
    });
    entries.push({
      poolId,
      topic: subject[lang],
      topicId: topic.id,
      question,
      status,
      promotedBoardId: thread?.boardId ?? null,
      createdAt,
    });
  }
  return entries;
}
