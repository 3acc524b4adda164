/**
 * The one table from a service's ConnectError `Code` to what each public surface answers: the REST status, and the
 * tool endpoint's category (spec §7.2; `transient` is the only category a retry can help). `internal` marks the
 * faults whose message is never shown to a caller on either surface: it is logged and answered "internal error".
 */
import { Code, ConnectError } from "@connectrpc/connect";

export type Category = "auth" | "validation" | "permanent" | "transient";

export interface CodeAnswer {
  status: number;
  category: Category;
  internal: boolean;
}

const row = (status: number, category: Category, internal = false): CodeAnswer => ({ status, category, internal });

export const CODE_ANSWERS: Readonly<Record<Code, CodeAnswer>> = {
  [Code.Canceled]: row(500, "transient"),
  [Code.Unknown]: row(500, "permanent", true),
  [Code.InvalidArgument]: row(400, "validation"),
  [Code.DeadlineExceeded]: row(504, "transient"),
  [Code.NotFound]: row(404, "permanent"),
  [Code.AlreadyExists]: row(409, "permanent"),
  [Code.PermissionDenied]: row(403, "auth"),
  [Code.ResourceExhausted]: row(429, "transient"),
  [Code.FailedPrecondition]: row(400, "permanent"),
  [Code.Aborted]: row(500, "transient"),
  [Code.OutOfRange]: row(400, "validation"),
  [Code.Unimplemented]: row(500, "permanent"),
  [Code.Internal]: row(500, "permanent", true),
  [Code.Unavailable]: row(503, "transient"),
  [Code.DataLoss]: row(500, "permanent", true),
  [Code.Unauthenticated]: row(401, "auth"),
};

/** A code outside the table (a newer Connect) is answered as an internal fault. */
export const answerOf = (code: Code): CodeAnswer => CODE_ANSWERS[code] ?? row(500, "permanent", true);

/** What the caller is told of a service failure: its own message, or "internal error" for an internal fault. */
export const INTERNAL_MESSAGE = "internal error";
export const shownMessage = (error: ConnectError): string =>
  answerOf(error.code).internal ? INTERNAL_MESSAGE : error.rawMessage;
