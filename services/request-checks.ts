/**
 * Request checks shared by every service, and the one place their refusals are built (`invalid`, `notFound`).
 * Internal callers reach the services without the gateway's JSON Schemas, so each value is checked here too; a
 * failure is InvalidArgument naming the field, and nothing malformed reaches a query.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import type { KeysetAfter } from "../gen/institute/common/v1/keyset_pb.js";
import { isWorkDate } from "../lib/work-date.js";

/**
 * The most rows one call returns. Callers over-fetch by one row to observe whether more exist, so this is the
 * largest bound a tool declares (1000) plus one.
 */
export const MAX_FETCH = 1001;

const MAX_ID_LENGTH = 200;
const CONTROL = /[\u0000-\u001f\u007f]/;

export const invalid = (message: string) => new ConnectError(message, Code.InvalidArgument);
export const notFound = (message: string) => new ConnectError(message, Code.NotFound);

/** Quotes a caller's value in an error message without echoing an unbounded string. */
export const quote = (value: string) => `'${value.length > 64 ? `${value.slice(0, 64)}…` : value}'`;

/**
 * A list limit in [1, max], never clamped. proto3 cannot tell an unset int32 from 0: where a list has a default,
 * 0 means it; where it has none, 0 is refused like any other value out of range.
 */
export function limitOf(value: number, bounds: { max: number; fallback?: number }): number {
  if (value === 0 && bounds.fallback !== undefined) return bounds.fallback;
  if (!Number.isInteger(value) || value < 1 || value > bounds.max) {
    throw invalid(`invalid limit ${value}: must be between 1 and ${bounds.max}`);
  }
  return value;
}

/** Rows to return at most: required, 1 to MAX_FETCH. */
export const fetchLimit = (value: number): number => limitOf(value, { max: MAX_FETCH });

/** An id that must be given: free text, but no row holds an empty, oversized or control-character id. */
export function requireId(value: string, field: string): string {
  if (value === "") throw invalid(`missing ${field}`);
  return optionalId(value, field);
}

/** An optional id filter: empty means no filter. */
export function optionalId(value: string, field: string): string {
  if (value.length > MAX_ID_LENGTH || CONTROL.test(value)) throw invalid(`invalid ${field} ${quote(value)}`);
  return value;
}

/** An optional filter from a closed set: empty means no filter. */
export function optionalOneOf(value: string, field: string, allowed: readonly string[]): string {
  if (value === "" || allowed.includes(value)) return value;
  throw invalid(`invalid ${field} ${quote(value)}: must be one of ${allowed.join(", ")}`);
}

/** An optional YYYY-MM-DD work date filter: empty means no filter. */
export function optionalWorkDate(value: string, field: string): string {
  if (value === "" || isWorkDate(value)) return value;
  throw invalid(`invalid ${field} ${quote(value)}: expected a YYYY-MM-DD calendar date`);
}

/** A keyset position, or undefined for the first page. `idOk` narrows what the id column can hold. */
export function keysetAfter(
  after: KeysetAfter | undefined,
  idOk: (id: string) => boolean = () => true,
): { at: number; id: string } | undefined {
  if (after === undefined) return undefined;
  const at = Number(after.at);
  if (
    !Number.isSafeInteger(at) ||
    after.id === "" ||
    after.id.length > MAX_ID_LENGTH ||
    CONTROL.test(after.id) ||
    !idOk(after.id)
  ) {
    throw invalid("invalid after: a keyset position needs a timestamp and the id of a row");
  }
  return { at, id: after.id };
}

/** A sequence position (seq numbers start at 1): 0 is "from the start". */
export function afterSeq(value: number): number {
  if (!Number.isInteger(value) || value < 0) throw invalid(`invalid after_seq ${value}: must be 0 or more`);
  return value;
}
