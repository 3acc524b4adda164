/**
 * GET /api/v1/changes (docs/lifecycle.md#the-change-feed): what was upserted or withdrawn, in the change log's
 * commit-safe order, a page at a time. No cursor starts from the beginning (a first walk is a full initial sync);
 * `next_cursor` always resumes after the page, so a mirror keeps polling with it. A key sees only the kinds whose
 * routes its scopes allow; one that allows none is 403, as is a `kinds` filter naming a kind it may not see.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { answerChanges, CHANGE_KIND_NAMES as KIND_NAMES, CHANGE_LIMIT } from "../changes/changes-answer.js";
import { CHANGE_KINDS, type ChangeSource } from "../changes/change-source.js";
import { sendError } from "../http/errors.js";
import { queryFields, sendCut, withFieldsQuery } from "./fields-query.js";
import { errorResponse, gatedErrors, limitInput, object } from "../schemas/common.js";

const SCOPES = [...new Set(Object.values(CHANGE_KINDS).map((k) => k.scope))].sort();

const change = object({
  kind: { type: "string", enum: KIND_NAMES },
  id: { type: "string" },
  change: { type: "string", enum: ["upserted", "withdrawn"] },
  at: {
    type: "integer",
    minimum: 0,
    maximum: Number.MAX_SAFE_INTEGER,
    format: "int64",
    description: "Epoch milliseconds when it was recorded (the order is not by time).",
  },
  url: { type: "string", description: "The route that serves it (404 'withdrawn' while it is withdrawn)." },
});

const changesResponse = object({
  changes: { type: "array", items: change },
  next_cursor: { type: "string", description: "Opaque: pass it back as `cursor` to resume after this page." },
  has_more: { type: "boolean", description: "More changes are ready now; when false, poll again later." },
});

const changesQuery = withFieldsQuery({
  type: "object",
  properties: {
    cursor: {
      type: "string",
      maxLength: 512,
      description: "A next_cursor this service gave out; none: the beginning.",
    },
    limit: limitInput(CHANGE_LIMIT),
    kinds: {
      type: "string",
      maxLength: 200,
      pattern: `^(${KIND_NAMES.join("|")})(,(${KIND_NAMES.join("|")}))*$`,
      description: `Comma-separated kinds to include: ${KIND_NAMES.join(", ")}. Default: every kind the key may see.`,
    },
  },
});

interface ChangesQuery {
  cursor?: string;
  limit: number;
  kinds?: string;
  fields?: string;
}

export function changeRoutes(
  app: FastifyInstance,
  opts: { changes?: ChangeSource; settleReadCache?: () => Promise<void> },
) {
  app.get<{ Querystring: ChangesQuery }>(
    "/changes",
    {
      config: {
        restOnly: "changes_since serves the same answer (gateway/changes/changes-answer.ts), scoped by tool grants",
      },
      schema: {
        summary: "Follow what was published, updated and withdrawn, in commit order",
        description:
          `Each change names a kind, its id, whether it was upserted or withdrawn, and the route that serves it. ` +
          `A key sees the kinds whose routes its scopes allow (${SCOPES.join(", ")}); one that allows none is 403.`,
        querystring: changesQuery,
        response: { 200: changesResponse, ...gatedErrors, 503: errorResponse },
      },
    },
    async (request: FastifyRequest<{ Querystring: ChangesQuery }>, reply: FastifyReply) => {
      const principal = request.principal!;
      // REST takes institute keys only (docs/decisions.md); their scopes are literal.
      const scopes: ReadonlySet<string> = principal.kind === "peer" ? new Set() : principal.scopes;
      const granted = [...scopes].sort();
      const { cursor, limit, kinds, fields } = request.query;
      const selection = queryFields(changesResponse, fields);
      const result = await answerChanges(
        opts.changes ? { source: opts.changes, settle: opts.settleReadCache } : undefined,
        { cursor, limit, kinds: kinds?.split(","), scopeOf: (k) => CHANGE_KINDS[k]!.scope },
        (scope) => scopes.has(scope),
      );
      if (result.ok) return sendCut(reply, result.answer, selection);
      const refusal = result.refusal;
      switch (refusal.kind) {
        case "no-kind":
          return sendError(reply, 403, `missing scope: one of ${refusal.scopes.join(", ")}`, {
            required: refusal.scopes.join(" or "),
            granted,
          });
        case "hidden-kind":
          return sendError(reply, 403, `missing scope: ${refusal.scope}`, { required: refusal.scope, granted });
        case "unconfigured":
          return sendError(reply, 503, "the change feed is not configured");
        case "bad-cursor":
          return sendError(reply, 400, "invalid query parameter 'cursor': not a cursor this service gave out");
      }
    },
  );
}
