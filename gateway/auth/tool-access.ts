/**
 * Who may list and call which tool (spec §4.3, §5.2): a scope tool needs its scope or viewer:read (institute keys,
 * OAuth identities) or any peer key; a `{party: "coverage"}` tool only the peer parties whose entry says
 * `coverage: true`; a tool withheld from peers is never served to a peer key, whatever else it holds.
 */
import type { ToolDefinition } from "../mcp/tool.js";
import { holdsScope, type Principal } from "./principal.js";

export type Access = { ok: true } | { ok: false; code: string; error: string; required?: string; granted?: string[] };

const granted = (p: Principal) => (p.kind === "peer" ? [] : [...p.scopes].sort());

export function toolAccess(
  principal: Principal,
  tool: Pick<ToolDefinition, "name" | "grant" | "withheldFromPeers">,
): Access {
  if (principal.kind === "peer") {
    if (tool.withheldFromPeers)
      return { ok: false, code: "withheld_from_peers", error: `${tool.name} is never served to peer keys` };
    if ("party" in tool.grant && !principal.party.coverage) {
      return {
        ok: false,
        code: "party_not_granted",
        error: `${tool.name} is granted by party, and party ${principal.party.id} is not granted ${tool.grant.party}`,
      };
    }
    return { ok: true };
  }
  if ("party" in tool.grant) {
    return {
      ok: false,
      code: "party_not_granted",
      error: `${tool.name} is granted to configured peer parties only (${tool.grant.party})`,
    };
  }
  const scope = tool.grant.scope;
  if (holdsScope(principal, scope)) return { ok: true };
  return {
    ok: false,
    code: "missing_scope",
    error: `missing scope: ${scope}`,
    required: scope,
    granted: granted(principal),
  };
}

/**
 * tools/list needs viewer:read or any credential valid for a tool call, peer keys included (spec §5.2 rule 1):
 * a principal that may call at least one tool of the registry.
 */
export function listAccess(principal: Principal, tools: readonly ToolDefinition[]): Access {
  if (principal.kind === "peer" || holdsScope(principal, "viewer:read")) return { ok: true };
  if (tools.some((t) => toolAccess(principal, t).ok)) return { ok: true };
  return {
    ok: false,
    code: "missing_scope",
    error: "tools/list needs viewer:read or a scope that some tool is granted by",
    required: "viewer:read",
    granted: granted(principal),
  };
}
