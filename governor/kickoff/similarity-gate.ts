/**
 * The similarity gate (spec §2.5, §3): the candidate's topic (with its question) is embedded and compared with
 * prior threads' root topic and question. The top cosine decides: at or above the skip threshold, skip-summarize
 * (a near duplicate: summarise the prior thread); at or above the augment threshold, context-augmented; else fresh.
 */
import { cosine, type Embedder } from "../../lib/embedding/embedder.js";

export type GateDecisionValue = "fresh" | "context-augmented" | "skip-summarize";

export interface GateThresholds {
  skipCosine: number;
  augmentCosine: number;
}

export interface PriorThread {
  boardId: string;
  topic: string | null;
  question: string | null;
  createdAt: number;
}

export interface GateMatch {
  score: number;
  kind: string | null;
  id: string | null;
  age_days: number | null;
  topic: string | null;
}

export interface GateDecision {
  decision: GateDecisionValue;
  reason: string;
  topCosine: number | null;
  matches: GateMatch[];
  thresholds: Record<string, number | null>;
}

const DAY_MS = 86_400_000;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
export const textOf = (topic: string | null, question: string | null) =>
  [topic, question].filter((s) => s && s.trim()).join("\n");

export async function runSimilarityGate(
  deps: { embedder: Embedder; thresholds: GateThresholds; now: number; topK?: number },
  candidate: { topic: string; question: string | null },
  priors: PriorThread[],
): Promise<GateDecision> {
  const { skipCosine, augmentCosine } = deps.thresholds;
  const topK = deps.topK ?? 5;
  const thresholds = { skip_summarize: skipCosine, context_augmented: augmentCosine, top_k: topK };
  const usable = priors.filter((p) => textOf(p.topic, p.question) !== "");
  if (usable.length === 0)
    return {
      decision: "fresh",
      reason: "dry-run: no prior threads to compare with",
      topCosine: null,
      matches: [],
      thresholds,
    };

  const [candidateVector, ...vectors] = await deps.embedder.embed([
    textOf(candidate.topic, candidate.question),
    ...usable.map((p) => textOf(p.topic, p.question)),
  ]);
  const scored = usable
    .map((p, i) => ({ p, score: cosine(candidateVector!, vectors[i]!) }))
    .sort((a, b) => b.score - a.score || b.p.createdAt - a.p.createdAt);
  const matches: GateMatch[] = scored.slice(0, topK).map(({ p, score }) => ({
    score: round(score, 4),
    kind: "thread",
    id: p.boardId,
    age_days: round(Math.max(0, deps.now - p.createdAt) / DAY_MS, 2),
    topic: p.topic,
  }));
  const top = matches[0]!;
  const decision: GateDecisionValue =
    top.score >= skipCosine ? "skip-summarize" : top.score >= augmentCosine ? "context-augmented" : "fresh";
  const rule =
    decision === "skip-summarize"
      ? `>= skip threshold ${skipCosine}`
      : decision === "context-augmented"
        ? `>= augment threshold ${augmentCosine}, < skip threshold ${skipCosine}`
        : `< augment threshold ${augmentCosine}`;
  return {
    decision,
    reason: `dry-run: top cosine ${top.score} ${rule} (thread ${top.id}, ${top.age_days} days old); the entry is promoted either way`,
    topCosine: top.score,
    matches,
    thresholds,
  };
}
