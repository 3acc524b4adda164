/**
 * The hourly whiteboard kickoff (spec §3, §4.1 rule 11), in one transaction with the slot claim: candidates past
 * expires_at move to expired; the highest-score candidate (ties: oldest, then pool_id) is taken; the similarity gate
 * runs in dry-run mode and records one decision in catalog.similarity_log; then the entry is promoted: a queued
 * thread is created, promoted_board_id and promoted_at are set. A crash rolls all of it back, claim included.
 */
import { randomUUID } from "node:crypto";
import type { PoolClient } from "pg";
import type { Pool } from "../../lib/db/pool.js";
import { inTransaction } from "../../lib/db/transaction.js";
import type { Embedder } from "../../lib/embedding/embedder.js";
import type { Log } from "../../lib/log.js";
import { workDateOf } from "../../lib/work-date.js";
import type { Queryable } from "../db.js";
import { claimSlot, completeDecision } from "../decisions-store.js";
import { runSimilarityGate, type GateDecision, type GateThresholds, type PriorThread } from "./similarity-gate.js";

export interface KickoffDeps {
  db: Pool;
  embedder: Embedder;
  thresholds: GateThresholds;
  now: () => number;
  log: Log;
  replicaId: string;
  /** max_cards of a launched thread. */
  maxCards?: number;
  /** Prior threads compared: created within this many days, newest first, at most priorLimit. */
  lookbackDays?: number;
  priorLimit?: number;
}

export interface KickoffReport {
  slot_at: number;
  outcome: "promoted" | "no-candidate" | "duplicate-slot" | "error";
  expired?: string[];
  pool_id?: string;
  score?: number;
  board_id?: string;
  log_id?: string;
  gate?: { decision: GateDecision["decision"]; top_cosine: number | null; matches: number };
  error?: string;
}

export async function runKickoff(deps: KickoffDeps, slotAt: number): Promise<KickoffReport> {
  let report: KickoffReport;
  try {
    report = await inTransaction(deps.db, (client) => promoteNext(client, deps, slotAt));
  } catch (e) {
    deps.log.error({ err: e, slotAt }, "governor kickoff failed");
    return { slot_at: slotAt, outcome: "error", error: (e as Error).message };
  }
  if (report.outcome === "duplicate-slot") return report;
  deps.log.info(
    {
      slotAt,
      outcome: report.outcome,
      poolId: report.pool_id,
      boardId: report.board_id,
      gate: report.gate?.decision,
      expired: report.expired?.length,
    },
    "governor kickoff",
  );
  return report;
}

/** Within one transaction: claim the slot, expire stale candidates, promote the best one past the similarity gate. */
async function promoteNext(client: PoolClient, deps: KickoffDeps, slotAt: number): Promise<KickoffReport> {
  const report: KickoffReport = { slot_at: slotAt, outcome: "no-candidate" };
  const decisionId = await claimSlot(client, "kickoff", slotAt, deps.now(), deps.replicaId);
  if (decisionId === null) return { slot_at: slotAt, outcome: "duplicate-slot" };
  const now = deps.now();
  const expired = await client.query(
    `UPDATE catalog.topic_pool SET status = 'expired' WHERE status = 'candidate' AND expires_at <= $1 RETURNING pool_id`,
    [now],
  );
  report.expired = expired.rows.map((r) => r.pool_id).sort();
  const { rows } = await client.query(
    `SELECT pool_id, topic, question, suggested_analyst_id, score FROM catalog.topic_pool
     WHERE status = 'candidate' ORDER BY score DESC, created_at ASC, pool_id ASC LIMIT 1 FOR UPDATE`,
  );
  const entry = rows[0];
  if (entry) {
    const gate = await runSimilarityGate(
      { embedder: deps.embedder, thresholds: deps.thresholds, now },
      entry,
      await priorThreads(client, deps, now),
    );
    const boardId = randomUUID();
    const logId = `sim_${randomUUID()}`;
    const top = gate.matches[0];
    await client.query(
      `INSERT INTO catalog.similarity_log (log_id, decided_at, pool_id, board_id, candidate_topic, candidate_question, decision, reason,
         top_cosine, top_match_kind, top_match_id, top_match_age_days, matches, thresholds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        logId,
        Math.floor(now / 1000),
        entry.pool_id,
        boardId,
        entry.topic,
        entry.question,
        gate.decision,
        gate.reason,
        gate.topCosine,
        top?.kind ?? null,
        top?.id ?? null,
        top?.age_days ?? null,
        JSON.stringify(gate.matches),
        JSON.stringify(gate.thresholds),
      ],
    );
    await client.query(
      `INSERT INTO catalog.threads (board_id, work_date, root_analyst_id, root_topic, root_question, status, max_cards, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'queued', $6, $7, $7)`,
      [boardId, workDateOf(now), entry.suggested_analyst_id, entry.topic, entry.question, deps.maxCards ?? 6, now],
    );
    await client.query(
      `UPDATE catalog.topic_pool SET status = 'promoted', promoted_board_id = $2, promoted_at = $3 WHERE pool_id = $1`,
      [entry.pool_id, boardId, now],
    );
    Object.assign(report, {
      outcome: "promoted",
      pool_id: entry.pool_id,
      score: entry.score,
      board_id: boardId,
      log_id: logId,
      gate: { decision: gate.decision, top_cosine: gate.topCosine, matches: gate.matches.length },
    });
  }
  const { outcome, slot_at: _slot, ...inputs } = report;
  await completeDecision(client, decisionId, outcome, inputs, deps.now());
  return report;
}

async function priorThreads(q: Queryable, deps: KickoffDeps, now: number): Promise<PriorThread[]> {
  const since = now - (deps.lookbackDays ?? 180) * 86_400_000;
  const { rows } = await q.query(
    `SELECT board_id, root_topic, root_question, created_at FROM catalog.threads
     WHERE created_at >= $1 AND (root_topic IS NOT NULL OR root_question IS NOT NULL)
     ORDER BY created_at DESC LIMIT $2`,
    [since, deps.priorLimit ?? 2000],
  );
  return rows.map((r) => ({
    boardId: r.board_id,
    topic: r.root_topic,
    question: r.root_question,
    createdAt: r.created_at,
  }));
}
