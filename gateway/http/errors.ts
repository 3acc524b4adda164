/** The spec's ErrorResponse, and where service failures (through gateway/http/connect-codes.ts) and fastify errors become HTTP answers. */
import { ConnectError } from "@connectrpc/connect";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { answerOf, INTERNAL_MESSAGE, shownMessage } from "./connect-codes.js";
import { relevantError } from "../schemas/relevant-error.js";
import {
  classifyDatabaseError,
  DATABASE_UNAVAILABLE,
  INVALID_TEXT,
  RETRY_AFTER_SECONDS,
} from "../../lib/db/db-errors.js";

export interface ErrorBody {
  error: string;
  required?: string;
  granted?: string[];
}

export function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  extra: Omit<ErrorBody, "error"> = {},
): FastifyReply {
  return reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send({ error, ...extra });
}

const CONTEXT_NOUN: Record<string, string> = {
  querystring: "query parameter",
  params: "path parameter",
  body: "body field",
  headers: "header",
};

/** Names the parameter a schema validation failed on: `invalid query parameter 'limit': must be <= 200`. */
function describeValidation(error: FastifyError): string {
  const first = relevantError(error.validation as Parameters<typeof relevantError>[0]);
  const noun = CONTEXT_NOUN[error.validationContext ?? ""] ?? "parameter";
  if (!first) return `invalid ${noun}`;
  const params = first.params as Record<string, unknown>;
  const name =
    (params.missingProperty as string | undefined) ??
    (params.additionalProperty as string | undefined) ??
    first.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (params.missingProperty) return `missing ${noun} '${name}'`;
  if (params.additionalProperty) return `unknown ${noun} '${name}'`;
  const allowed = params.allowedValues as unknown[] | undefined;
  const detail = allowed ? `must be one of ${allowed.join(", ")}` : first.message;
  return name ? `invalid ${noun} '${name}': ${detail}` : `invalid ${noun}: ${detail}`;
}

export function errorHandler(error: FastifyError | ConnectError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ConnectError) {
    const { status } = answerOf(error.code);
    if (status === 503) {
      request.log.warn({ err: error }, "service unavailable");
      return sendError(reply.header("retry-after", String(RETRY_AFTER_SECONDS)), 503, error.rawMessage);
    }
    if (status >= 500) request.log.error({ err: error }, "service call failed");
    return sendError(reply, status, shownMessage(error));
  }
  if (error.validation) return sendError(reply, 400, describeValidation(error));
  // The gateway's own queries (API keys, the callback inbox) meet the database too.
  const failure = classifyDatabaseError(error);
  if (failure === "unavailable") {
    request.log.warn({ err: error }, "database unavailable");
    return sendError(reply.header("retry-after", String(RETRY_AFTER_SECONDS)), 503, DATABASE_UNAVAILABLE);
  }
  if (failure === "invalid_text") return sendError(reply, 400, INVALID_TEXT);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return sendError(reply, status, error.message);
  request.log.error({ err: error }, "request failed");
  return sendError(reply, 500, INTERNAL_MESSAGE);
}
