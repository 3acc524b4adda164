/**
 * Whiteboard threads over every status, their ordered cards, and card reports in en+zh, plain only, or none.
 * Threads are spread over the last 60 work dates; those still in flight are recent.
 */
import { DESK_ANALYSTS } from "./analysts.js";
import { bilingualCardReport, plainCardReport, type CardReportInput } from "./card-reports.js";
import { DistinctTimes, MINUTE, workDateOf } from "./clock.js";
import type { DemoContext } from "./context.js";
import type { Random } from "./random.js";
import { sentence, topicsOf, type Lang, type Pair, type Topic } from "./text.js";
import { pair } from "./topic-types.js";

export const THREAD_STATUSES = ["queued", "active", "running", "completed", "failed"] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];
export const HANDS = ["claude", "codex", "gemini", "qwen", "deepseek"] as const;
const STANCES = ["bullish", "bearish", "neutral", "skeptical", "contrarian"];
type ReportVariant = "bilingual" | "bilingual+plain" | "plain" | "en" | "none";

export interface CardInfo {
  cardId: string;
  boardId: string;
  index: number;
  analystId: string;
  status: string;
  topic: Topic;
  workDate: string;
  startedAt: number | null;
  completedAt: number | null;
  /** Object keys of the card's reports, by language. */
  reports: Partial<Record<"en" | "zh" | "plain", string>>;
}

export interface ThreadInfo {
  boardId: string;
  workDate: string;
  topic: Topic;
  subject: Pair;
  rootTopic: string;
  rootAnalystId: string | null;
  status: ThreadStatus;
  createdAt: number;
  updatedAt: number;
  cards: CardInfo[];
}

function statusPlan(rng: Random, n: number): ThreadStatus[] {
  const few = (share: number) => Math.max(1, Math.round(n * share));
  const plan: ThreadStatus[] = [];
  const add = (s: ThreadStatus, k: number) => {
    for (let i = 0; i < k; i++) plan.push(s);
  };
  add("queued", few(0.06));
  add("active", few(0.06));
  add("running", few(0.08));
  add("failed", few(0.1));
  add("completed", Math.max(1, n - plan.length));
  return rng.shuffle(plan);
}

/** Card statuses for a thread of the given status, in card order. */
function cardStatuses(rng: Random, status: ThreadStatus, max: number): string[] {
  switch (status) {
    case "queued":
      return [];
    case "active":
      return rng.chance(0.5) ? ["pending"] : ["completed", "pending"];
    case "running":
      return [...Array<string>(rng.int(0, max - 1)).fill("completed"), "running"];
    case "failed":
      return [...Array<string>(rng.int(0, max - 1)).fill("completed"), "failed"];
    case "completed": {
      const k = rng.int(2, max);
      return Array.from({ length: k }, (_, i) => (i > 0 && i < k - 1 && rng.chance(0.08) ? "skipped" : "completed"));
    }
  }
}

export function generateWhiteboard(ctx: DemoContext): ThreadInfo[] {
  const rng = ctx.rng("whiteboard");
  const dates = ctx.clock.recentDates(60);
  const updatedTimes = new DistinctTimes();
  const threads: ThreadInfo[] = [];
  for (const status of statusPlan(rng, ctx.scaled(120, 10))) {
    const root = rng.pick(DESK_ANALYSTS);
    const topic = rng.pick(topicsOf(root.id));
    const subject = rng.pick(topic.subjects);
    const question = rng.pick(topic.questions);
    const lang: Lang = rng.chance(0.6) ? "en" : "zh";
    const boardId = ctx.ids.uuid();
    const maxCards = rng.int(3, 8);
    const statuses = cardStatuses(rng, status, maxCards);
    // Card schedule as offsets from the thread's creation.
    const offsets = statuses.map(() => ({ start: 0, end: 0 }));
    let t = rng.int(1, 10) * MINUTE;
    for (const o of offsets) {
      o.start = t;
      o.end = t + rng.int(4, 40) * MINUTE + rng.int(0, 59_999);
      t = o.end + rng.int(1, 5) * MINUTE;
    }
    const span = t + 10 * MINUTE;
    const inFlight = status === "queued" || status === "active" || status === "running";
    const date = inFlight ? dates[dates.length - 1 - rng.int(0, 1)]! : rng.pick(dates);
    let createdAt = ctx.clock.within(rng, date, 0.5, 22);
    if (createdAt + span > ctx.options.asOf - 1000)
      createdAt = ctx.options.asOf - 1000 - span - rng.int(1, 90) * MINUTE;
    const workDate = workDateOf(createdAt);
    const last = offsets[offsets.length - 1];
    const lastTouch = last
      ? statuses[statuses.length - 1] === "running" || statuses[statuses.length - 1] === "pending"
        ? last.start
        : last.end
      : 0;
    const updatedAt = updatedTimes.take(createdAt + lastTouch + rng.int(5, 240_000));
    const thread: ThreadInfo = {
      boardId,
      workDate,
      topic,
      subject,
      rootTopic: subject[lang],
      rootAnalystId: rng.chance(0.03) ? null : root.id,
      status,
      createdAt,
      updatedAt,
      cards: [],
    };
    ctx.data.add("catalog.threads", {
      board_id: boardId,
      work_date: workDate,
      root_analyst_id: thread.rootAnalystId,
      root_topic: thread.rootTopic,
      root_question: rng.chance(0.04) ? null : question[lang],
      status,
      max_cards: maxCards,
      created_at: createdAt,
      updated_at: updatedAt,
    });
    statuses.forEach((cardStatus, index) => {
      const o = offsets[index]!;
      thread.cards.push(
        addCard(ctx, rng.fork(`${boardId}:${index}`), thread, {
          index,
          maxCards,
          cardStatus,
          lang,
          question,
          start: createdAt + o.start,
          end: createdAt + o.end,
        }),
      );
    });
    threads.push(thread);
  }
  return threads;
}

interface CardPlan {
  index: number;
  maxCards: number;
  cardStatus: string;
  lang: Lang;
  question: Pair;
  start: number;
  end: number;
}

function addCard(ctx: DemoContext, rng: Random, thread: ThreadInfo, plan: CardPlan): CardInfo {
  const { topic } = thread;
  const analystId =
    plan.index === 0 && thread.rootAnalystId
      ? thread.rootAnalystId
      : rng.chance(0.75)
        ? rng.pick(topic.desks)
        : rng.pick(DESK_ANALYSTS).id;
  const subject = plan.index === 0 ? thread.subject : rng.pick(topic.subjects);
  const question = plan.index === 0 ? plan.question : rng.pick(topic.questions);
  const stance = rng.pick(STANCES);
  const cardId = ctx.ids.hex("card_", 12);
  const done = plan.cardStatus === "completed";
  const ended = done || plan.cardStatus === "failed" || plan.cardStatus === "skipped";
  const followUp = done && rng.chance(0.3) ? rng.pick(topic.subjects) : null;
  const variant: ReportVariant = done
    ? rng.weighted([
        ["bilingual", 40],
        ["bilingual+plain", 5],
        ["plain", 25],
        ["en", 10],
        ["none", 20],
      ])
    : "none";
  const reports: CardInfo["reports"] = {};
  const archivedAt = plan.end + rng.int(2_000, 30_000);
  if (variant !== "none") {
    const input: CardReportInput = {
      boardId: thread.boardId,
      cardIndex: plan.index,
      maxCards: plan.maxCards,
      analystId,
      stance,
      topic,
      subject,
      question,
      workDate: thread.workDate,
      followUp,
    };
    const base = `whiteboard/${thread.boardId}/${cardId}`;
    if (variant !== "plain") {
      const bodies = bilingualCardReport(rng, input);
      reports.en = ctx.data.blob(`${base}/report.en.md`, bodies.en, archivedAt);
      if (variant !== "en") reports.zh = ctx.data.blob(`${base}/report.zh.md`, bodies.zh, archivedAt);
    }
    if (variant === "plain" || variant === "bilingual+plain")
      reports.plain = ctx.data.blob(`${base}/report.md`, plainCardReport(rng, input), archivedAt);
    for (const [lang, key] of Object.entries(reports)) {
      ctx.data.add("catalog.card_reports", { card_id: cardId, lang, object_key: key, archived_at: archivedAt });
    }
  }
  const primaryKey = reports.en ?? reports.plain ?? reports.zh ?? null;
  const summary = done
    ? `${sentence(rng, topic, "view")[plan.lang]}${plan.lang === "en" ? " " : ""}${sentence(rng, topic, "level")[plan.lang]}`
    : plan.cardStatus === "failed"
      ? pair("Run failed: the hand timed out before returning a report.", "运行失败：执行端在返回报告前超时。")[
          plan.lang
        ]
      : null;
  const workDate = rng.chance(0.03) ? null : thread.workDate;
  const startedAt = plan.cardStatus === "pending" || plan.cardStatus === "skipped" ? null : plan.start;
  ctx.data.add("catalog.cards", {
    card_id: cardId,
    board_id: thread.boardId,
    card_index: plan.index,
    analyst_id: analystId,
    hand: rng.pick(HANDS),
    topic: subject[plan.lang],
    question: question[plan.lang],
    stance,
    status: plan.cardStatus,
    work_date: workDate,
    summary,
    report_path: primaryKey ? `whiteboard/${thread.workDate}/${thread.boardId}/${plan.index}-${analystId}.md` : null,
    report_r2_key: primaryKey,
    started_at: startedAt,
    completed_at: ended ? plan.end : null,
    follow_up_analyst_id: followUp ? rng.pick(topic.desks) : null,
    follow_up_topic: followUp ? followUp[plan.lang] : null,
  });
  return {
    cardId,
    boardId: thread.boardId,
    index: plan.index,
    analystId,
    status: plan.cardStatus,
    topic,
    workDate: thread.workDate,
    startedAt,
    completedAt: ended ? plan.end : null,
    reports,
  };
}
