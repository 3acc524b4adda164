/**
 * The operator's ways of naming a key's expiry and a rotation's overlap:
 *   a duration from now    30d, 12h, 90m, 45s, 2w       (m is minutes)
 *   a date                 2027-01-01                   (midnight UTC)
 *   an instant             2027-01-01T09:30:00+08:00    (RFC 3339, with Z or an offset)
 * Anything else, an impossible date, or an instant not in the future is refused with a line saying why.
 */
import { EXPIRY_MAX, KeyAdminError } from "./key-admin.js";

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const DURATION = /^(\d{1,9})([smhdw])$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** A duration (`24h`, `0`) in milliseconds. */
export function parseDuration(text: string, what: string): number {
  const value = text.trim();
  if (value === "0") return 0;
  const m = DURATION.exec(value);
  if (!m) throw new KeyAdminError(`${what} must be a duration such as 24h, 30d or 90m (s, m, h, d, w), got "${text}"`);
  return Number(m[1]) * UNIT_MS[m[2]!]!;
}

/** The calendar fields of a date must survive a round trip: 2026-02-30 is not a date. */
function realDate(year: string, month: string, day: string): boolean {
  const d = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return d.getUTCFullYear() === Number(year) && d.getUTCMonth() === Number(month) - 1 && d.getUTCDate() === Number(day);
}

/** An expiry as epoch milliseconds, after `now`. */
export function parseExpiry(text: string, now: number): number {
  const value = text.trim();
  let at: number;
  if (DURATION.test(value)) {
    at = now + parseDuration(value, "the expiry");
  } else if (DATE.test(value)) {
    const [, y, mo, d] = DATE.exec(value)!;
    if (!realDate(y!, mo!, d!)) throw new KeyAdminError(`the expiry ${value} is not a calendar date`);
    at = Date.UTC(Number(y), Number(mo) - 1, Number(d));
  } else if (INSTANT.test(value)) {
    const [, y, mo, d, h, mi, s] = INSTANT.exec(value)!;
    if (!realDate(y!, mo!, d!) || Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)
      throw new KeyAdminError(`the expiry ${value} is not a valid instant`);
    at = Date.parse(value);
  } else {
    throw new KeyAdminError(
      `the expiry must be a duration (30d, 12h), a date (2027-01-01, midnight UTC) or an instant (2027-01-01T00:00:00Z), got "${text}"`,
    );
  }
  if (!Number.isFinite(at) || at > EXPIRY_MAX) throw new KeyAdminError(`the expiry ${value} is beyond the year 9999`);
  if (at <= now) throw new KeyAdminError(`the expiry must be in the future, got ${new Date(at).toISOString()}`);
  return at;
}
