/**
 * verify_claim: the fact cards nearest a claim and, for each, whether its verdict may be reused under the reuse
 * policy: a verdict exists, the cosine score reaches the policy's threshold for that card's category, and the
 * verdict is younger than the policy's time-to-live.
 */
import type { PromptDefinition } from "./prompt.js";
import { text } from "./prompt.js";
import { MAX_CLAIM_TEXT } from "../../../services/factcard/vocabulary.js";

const DAY_MS = 86_400_000;
const NEIGHBOURS = 5;

interface Match {
  fact_card_id: string;
  score: number;
  claim_category: string | null;
  verdict: string | null;
  claim_text_en: string | null;
  completed_at: number | null;
}

/** Why a neighbour's verdict may or may not stand for the claim. */
export function reuseDecision(
  m: Match,
  policy: Record<string, { threshold: number; ttlDays: number }>,
  now: number,
): { reusable: boolean; why: string } {
  if (m.verdict === null) return { reusable: false, why: "no verdict yet" };
  const p = m.claim_category === null ? undefined : policy[m.claim_category];
  if (!p) return { reusable: false, why: `no reuse policy for category ${m.claim_category ?? "unknown"}` };
  if (m.score < p.threshold)
    return {
      reusable: false,
      why: `score ${m.score.toFixed(3)} below the ${m.claim_category} threshold ${p.threshold}`,
    };
  if (m.completed_at === null) return { reusable: false, why: "the verdict has no completion time" };
  if (now - m.completed_at > p.ttlDays * DAY_MS)
    return { reusable: false, why: `verdict older than ${p.ttlDays} days` };
  return { reusable: true, why: `score ${m.score.toFixed(3)} ≥ ${p.threshold}, verdict within ${p.ttlDays} days` };
}

export const VERIFY_CLAIM: PromptDefinition = {
  name: "verify_claim",
  title: "Verify a claim",
  description:
    "Use before fact-checking a claim: lists the most similar fact cards and whether a prior verdict may be reused under the reuse policy, so work is not repeated.",
  arguments: [
    {
      name: "claim",
      title: "Claim",
      description: "The claim to check, in English, one sentence or a short paragraph.",
      required: true,
      schema: { type: "string", minLength: 1, maxLength: MAX_CLAIM_TEXT },
      complete: "claim",
    },
  ],
  tools: ["factcards_similar"],
  async get(args, ctx) {
    const claim = args.claim!;
    const res = await ctx.callTool("factcards_similar", { claim_text: claim, top_k: NEIGHBOURS });
    const now = ctx.now();
    const rows = (res.matches as Match[]).map((m) => ({ m, d: reuseDecision(m, res.reuse_policy, now) }));
    const reusable = rows.filter((r) => r.d.reusable);
    const table = rows.length
      ? [
          "| Fact card | Score | Category | Verdict | Reusable | Why |",
          "|---|---|---|---|---|---|",
          ...rows.map(
            ({ m, d }) =>
              `| ${m.fact_card_id} | ${m.score.toFixed(3)} | ${m.claim_category ?? "n/a"} | ${m.verdict ?? "none"} | ${d.reusable ? "yes" : "no"} | ${d.why} |`,
          ),
          "",
          ...rows.map(({ m }) => `- ${m.fact_card_id}: ${m.claim_text_en ?? ""}`),
        ].join("\n")
      : "No similar fact cards.";
    const verdict = reusable.length
      ? `A prior verdict may be reused: ${reusable[0]!.m.fact_card_id} (${reusable[0]!.m.verdict}). Check that it says the same thing as the claim before relying on it.`
      : "No prior verdict may be reused: check the claim afresh.";
    return {
      description: "Similar fact cards and reuse of prior verdicts",
      messages: [
        text(`Verify this claim:\n\n> ${claim.replace(/\n/g, "\n> ")}\n\n${verdict}`),
        text(`Similar fact cards:\n\n${table}`),
      ],
    };
  },
};
