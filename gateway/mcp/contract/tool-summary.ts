/** The contract's `tools` section, counted from the registry (spec §4.3, §9.3 revision 9): never a literal. */
import type { ToolDefinition } from "../tool.js";
import { TOOLSETS, TOOLSET_NAMES } from "../toolsets.js";
import { LISTED_ANNOTATIONS } from "../tool-listing.js";
import { answerShape } from "../../answer-shape/answer-shape.js";
import {
  FIELDS_RULE,
  fieldsArgument,
  fieldsQuery,
  FORMAT_RULE,
  formatArgument,
} from "../../answer-shape/parameters.js";

const takesLimit = (t: ToolDefinition) => Object.prototype.hasOwnProperty.call(t.inputSchema.properties, "limit");

export function toolSummary(tools: readonly ToolDefinition[]) {
  const limitTaking = tools.filter(takesLimit);
  const declaring = limitTaking.filter((t) => t.bound !== undefined);
  return {
    total: tools.length,
    bounded: {
      total: limitTaking.length,
      declaring_bound: declaring.length,
      silently_truncating: limitTaking.length - declaring.length,
      report: "{limit, returned, has_more, exact: true}: the query over-fetches one row, so has_more is observed",
      bounds: declaring.map((t) => ({ tool: t.name, default: t.bound!.default, max: t.bound!.max })),
    },
    keyset: tools.filter((t) => t.pager === "keyset").map((t) => t.name),
    party_granted: tools
      .filter((t) => "party" in t.grant)
      .map((t) => ({ tool: t.name, party: (t.grant as { party: string }).party })),
    withheld_from_peers: tools.filter((t) => t.withheldFromPeers).map((t) => t.name),
    fields: fieldsSection(tools),
    names: tools.map((t) => t.name),
    grants: Object.fromEntries(
      tools.map((t) => [t.name, "scope" in t.grant ? `scope:${t.grant.scope}` : `party:${t.grant.party}`]),
    ),
    // What tools/list carries; every tool is also idempotent, which MCP's idempotentHint says only of tools that write.
    annotations: LISTED_ANNOTATIONS,
    idempotent: true,
    toolsets: {
      select: {
        header: "X-MCP-Toolsets",
        query: "toolsets",
        form: "comma-separated names; header and query are joined; none: every toolset",
      },
      sets: TOOLSET_NAMES.map((name) => ({
        name,
        description: TOOLSETS[name],
        tools: tools.filter((t) => t.toolset === name).map((t) => t.name),
      })),
    },
  };
}

/**
 * `fields` (and the list tools' `format`), from their one definition: the rules, both forms of `fields`, and what each
 * tool's names are those of (the rows of a list, or the answer); every list tool takes `format`.
 */
function fieldsSection(tools: readonly ToolDefinition[]) {
  const cutting = tools.filter((t) => "fields" in t.inputSchema.properties);
  return {
    rule: FIELDS_RULE,
    tool_argument: fieldsArgument,
    rest_query: { name: "fields", schema: fieldsQuery },
    lists: Object.fromEntries(
      cutting.flatMap((t) => {
        const rows = answerShape(t.outputSchema).list;
        return rows === undefined ? [] : [[t.name, rows]];
      }),
    ),
    details: cutting.filter((t) => answerShape(t.outputSchema).list === undefined).map((t) => t.name),
    format: { rule: FORMAT_RULE, tool_argument: formatArgument },
  };
}
