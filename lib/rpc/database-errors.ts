/**
 * The services' one translation of database failures into Connect codes (installed on every router: the
 * all-in-one's in-process transport and lib/rpc/connect-server.ts): an unreachable or restarting PostgreSQL is
 * Unavailable (the gateway answers 503 with Retry-After, tools a transient error) instead of Internal; a caller's
 * text the database cannot hold is InvalidArgument. Everything else passes through untouched.
 */
import { Code, ConnectError, type Interceptor } from "@connectrpc/connect";
import { classifyDatabaseError, DATABASE_UNAVAILABLE, INVALID_TEXT } from "../db/db-errors.js";

export function databaseErrorToConnect(error: unknown): unknown {
  if (error instanceof ConnectError) return error;
  switch (classifyDatabaseError(error)) {
    case "unavailable":
      return new ConnectError(DATABASE_UNAVAILABLE, Code.Unavailable, undefined, undefined, error);
    case "invalid_text":
      return new ConnectError(INVALID_TEXT, Code.InvalidArgument, undefined, undefined, error);
    default:
      return error;
  }
}

export const databaseErrors: Interceptor = (next) => async (request) => {
  try {
    return await next(request);
  } catch (error) {
    throw databaseErrorToConnect(error);
  }
};
