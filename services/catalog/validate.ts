/**
 * Request checks the service makes itself: internal gRPC callers reach it without the gateway's JSON Schemas.
 * Failures are InvalidArgument naming the field, worded like the gateway's 400s.
 */
import type { LimitBounds } from "./vocabulary.js";
import { invalid } from "../request-checks.js";

/** An optional filter: empty means "no filter"; anything else must be one of `allowed`. */
export function optionalOneOf<T extends string>(field: string, value: string, allowed: readonly T[]): T | undefined {
  if (value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(`invalid ${field} '${value}': must be one of ${allowed.join(", ")}`);
}

/**
 * A list limit. proto3 cannot tell an unset int32 from 0, so 0 means "the default"; anything else must lie in
 * [1, max] and is never clamped.
 */
export function limitOf(value: number, bounds: LimitBounds): number {
  if (value === 0) return bounds.fallback;
  if (!Number.isInteger(value) || value < 1 || value > bounds.max) {
    throw invalid(`invalid limit ${value}: must be between 1 and ${bounds.max}`);
  }
  return value;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row of a uuid column; anything else is simply unknown, never a database error. */
export const isUuid = (value: string) => UUID.test(value);
