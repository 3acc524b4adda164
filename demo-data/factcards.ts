/**
 * Fact cards over every parent kind, category, priority, status and verdict. Verdicts are set on completed
 * cards and inherited by 'reused' ones (which point at an earlier completed card of the same category);
 * embeddings are left 'pending' for the embedding job.
 */
import { DistinctTimes, MINUTE, workDateOf } from "./clock.js";
import type { DemoContext } from "./context.js";
import { claim, CLAIM_CATEGORIES, finding, sourceUrls, VERDICTS, type ClaimCategory, type Verdict } from "./claims.js";
import { round, type Random } from "./random.js";
import type { SessionInfo } from "./sessions.js";
import { TOPICS, type Lang, type Topic } from "./text.js";
import type { ThreadInfo } from "./whiteboard.js";

export const FACT_STATUSES = ["queued", "running", "completed", "failed", "reused", "skipped"] as const;
type FactStatus = (typeof FACT_STATUSES)[number];

export interface FactCardInfo {
  factCardId: string;
  status: FactStatus;
  createdAt: number;
  topic: Topic;
}

interface Draft {
  parentKind: "whiteboard_card" | "session_message" | "external";
  parentId: string;
  parentSessionId: string | null;
  topic: Topic;
  lang: Lang;
  createdAt: number;
  status: FactStatus;
  category: ClaimCategory;
}

function statusPlan(rng: Random, n: number): FactStatus[] {
  const weights: Record<FactStatus, number> = {
    completed: 0.45,
    queued: 0.1,
    running: 0.06,
    failed: 0.07,
    reused: 0.18,
    skipped: 0.14,
  };
  const plan: FactStatus[] = [];
  for (const s of FACT_STATUSES) for (let i = 0; i < Math.max(1, Math.round(n * weights[s])); i++) plan.push(s);
  return rng.shuffle(plan);
}

export function generateFactCards(
  ctx: DemoContext,
  threads: readonly ThreadInfo[],
  sessions: readonly SessionInfo[],
): FactCardInfo[] {
  const rng = ctx.rng("factcards");
  const { asOf } = ctx.options;
  const cards = threads.flatMap((t) => t.cards.filter((c) => c.completedAt !== null && c.status === "completed"));
  const talky = sessions.filter((s) => s.assistantSeqs.length > 0);
  const plan = statusPlan(rng, ctx.scaled(300, 30));
  const drafts: Draft[] = plan.map((status, i) => {
    const category = CLAIM_CATEGORIES[i % CLAIM_CATEGORIES.length]!;
    const kinds = ["whiteboard_card", "session_message", "external"] as const;
    const kind =
      i < kinds.length
        ? kinds[i]!
        : rng.weighted([
            ["whiteboard_card", 50],
            ["session_message", 35],
            ["external", 15],
          ] as const);
    let d: Omit<Draft, "status" | "category">;
    if (kind === "whiteboard_card" && cards.length) {
      const c = rng.pick(cards);
      d = {
        parentKind: kind,
        parentId: c.cardId,
        parentSessionId: null,
        topic: c.topic,
        lang: rng.chance(0.4) ? "zh" : "en",
        createdAt: c.completedAt! + rng.int(1, 30) * MINUTE,
      };
    } else if (kind === "session_message" && talky.length) {
      const s = rng.pick(talky);
      const seq = rng.pick(s.assistantSeqs);
      d = {
        parentKind: kind,
        parentId: `${s.sessionId}:${seq}`,
        parentSessionId: s.sessionId,
        topic: s.topic,
        lang: s.lang,
        createdAt: s.startedAt + seq * 3 * MINUTE + rng.int(1, 20) * MINUTE,
      };
    } else {
      d = {
        parentKind: "external",
        parentId: ctx.ids.hex("ext_", 10),
        parentSessionId: null,
        topic: rng.pick(TOPICS),
        lang: rng.chance(0.3) ? "zh" : "en",
        createdAt: asOf - rng.int(1, 45 * 24 * 60) * MINUTE,
      };
    }
    if (status === "queued" || status === "running")
      d.createdAt = Math.max(d.createdAt, asOf - rng.int(5, 720) * MINUTE);
    d.createdAt = Math.min(d.createdAt, asOf - 2 * MINUTE);
    return { ...d, status, category };
  });
  drafts.sort((a, b) => a.createdAt - b.createdAt);
  const times = new DistinctTimes();
  const completedByCategory = new Map<ClaimCategory, { id: string; verdict: Verdict }[]>();
  let owedReuse = 0;
  let completedCount = 0;
  const out: FactCardInfo[] = [];
  for (const d of drafts) {
    const prior = completedByCategory.get(d.category) ?? [];
    let status = d.status;
    if (status === "reused" && prior.length === 0) {
      status = "completed";
      owedReuse++;
    } else if (status === "completed" && owedReuse > 0 && prior.length > 0) {
      status = "reused";
      owedReuse--;
    }
    const id = ctx.ids.hex("fc_", 12);
    const createdAt = times.take(d.createdAt);
    const text = claim(rng, d.topic, d.category, workDateOf(createdAt));
    const source = status === "reused" ? rng.pick(prior) : null;
    // The first completed cards take each verdict in turn, so every verdict appears at any scale.
    const verdict: Verdict | null =
      status === "completed"
        ? (VERDICTS[completedCount++] ?? rng.weighted(VERDICTS.map((v, i) => [v, [50, 15, 20, 15][i]!] as const)))
        : (source?.verdict ?? null);
    const found = verdict ? finding(rng, d.topic, verdict) : null;
    const ended = status !== "queued" && status !== "running";
    const completedAt = ended
      ? ctx.clock.past(createdAt + (status === "skipped" ? rng.int(1, 30) * 1000 : rng.int(1, 20) * MINUTE))
      : null;
    const updatedAt =
      completedAt ?? (status === "running" ? ctx.clock.past(createdAt + rng.int(1, 10) * MINUTE) : createdAt);
    const urls =
      (status === "completed" || status === "reused") && verdict !== "unverifiable" && rng.chance(0.85)
        ? sourceUrls(rng, d.topic)
        : status === "failed" && rng.chance(0.3)
          ? []
          : null;
    ctx.data.add("factcard.fact_cards", {
      fact_card_id: id,
      parent_kind: d.parentKind,
      parent_id: d.parentId,
      parent_session_id: d.parentSessionId,
      claim_text: text[d.lang],
      claim_text_en: text.en,
      claim_category: d.category,
      priority: rng.weighted([
        ["high", 20],
        ["normal", 55],
        ["low", 25],
      ] as const),
      status,
      verdict,
      found_text: found ? found[d.lang] : null,
      found_text_en: found ? found.en : null,
      source_urls: urls,
      similar_to_fact_id: source?.id ?? null,
      similarity_score: source ? round(rng.float(0.88, 0.99), 4) : null,
      embedding_status: "pending",
      created_at: createdAt,
      completed_at: completedAt,
      updated_at: updatedAt,
    });
    if (status === "completed") {
      prior.push({ id, verdict: verdict! });
      completedByCategory.set(d.category, prior);
    }
    out.push({ factCardId: id, status, createdAt, topic: d.topic });
  }
  return out;
}
