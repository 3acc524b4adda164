/**
 * Request checks the service makes itself: internal gRPC callers reach it without the gateway's JSON Schemas.
 * Failures are InvalidArgument naming the field, worded like the gateway's 400s.
 */
import { invalid } from "../request-checks.js";

/** An optional filter: empty means "no filter"; anything else must be one of `allowed`. */
export function optionalOneOf<T extends string>(field: string, value: string, allowed: readonly T[]): T | undefined {
  if (value === "") return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw invalid(`invalid ${field} '${value}': must be one of ${allowed.join(", ")}`);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id can name a row of a uuid column; anything else is simply unknown, never a database error. */
export const isUuid = (value: string) => UUID.test(value);
