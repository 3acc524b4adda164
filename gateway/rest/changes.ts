/**
 * GET /api/v1/changes (docs/lifecycle.md#the-change-feed): what was upserted or withdrawn, in the change log's
 * commit-safe order, a page at a time. No cursor starts from the beginning (a first walk is a full initial sync);
 * `next_cursor` always resumes after the page, so a mirror keeps polling with it. A key sees only the kinds whose
 * routes its scopes allow; one that allows none is 403, as is a `kinds` filter naming a kind it may not see.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { START } from "../../lib/changes/change-log.js";
import { CHANGE_KINDS, type ChangeSource } from "../changes/change-source.js";
import { sendError } from "../errors.js";
import { errorResponse, gatedErrors, object } from "../schemas/common.js";

const KIND_NAMES = Object.keys(CHANGE_KINDS);
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

const changesQuery = {
  type: "object",
  properties: {
    cursor: {
      type: "string",
      maxLength: 512,
      description: "A next_cursor this service gave out; none: the beginning.",
    },
    limit: { type: "integer", minimum: 1, maximum: 1000, default: 100 },
    kinds: {
      type: "string",
      maxLength: 200,
      pattern: `^(${KIND_NAMES.join("|")})(,(${KIND_NAMES.join("|")}))*$`,
      description: `Comma-separated kinds to include: ${KIND_NAMES.join(", ")}. Default: every kind the key may see.`,
    },
  },
} as const;

interface ChangesQuery {
  cursor?: string;
  limit: number;
  kinds?: string;
}

export function changeRoutes(
  app: FastifyInstance,
  opts: { changes?: ChangeSource; settleReadCache?: () => Promise<void> },
) {
  app.get<{ Querystring: ChangesQuery }>(
    "/changes",
    {
      config: { restOnly: "the change feed a mirror follows; the tools read each item by id" },
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
      const visible = KIND_NAMES.filter((k) => scopes.has(CHANGE_KINDS[k]!.scope));
      if (visible.length === 0)
        return sendError(reply, 403, `missing scope: one of ${SCOPES.join(", ")}`, {
          required: SCOPES.join(" or "),
          granted,
        });
      const asked = request.query.kinds ? [...new Set(request.query.kinds.split(","))] : visible;
      const hidden = asked.find((k) => !visible.includes(k));
      if (hidden)
        return sendError(reply, 403, `missing scope: ${CHANGE_KINDS[hidden]!.scope}`, {
          required: CHANGE_KINDS[hidden]!.scope,
          granted,
        });
      if (!opts.changes) return sendError(reply, 503, "the change feed is not configured");
      const signer = await opts.changes.signer();
      let after = START;
      if (request.query.cursor !== undefined) {
        const position = signer.verify(request.query.cursor);
        if (position === null)
          return sendError(reply, 400, "invalid query parameter 'cursor': not a cursor this service gave out");
        after = position;
      }
      const page = await opts.changes.read({ after, kinds: asked, limit: request.query.limit });
      // Every change handed out committed before this point: once this replica's read cache has applied them, a
      // reader who follows a change's url here never gets the answer from before it.
      await opts.settleReadCache?.();
      return {
        changes: page.changes.map((c) => ({ ...c, url: CHANGE_KINDS[c.kind]!.url(c.id) })),
        next_cursor: signer.sign(page.position),
        has_more: page.hasMore,
      };
    },
  );
}
