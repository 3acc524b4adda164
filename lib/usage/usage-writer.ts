/**
 * Adds a snapshot of the in-memory tallies to PostgreSQL: one upsert per table that adds counts and keeps the latest
 * times, so gateway replicas flushing the same rows add up instead of overwriting each other. Rows go in key order,
 * so two replicas writing the same rows at once lock them in the same order and never deadlock.
 */
import type { Queryable } from "../audit/audit-log.js";
import type { TallySnapshot } from "./tallies.js";

const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

export async function writeTallies(q: Queryable, snapshot: TallySnapshot): Promise<void> {
  const requests = [...snapshot.requests].sort(
    byKey((r) => [r.hour, r.credential, r.surface, r.route, r.statusClass, r.refusal].join("\u0000")),
  );
  if (requests.length)
    await q.query(
      `INSERT INTO usage.requests AS u (hour, credential, surface, route, status_class, refusal, requests, last_at)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[])
       ON CONFLICT (hour, credential, surface, route, status_class, refusal) DO UPDATE
         SET requests = u.requests + EXCLUDED.requests, last_at = GREATEST(u.last_at, EXCLUDED.last_at)`,
      [
        requests.map((r) => r.hour),
        requests.map((r) => r.credential),
        requests.map((r) => r.surface),
        requests.map((r) => r.route),
        requests.map((r) => r.statusClass),
        requests.map((r) => r.refusal),
        requests.map((r) => r.requests),
        requests.map((r) => r.lastAt),
      ],
    );
  const reads = [...snapshot.reads].sort(byKey((r) => [r.kind, r.id, r.credential, r.surface].join("\u0000")));
  if (reads.length)
    await q.query(
      `INSERT INTO usage.readership AS r (item_kind, item_id, credential, surface, reads, first_read_at, last_read_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[])
       ON CONFLICT (item_kind, item_id, credential, surface) DO UPDATE
         SET reads = r.reads + EXCLUDED.reads,
             first_read_at = LEAST(r.first_read_at, EXCLUDED.first_read_at),
             last_read_at = GREATEST(r.last_read_at, EXCLUDED.last_read_at)`,
      [
        reads.map((r) => r.kind),
        reads.map((r) => r.id),
        reads.map((r) => r.credential),
        reads.map((r) => r.surface),
        reads.map((r) => r.reads),
        reads.map((r) => r.firstAt),
        reads.map((r) => r.lastAt),
      ],
    );
}
