/** Rows the governor's tests drain and promote: chain facts, cards (with reports), topic-pool entries, threads. */
import { randomUUID } from "node:crypto";
import type { Queryable } from "./db.js";

export const T0 = Date.parse("2026-11-20T00:00:00Z");
export const MIN = 60_000;

export async function addChainFacts(q: Queryable, n: number, options: { createdAt?: number; prefix?: string } = {}): Promise<string[]> {
  const prefix = options.prefix ?? "f";
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, "0")}`);
  await q.query(
    `INSERT INTO factcard.chain_facts (fact_id, chain_id, seq, statement, analyst_id, work_date, created_at)
     SELECT id, 'chain-' || $3, ord::int, 'Copper inventories at exchange warehouses fell for the ' || ord || ' week running',
            'desk-metals', '2026-11-19', $2 + ord::bigint
     FROM unnest($1::text[]) WITH ORDINALITY AS u(id, ord)`,
    [ids, options.createdAt ?? T0 - 86_400_000, prefix],
  );
  return ids;
}

export async function addThread(q: Queryable, t: { topic: string | null; question?: string | null; createdAt?: number; boardId?: string }): Promise<string> {
  const boardId = t.boardId ?? randomUUID();
  const at = t.createdAt ?? T0 - 3 * 86_400_000;
  await q.query(
    `INSERT INTO catalog.threads (board_id, work_date, root_analyst_id, root_topic, root_question, status, max_cards, created_at, updated_at)
     VALUES ($1, '2026-11-17', 'desk-macro', $2, $3, 'completed', 4, $4, $4)`,
    [boardId, t.topic, t.question ?? null, at],
  );
  return boardId;
}

/** Cards with a summary; `report` adds an English report body of that text to the newest card (the last id). */
export async function addCards(q: Queryable, n: number, options: { report?: string; prefix?: string } = {}): Promise<string[]> {
  const boardId = await addThread(q, { topic: "Cards to extract from" });
  const prefix = options.prefix ?? "c";
  const ids = Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, "0")}`);
  await q.query(
    `INSERT INTO catalog.cards (card_id, board_id, card_index, analyst_id, status, summary, completed_at)
     SELECT id, $2, ord::int, 'desk-macro', 'completed', 'We should reduce duration exposure. Watch the December meeting.', $3 + ord::bigint
     FROM unnest($1::text[]) WITH ORDINALITY AS u(id, ord)`,
    [ids, boardId, T0 - 86_400_000],
  );
  const newest = ids[ids.length - 1];
  if (options.report !== undefined && newest) {
    const key = `reports/${newest}.en.md`;
    await q.query(
      `INSERT INTO objects.blobs (key, body, sha256, bytes, created_at) VALUES ($1, $2, 'x', $3, $4)`,
      [key, options.report, Buffer.byteLength(options.report), T0],
    );
    await q.query(`INSERT INTO catalog.card_reports (card_id, lang, object_key, archived_at) VALUES ($1, 'en', $2, $3)`, [newest, key, T0]);
  }
  return ids;
}

export interface PoolEntry {
  poolId: string;
  topic: string;
  question?: string | null;
  score: number;
  expiresAt: number;
  createdAt?: number;
  status?: string;
}

export async function addPoolEntries(q: Queryable, entries: PoolEntry[]): Promise<void> {
  for (const e of entries) {
    await q.query(
      `INSERT INTO catalog.topic_pool (pool_id, topic, question, suggested_analyst_id, source_kind, priority, score, status, created_at, expires_at)
       VALUES ($1, $2, $3, 'desk-macro', 'analyst', 'normal', $4, $5, $6, $7)`,
      [e.poolId, e.topic, e.question ?? null, e.score, e.status ?? "candidate", e.createdAt ?? T0 - 86_400_000, e.expiresAt],
    );
  }
}

/** Empties everything the governor writes, between runs of one test. */
export async function resetGovernorState(q: Queryable): Promise<void> {
  await q.query(`TRUNCATE governor.deliveries, governor.submissions, governor.tasks, governor.decisions, governor.settings,
                 factcard.chain_fact_tags, catalog.card_actions`);
}
