/**
 * The similarity gate's log over the 30 days before asOf (decided_at in epoch SECONDS). Each decision agrees
 * with its top match and the thresholds: >= 0.92 skip-summarize, >= 0.78 context-augmented, else fresh.
 */
import { DAY, HOUR } from "./clock.js";
import type { DemoContext } from "./context.js";
import { round, type Random } from "./random.js";
import { TOPICS } from "./text.js";
import type { PoolEntryInfo } from "./topic-pool.js";
import type { ThreadInfo } from "./whiteboard.js";

export const DECISIONS = ["skip-summarize", "context-augmented", "fresh"] as const;
type Decision = (typeof DECISIONS)[number];
const SKIP = 0.92;
const AUGMENT = 0.78;

interface Match {
  score: number;
  kind: string | null;
  id: string | null;
  age_days: number | null;
  topic: string | null;
  boardId: string;
}

function topScore(rng: Random, decision: Decision): number {
  if (decision === "skip-summarize") return round(rng.float(SKIP, 0.99), 4);
  if (decision === "context-augmented") return round(rng.float(AUGMENT, SKIP - 0.0001), 4);
  return round(rng.float(0.35, AUGMENT - 0.0001), 4);
}

/** Prior threads near the candidate: on a near-duplicate or overlap, the top match shares the candidate's topic. */
function matchesFor(
  rng: Random,
  decision: Decision,
  decidedMs: number,
  topicId: string,
  threads: readonly ThreadInfo[],
): Match[] {
  const prior = threads.filter((t) => t.createdAt < decidedMs - HOUR);
  if (prior.length === 0 || (decision === "fresh" && rng.chance(0.15))) return [];
  const k = rng.int(1, Math.min(5, prior.length));
  const picked = rng.sample(prior, k);
  const sameTopic = prior.filter((t) => t.topic.id === topicId);
  if (decision !== "fresh" && sameTopic.length) {
    const top = rng.pick(sameTopic);
    picked.splice(0, picked.length, top, ...picked.filter((t) => t !== top).slice(0, k - 1));
  }
  let score = topScore(rng, decision);
  return picked.map((t, i) => {
    if (i > 0) score = round(Math.max(0.15, score - rng.float(0.01, 0.12)), 4);
    const card = t.cards.length && rng.chance(0.3) ? rng.pick(t.cards) : null;
    return {
      score,
      kind: card ? "card" : "thread",
      id: card ? card.cardId : t.boardId,
      age_days: round((decidedMs - t.createdAt) / DAY, 1),
      topic: rng.chance(0.95) ? t.rootTopic : null,
      boardId: t.boardId,
    };
  });
}

function reasonFor(decision: Decision, top: Match | undefined): string {
  if (!top) return "no prior thread within the search window; launching fresh";
  const against = `${top.kind} ${top.id} (${top.age_days} days old)`;
  if (decision === "skip-summarize")
    return `top cosine ${top.score} >= ${SKIP} against ${against}; summarising the prior thread instead`;
  if (decision === "context-augmented")
    return `top cosine ${top.score} in [${AUGMENT}, ${SKIP}) against ${against}; augmenting the prompt with its findings`;
  return `top cosine ${top.score} < ${AUGMENT}; launching fresh`;
}

export function generateSimilarityLog(
  ctx: DemoContext,
  threads: readonly ThreadInfo[],
  pool: readonly PoolEntryInfo[],
): number {
  const rng = ctx.rng("similarity-log");
  const { asOf } = ctx.options;
  const n = ctx.scaled(120, 12);
  const plan: { at: number; decision: Decision }[] = [];
  // One of each decision inside the trailing seven days, so summary_7d always shows all three.
  DECISIONS.forEach((decision, i) => plan.push({ at: asOf - (i + 1) * rng.int(6, 40) * HOUR, decision }));
  while (plan.length < n) {
    plan.push({
      at: asOf - rng.int(1, 30 * 24 - 1) * HOUR,
      decision: rng.weighted([
        ["fresh", 45],
        ["context-augmented", 35],
        ["skip-summarize", 20],
      ] as const),
    });
  }
  const usedSeconds = new Set<number>();
  for (const { at, decision } of plan) {
    // The kickoff runs on the hour: a few seconds past it.
    let seconds = Math.floor(at / HOUR) * 3600 + rng.int(1, 50);
    while (usedSeconds.has(seconds) || seconds * 1000 > asOf - 1000) seconds -= 1;
    usedSeconds.add(seconds);
    const decidedMs = seconds * 1000;
    const entries = pool.filter((p) => p.createdAt < decidedMs);
    const entry = entries.length && rng.chance(0.9) ? rng.pick(entries) : null;
    const fallbackTopic = rng.pick(TOPICS);
    const fallback = rng.pick(fallbackTopic.subjects);
    const matches = matchesFor(rng, decision, decidedMs, entry?.topicId ?? fallbackTopic.id, threads);
    const effective: Decision = matches.length === 0 ? "fresh" : decision;
    const top = matches[0];
    const boardId = effective === "skip-summarize" ? top!.boardId : (entry?.promotedBoardId ?? null);
    const thresholds = rng.chance(0.12)
      ? null
      : { skip_summarize: SKIP, context_augmented: AUGMENT, max_age_days: rng.chance(0.7) ? null : 30 };
    ctx.data.add("catalog.similarity_log", {
      log_id: ctx.ids.hex("sim_", 12),
      decided_at: seconds,
      pool_id: entry?.poolId ?? null,
      board_id: boardId,
      candidate_topic: entry?.topic ?? fallback.en,
      candidate_question: entry ? entry.question : null,
      decision: effective,
      reason: reasonFor(effective, top),
      top_cosine: top?.score ?? null,
      top_match_kind: top?.kind ?? null,
      top_match_id: top?.id ?? null,
      top_match_age_days: top?.age_days ?? null,
      matches: matches.map(({ score, kind, id, age_days, topic }) => ({ score, kind, id, age_days, topic })),
      thresholds,
    });
  }
  return plan.length;
}
