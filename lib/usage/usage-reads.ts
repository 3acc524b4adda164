/**
 * What the console shows of requests (usage.requests): per credential per day, per route or tool, refusals by
 * reason, and each credential's activity (last use, requests in the last 24 hours and 7 days). Days are UTC days;
 * windows are whole hours, the resolution the counts are kept at. Counts still in a gateway's memory (at most one
 * USAGE_FLUSH_MS) are not seen yet.
 */
import type { Queryable } from "../audit/audit-log.js";
import { hourOf, type UsageSurface } from "./tallies.js";

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface Window {
  /** Whole UTC days back from today's, today included (1: today only). */
  days: number;
  /** Epoch milliseconds; default now. */
  now?: number;
}

/** The first hour a window of `days` UTC days covers. */
function windowStart({ days, now = Date.now() }: Window): number {
  if (!Number.isInteger(days) || days < 1)
    throw new RangeError(`days must be a whole number of at least 1, got ${days}`);
  return now - (now % DAY_MS) - (days - 1) * DAY_MS;
}

export interface CredentialDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  /** `key:<key id>`, `peer:<party id>`, `oauth:<subject>` or `anonymous`. */
  credential: string;
  requests: number;
  /** Of which refused (401, 403, 429). */
  refused: number;
  lastAt: number;
}

/** Requests per credential per UTC day, newest day first, then the busiest credential. */
export async function usageByCredential(q: Queryable, window: Window): Promise<CredentialDay[]> {
  const { rows } = await q.query(
    `SELECT to_char(to_timestamp(hour / 1000) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, credential,
            sum(requests)::bigint AS requests, coalesce(sum(requests) FILTER (WHERE refusal <> ''), 0)::bigint AS refused,
            max(last_at) AS last_at
       FROM usage.requests WHERE hour >= $1
      GROUP BY 1, credential ORDER BY 1 DESC, 3 DESC, credential`,
    [windowStart(window)],
  );
  return rows.map((r) => ({
    day: r.day,
    credential: r.credential,
    requests: Number(r.requests),
    refused: Number(r.refused),
    lastAt: Number(r.last_at),
  }));
}

export interface RouteUse {
  surface: UsageSurface;
  /** The REST route pattern (`/api/v1/reports/daily/:date`), the tool's name, or the JSON-RPC method. */
  route: string;
  requests: number;
  refused: number;
  /** Answers 5xx. */
  failed: number;
}

/** Requests per surface and route or tool over the window, busiest first; `credential` narrows to one. */
export async function usageByRoute(q: Queryable, window: Window & { credential?: string }): Promise<RouteUse[]> {
  const { rows } = await q.query(
    `SELECT surface, route, sum(requests)::bigint AS requests,
            coalesce(sum(requests) FILTER (WHERE refusal <> ''), 0)::bigint AS refused,
            coalesce(sum(requests) FILTER (WHERE status_class = '5xx'), 0)::bigint AS failed
       FROM usage.requests WHERE hour >= $1 AND ($2::text IS NULL OR credential = $2)
      GROUP BY surface, route ORDER BY 3 DESC, surface, route`,
    [windowStart(window), window.credential ?? null],
  );
  return rows.map((r) => ({
    surface: r.surface,
    route: r.route,
    requests: Number(r.requests),
    refused: Number(r.refused),
    failed: Number(r.failed),
  }));
}

export interface RefusalCount {
  /** "401 missing_credential", "401 invalid_credential", "403 missing_scope", "403 edge_filter", "429 rate_limit", … */
  reason: string;
  requests: number;
  lastAt: number;
}

/** Refusals by reason over the window, most frequent first. */
export async function refusalsByReason(q: Queryable, window: Window): Promise<RefusalCount[]> {
  const { rows } = await q.query(
    `SELECT refusal, sum(requests)::bigint AS requests, max(last_at) AS last_at
       FROM usage.requests WHERE hour >= $1 AND refusal <> ''
      GROUP BY refusal ORDER BY 2 DESC, refusal`,
    [windowStart(window)],
  );
  return rows.map((r) => ({ reason: r.refusal, requests: Number(r.requests), lastAt: Number(r.last_at) }));
}

export interface CredentialActivity {
  credential: string;
  /** Epoch milliseconds of its last request, refused ones included. */
  lastUsedAt: number;
  /** Requests in the last 24 hours and the last 7 days (whole hours: the current one and those before it). */
  requests24h: number;
  requests7d: number;
}

/** Every credential ever counted, most recently used first. */
export async function keyActivity(q: Queryable, now: number = Date.now()): Promise<CredentialActivity[]> {
  const hour = hourOf(now);
  const { rows } = await q.query(
    `SELECT credential, max(last_at) AS last_at,
            coalesce(sum(requests) FILTER (WHERE hour >= $1), 0)::bigint AS day,
            coalesce(sum(requests) FILTER (WHERE hour >= $2), 0)::bigint AS week
       FROM usage.requests
      GROUP BY credential ORDER BY 2 DESC, credential`,
    [hour - 23 * HOUR_MS, hour - (7 * 24 - 1) * HOUR_MS],
  );
  return rows.map((r) => ({
    credential: r.credential,
    lastUsedAt: Number(r.last_at),
    requests24h: Number(r.day),
    requests7d: Number(r.week),
  }));
}

export type CredentialKind = "key" | "peer" | "oauth" | "anonymous";

/** Splits a credential's name: `key:k_1` → {kind: "key", id: "k_1"}; `anonymous` → {kind: "anonymous", id: ""}. */
export function parseCredential(credential: string): { kind: CredentialKind; id: string } {
  const colon = credential.indexOf(":");
  if (colon < 0) return { kind: "anonymous", id: "" };
  return { kind: credential.slice(0, colon) as CredentialKind, id: credential.slice(colon + 1) };
}
