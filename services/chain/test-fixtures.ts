/**
 * Hand-made chain facts, tags and provenance links, written through the owner pool. Two named chains state every
 * expected answer literally; a bulk chain sits below them in every order. f-c2 and f-c3 share a created_at: the
 * fact id breaks the tie.
 */
import type { Pool } from "../../lib/db/pool.js";

/** 2026-03-09T00:00:00Z, epoch milliseconds. */
export const T0 = Date.UTC(2026, 2, 9);
export const BULK_FACTS = 45; // chain ch-bulk, analyst a-gamma, tag 'bulk', created before every named fact

export async function fillChain(owner: Pool): Promise<void> {
  const q = (text: string, values: unknown[] = []) => owner.query(text, values);
  await q(
    `INSERT INTO factcard.chain_facts (fact_id, chain_id, seq, statement, analyst_id, work_date, created_at) VALUES
      ('f-c2', 'ch-copper', 2, 'Concentrate deficit widens.', 'a-zeta', '2026-03-03', $1::bigint + 300),
      ('f-c1', 'ch-copper', 1, 'Smelters cut output.', 'a-zeta', '2026-03-01', $1::bigint + 100),
      ('f-c3', 'ch-copper', 3, 'Prices respond.', NULL, '2026-03-04', $1::bigint + 300),
      ('f-r1', 'ch-rates', 1, 'The terminal rate is near.', 'a-beta', '2026-03-05', $1::bigint + 50)`,
    [T0],
  );
  await q(
    `INSERT INTO factcard.chain_facts (fact_id, chain_id, seq, statement, analyst_id, work_date, created_at)
     SELECT 'f-b-' || lpad(i::text, 2, '0'), 'ch-bulk', i, 'Bulk step ' || i, 'a-gamma', '2026-01-05', $1::bigint - i * 10
       FROM generate_series(1, ${BULK_FACTS}) i`,
    [T0],
  );
  await q(
    `INSERT INTO factcard.chain_fact_tags (fact_id, tag, tagged_at) VALUES
      ('f-c1', 'supply', $1::bigint + 110), ('f-c1', 'copper', $1::bigint + 120), ('f-c2', 'copper', $1::bigint + 310),
      ('f-r1', 'rates', $1::bigint + 60)`,
    [T0],
  );
  await q(`INSERT INTO factcard.chain_fact_tags (fact_id, tag, tagged_at) SELECT fact_id, 'bulk', created_at + 1 FROM factcard.chain_facts WHERE chain_id = 'ch-bulk'`);
  await q(
    `INSERT INTO factcard.chain_links (fact_id, artifact_kind, ref, author, date) VALUES
      ('f-c1', 'committee_memo', 'memo-run-7', 'a-alpha', '2026-03-02'),
      ('f-c1', 'analyst_report', 'reports/a-zeta/copper.md', 'a-zeta', '2026-03-01'),
      ('f-c2', 'fact_card', 'fc-01', 'a-beta', '2026-03-03'),
      ('f-c3', 'analyst_report', 'reports/a-zeta/copper.md', 'a-zeta', '2026-03-04')`,
  );
}
