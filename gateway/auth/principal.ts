/** Who is calling, once authenticated; handed to routes and tools, never re-parsed downstream. */
import type { PeerParty } from "../../lib/config/peers-file.js";
import { TOOL_SCOPES } from "../../lib/scopes.js";
import type { ApiKeyPrincipal } from "./api-keys.js";

/** A peer key satisfies every scope on the tool surface but grants read only (spec §5.2). */
export interface PeerPrincipal {
  kind: "peer";
  party: PeerParty;
}

/** An identity resolved from an identity-hub OAuth access token; the token itself is never kept. */
export interface OAuthPrincipal {
  kind: "oauth";
  subject: string;
  scopes: ReadonlySet<string>;
}

export type Principal = ApiKeyPrincipal | PeerPrincipal | OAuthPrincipal;

/**
 * Whether a principal holds a scope. A peer key satisfies every scope on the tool surface (spec §5.2); an institute
 * key or an OAuth identity holds its own scopes, `viewer:read` being a superset of the tool scopes.
 */
export function holdsScope(principal: Principal, scope: string): boolean {
  if (principal.kind === "peer") return true;
  return (
    principal.scopes.has(scope) ||
    (principal.scopes.has("viewer:read") && (TOOL_SCOPES as readonly string[]).includes(scope))
  );
}
