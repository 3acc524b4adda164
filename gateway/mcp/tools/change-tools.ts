/**
 * changes_since: the change feed (docs/lifecycle.md#the-change-feed) on the tool endpoint, the same answer as
 * GET /api/v1/changes (gateway/changes/changes-answer.ts) with the tool's bound report. A key sees the kinds whose
 * tools it may call: threads with whiteboard:read, the rest with viewer:read (as every report, data and fact-card
 * tool), so the grant is whiteboard:read, which viewer:read implies: a key that allows no kind is refused by it.
 */
import { answerChanges, CHANGE_KIND_NAMES, CHANGE_LIMIT } from "../../changes/changes-answer.js";
import { CHANGE_KINDS } from "../../changes/change-source.js";
import { holdsScope } from "../../auth/principal.js";
import { bool, object, str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { authError, RpcError, TRANSIENT_ERROR, validationError } from "../tool-errors.js";
import { boundReport, limitInput } from "./bounded.js";
import { arrayOf, input } from "./tool-schemas.js";

interface Args {
  cursor?: string;
  limit: number;
  kinds?: string[];
}

const change = object({
  kind: { type: "string", enum: CHANGE_KIND_NAMES },
  id: str,
  change: { type: "string", enum: ["upserted", "withdrawn"] },
  at: {
    type: "integer",
    minimum: 0,
    description: "Epoch ms recorded.",
  },
  url: { type: "string", description: "Its REST route." },
});

const changesSince: ToolDefinition<Args> = {
  name: "changes_since",
  title: "Changes since a cursor",
  description:
    "What was published, updated or withdrawn after a cursor, in commit order (GET /api/v1/changes). Apply in " +
    "order, keep each item's last.",
  grant: { scope: "whiteboard:read" },
  toolset: "changes",
  inputSchema: input({
    cursor: {
      type: "string",
      minLength: 1,
      maxLength: 512,
      description: "A next_cursor given out; none: the beginning.",
    },
    limit: limitInput(CHANGE_LIMIT, "changes"),
    kinds: {
      ...arrayOf({ type: "string", enum: CHANGE_KIND_NAMES }),
      maxItems: CHANGE_KIND_NAMES.length,
      description: "Only these kinds (default: all the key may see).",
    },
  }),
  outputSchema: object({
    changes: arrayOf(change),
    next_cursor: {
      type: ["string", "null"],
      description: "Resumes after this page.",
    },
    has_more: { ...bool, description: "More are ready now." },
    bound: boundReport,
  }),
  bound: CHANGE_LIMIT,
  pager: "keyset",
  async call(args, { principal, changes }) {
    const granted = principal.kind === "peer" ? [] : [...principal.scopes].sort();
    const result = await answerChanges(
      changes,
      { cursor: args.cursor, limit: args.limit, kinds: args.kinds, scopeOf: (k) => CHANGE_KINDS[k]!.toolScope },
      (scope) => holdsScope(principal, scope),
    );
    if (!result.ok) {
      const refusal = result.refusal;
      switch (refusal.kind) {
        case "no-kind":
          throw authError(`missing scope: one of ${refusal.scopes.join(", ")}`, {
            code: "missing_scope",
            required: refusal.scopes.join(" or "),
            granted,
          });
        case "hidden-kind":
          throw authError(`missing scope: ${refusal.scope}`, {
            code: "missing_scope",
            required: refusal.scope,
            granted,
          });
        case "bad-cursor":
          throw validationError("invalid argument 'cursor': not a cursor this service gave out", "cursor");
        case "unconfigured":
          throw new RpcError(TRANSIENT_ERROR, "the change feed is not configured", "transient", {
            code: "unavailable",
          });
      }
    }
    const { answer } = result;
    return {
      ...answer,
      bound: { limit: args.limit, returned: answer.changes.length, has_more: answer.has_more, exact: true },
    };
  },
};

export const CHANGE_TOOLS: ToolDefinition[] = [changesSince];
