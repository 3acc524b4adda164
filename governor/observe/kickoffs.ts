/** The hourly topic-pool kickoff's decisions as the operator reads them: what was promoted, and what the gate said. */
import type { Queryable } from "../db.js";
import type { KickoffReport } from "../kickoff/run-kickoff.js";

export interface KickoffObservation {
  slotAt: number;
  decidedAt: number | null;
  /** promoted, no-candidate, error, abandoned. */
  outcome: string;
  poolId: string | null;
  score: number | null;
  boardId: string | null;
  gate: { decision: string; topCosine: number | null; matches: number } | null;
  /** Candidates that expired at this kickoff. */
  expired: number;
  error: string | null;
}

/** The newest `limit` kickoff decisions, newest first. */
export async function kickoffDecisions(q: Queryable, limit: number): Promise<KickoffObservation[]> {
  const { rows } = await q.query(
    `SELECT slot_at, decided_at, outcome, inputs FROM governor.decisions
     WHERE kind = 'kickoff' ORDER BY slot_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map((r) => {
    const i = (r.inputs ?? {}) as Omit<KickoffReport, "slot_at" | "outcome">;
    return {
      slotAt: r.slot_at,
      decidedAt: r.decided_at,
      outcome: r.outcome,
      poolId: i.pool_id ?? null,
      score: i.score == null ? null : Number(i.score),
      boardId: i.board_id ?? null,
      gate: i.gate ? { decision: i.gate.decision, topCosine: i.gate.top_cosine, matches: i.gate.matches } : null,
      expired: i.expired?.length ?? 0,
      error: i.error ?? null,
    };
  });
}
