/**
 * The operator's audit log (audit.events): every operator action writes one row (who, what, when, from where),
 * whichever way it came in. Written on the owner connection, in the caller's transaction when it has one, so an
 * action and its row commit together. A secret never reaches the table: an entry that holds anything shaped like
 * an institute key, a bearer token or a hex digest of 64 characters is refused before it is written.
 */
import type pg from "pg";

/** A pool, or a client inside a transaction. */
export interface Queryable {
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface AuditEntry {
  /** Who: `operator:<user>` on the command line, `console` with the session's operator, `bundle:<dir>`, … */
  actor: string;
  /** What, as a dotted verb: `key.mint`, `console.sign-in`, `governor.disable`, `withdraw`, … */
  action: string;
  /** Of what: a key id, `daily 2026-11-24`, … */
  target?: string | null;
  /** From which client address; null from the command line. */
  address?: string | null;
  /** Anything else worth keeping (a reason, scopes, counts): never a secret. */
  detail?: Record<string, unknown>;
  /** Epoch milliseconds. */
  at: number;
}

export interface AuditRow extends Required<Omit<AuditEntry, "detail">> {
  eventId: string;
  detail: Record<string, unknown>;
}

export class AuditSecretError extends Error {
  constructor(field: string) {
    super(`audit: refusing to record what looks like a secret in ${field}`);
    this.name = "AuditSecretError";
  }
}

// An institute key or feed token, a bearer token, or a SHA-256 in hex (a key's digest is not shown either).
const SECRET_SHAPES = [/sk_[a-z]+_[A-Za-z0-9_-]{8,}/, /\bbearer\s+\S{8,}/i, /\b[0-9a-f]{64}\b/i];

function assertNoSecret(entry: AuditEntry): void {
  const fields: Array<[string, unknown]> = [
    ["actor", entry.actor],
    ["target", entry.target],
    ["detail", entry.detail && JSON.stringify(entry.detail)],
  ];
  for (const [name, value] of fields)
    if (typeof value === "string" && SECRET_SHAPES.some((shape) => shape.test(value))) throw new AuditSecretError(name);
}

export async function recordAudit(q: Queryable, entry: AuditEntry): Promise<void> {
  assertNoSecret(entry);
  await q.query(
    "INSERT INTO audit.events (at, actor, action, target, address, detail) VALUES ($1, $2, $3, $4, $5, $6)",
    [
      entry.at,
      entry.actor,
      entry.action,
      entry.target ?? null,
      entry.address ?? null,
      JSON.stringify(entry.detail ?? {}),
    ],
  );
}

export interface AuditQuery {
  /** Only these actions (exact names); absent: every action. */
  actions?: readonly string[];
  /** Rows older than this event id (keyset paging, newest first). */
  before?: string;
  limit: number;
}

/** The newest rows first. */
export async function readAudit(q: Queryable, query: AuditQuery): Promise<AuditRow[]> {
  const { rows } = await q.query(
    `SELECT event_id, at, actor, action, target, address, detail FROM audit.events
      WHERE ($1::text[] IS NULL OR action = ANY($1)) AND ($2::bigint IS NULL OR event_id < $2)
      ORDER BY event_id DESC LIMIT $3`,
    [query.actions ?? null, query.before ?? null, query.limit],
  );
  return rows.map((r) => ({
    eventId: String(r.event_id),
    at: Number(r.at),
    actor: r.actor,
    action: r.action,
    target: r.target,
    address: r.address,
    detail: r.detail,
  }));
}
