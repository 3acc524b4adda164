/**
 * The two drains (spec §8). chain_tag: chain facts without tags. logic_extract: whiteboard cards without extracted
 * actions that have text to extract from (the card's report, English first, then the language-agnostic one, then any;
 * else its summary), of which at most 8,000 characters are sent. Newest first. A subject with an open or completed
 * task is not picked, nor one whose tasks already ended without a result MAX_ATTEMPTS_PER_SUBJECT times.
 */
import { CEILINGS, MAX_ATTEMPTS_PER_SUBJECT } from "../../lib/relay/ceilings.js";
import type { Queryable } from "../db.js";
import type { TaskKind } from "../../lib/relay/ceilings.js";

export interface DrainItem {
  subjectId: string;
  payload: Record<string, unknown>;
  /** Kept on the task row (what was sent, how much). */
  detail: Record<string, unknown>;
}

export type Drain = (q: Queryable, limit: number) => Promise<DrainItem[]>;

const notBusy = (kind: TaskKind, subject: string) => `
  NOT EXISTS (SELECT 1 FROM governor.tasks g WHERE g.kind = '${kind}' AND g.subject_id = ${subject}
              AND g.status IN ('submitting', 'submitted', 'completed'))
  AND (SELECT count(*) FROM governor.tasks g WHERE g.kind = '${kind}' AND g.subject_id = ${subject}
       AND g.status IN ('failed', 'timed_out', 'rejected')) < ${MAX_ATTEMPTS_PER_SUBJECT}`;

export const chainTagDrain: Drain = async (q, limit) => {
  if (limit <= 0) return [];
  const { rows } = await q.query(
    `SELECT f.fact_id, f.chain_id, f.seq, f.statement, f.analyst_id, f.work_date
     FROM factcard.chain_facts f
     WHERE NOT EXISTS (SELECT 1 FROM factcard.chain_fact_tags t WHERE t.fact_id = f.fact_id)
       AND ${notBusy("chain_tag", "f.fact_id")}
     ORDER BY f.created_at DESC, f.fact_id
     LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({
    subjectId: r.fact_id,
    payload: {
      fact_id: r.fact_id,
      chain_id: r.chain_id,
      seq: r.seq,
      statement: r.statement,
      analyst_id: r.analyst_id,
      work_date: r.work_date,
    },
    detail: { chars: [...r.statement].length },
  }));
};

export const logicExtractDrain: Drain = async (q, limit) => {
  if (limit <= 0) return [];
  const { rows } = await q.query(
    `SELECT c.card_id, c.board_id, r.lang,
            left(coalesce(r.body, c.summary), $2) AS text,
            char_length(coalesce(r.body, c.summary)) AS total_chars
     FROM catalog.cards c
     LEFT JOIN LATERAL (
       SELECT cr.lang, o.body FROM catalog.card_reports cr JOIN objects.blobs o ON o.key = cr.object_key
       WHERE cr.card_id = c.card_id AND o.body <> ''
       ORDER BY CASE cr.lang WHEN 'en' THEN 0 WHEN 'plain' THEN 1 ELSE 2 END
       LIMIT 1) r ON true
     WHERE NOT EXISTS (SELECT 1 FROM catalog.card_actions a WHERE a.card_id = c.card_id)
       AND coalesce(r.body, c.summary, '') <> ''
       AND ${notBusy("logic_extract", "c.card_id")}
     ORDER BY c.completed_at DESC NULLS LAST, c.card_id
     LIMIT $1`,
    [limit, CEILINGS.extractTextMax],
  );
  return rows.map((r) => {
    const source = r.lang ? `report:${r.lang}` : "summary";
    const chars = [...(r.text as string)].length;
    return {
      subjectId: r.card_id,
      payload: { card_id: r.card_id, board_id: r.board_id, source, text: r.text },
      detail: { source, chars, truncated: r.total_chars > chars },
    };
  });
};

export const DRAINS: Record<TaskKind, Drain> = { chain_tag: chainTagDrain, logic_extract: logicExtractDrain };
