/**
 * Which PostgreSQL failures are not the request's fault or the code's, shared by the services (a Connect interceptor
 * turns them into codes) and the gateway (which queries for keys itself):
 * - `unavailable`: the server cannot be reached or is going away (refused or lost connections, SQLSTATE class 08,
 *   57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections, a pool that
 *   is closing). A retry later can succeed, and the pool reconnects by itself.
 * - `invalid_text`: a caller's text the database cannot hold (22021: NUL or invalid UTF-8), which matches no row.
 */

export type DatabaseFailure = "unavailable" | "invalid_text";

const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNABORTED",
]);
// node-postgres raises these as plain Errors, without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /connection error and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client was closed and is not queryable/,
];

function classifyOne(error: unknown): DatabaseFailure | null {
  if (typeof error !== "object" || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (code.startsWith("08") || UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return "unavailable";
    if (code === "22021") return "invalid_text";
  }
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => m.test(message))) return "unavailable";
  return null;
}

/** Classifies an error, looking through `cause` and AggregateError's `errors` (a refused dual-stack connect). */
export function classifyDatabaseError(error: unknown, depth = 0): DatabaseFailure | null {
  const own = classifyOne(error);
  if (own || depth > 3 || typeof error !== "object" || error === null) return own;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  for (const inner of [cause, ...(Array.isArray(errors) ? errors : [])]) {
    const found = inner === undefined ? null : classifyDatabaseError(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

export const isDatabaseUnavailable = (error: unknown) => classifyDatabaseError(error) === "unavailable";

/** What a caller is told: the kind of failure only, never the server's address or the driver's text. */
export const DATABASE_UNAVAILABLE = "database unavailable: try again shortly";
export const INVALID_TEXT =
  "invalid argument: text holds a character that cannot be stored (NUL or invalid UTF-8), so nothing matches it";

/** Seconds a client is asked to wait before retrying while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 2;
