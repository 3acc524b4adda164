/**
 * Which credential a request presents, and what it resolves to. REST accepts institute API keys only (DESIGN §9);
 * every other path accepts the three kinds of spec §5.2: institute keys in X-API-Key, peer keys in
 * `Authorization: Bearer` or X-API-Key, identity-hub OAuth tokens in `Authorization: Bearer`.
 */
import type { IncomingHttpHeaders } from "node:http";
import { API_KEY_PREFIX, type ApiKeyResolver } from "./api-keys.js";
import type { OAuthResolver } from "./oauth-tokens.js";
import type { PeerKeyResolver } from "./peer-keys.js";
import type { Principal } from "./principal.js";

export type Presented = { via: "x-api-key" | "bearer"; value: string } | { malformed: string } | undefined;

export interface CredentialResolvers {
  apiKeys: ApiKeyResolver;
  peers: PeerKeyResolver;
  /** Absent when AUTH_URL is unset: then no OAuth token is accepted. */
  oauth: OAuthResolver | undefined;
}

/** Whose credential policy applies: REST (/api/v1) takes institute keys only, the tool endpoint and the rest any kind. */
/** Whose credential policy applies: REST (/api/v1) takes institute keys only; the tool endpoint and every other path any kind. */
export type Surface = "rest" | "tool";

export type Resolution = { principal: Principal } | { status: 401 | 503; error: string; tokenRefused: boolean };

export function presentedCredential(headers: IncomingHttpHeaders): Presented {
  const apiKey = headers["x-api-key"];
  if (Array.isArray(apiKey)) return { malformed: "send one X-API-Key header" };
  if (apiKey !== undefined && apiKey !== "") return { via: "x-api-key", value: apiKey };
  const authorization = headers.authorization;
  if (authorization === undefined || authorization === "") return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(authorization);
  if (!match) return { malformed: "the Authorization header must be `Bearer <token>`" };
  return { via: "bearer", value: match[1]! };
}

/** True when the credential is one this gateway has already seen resolve (institute keys) or resolves in memory (peer keys). */
export function knownValid(presented: Exclude<Presented, undefined>, r: CredentialResolvers): boolean {
  if ("malformed" in presented) return false;
  if (r.apiKeys.known(presented.value)) return true;
  const peer = r.peers.resolve(presented.value);
  return peer !== undefined && !("ambiguous" in peer);
}

const refuse = (error: string, tokenRefused = true): Resolution => ({ status: 401, error, tokenRefused });

export async function resolveCredential(
  presented: Exclude<Presented, undefined>,
  surface: Surface,
  r: CredentialResolvers,
): Promise<Resolution> {
  if ("malformed" in presented) return refuse(presented.malformed);
  const { via, value } = presented;
  if (surface === "rest") {
    if (via === "bearer")
      return refuse("the REST API accepts institute API keys only: send one in the X-API-Key header");
    const principal = await r.apiKeys.resolve(value);
    return principal ? { principal } : refuse("invalid API key");
  }
  if (value.startsWith(API_KEY_PREFIX)) {
    // An institute key is never sent to the identity hub, whichever header carries it.
    if (via === "bearer") return refuse("institute API keys go in the X-API-Key header");
    const principal = await r.apiKeys.resolve(value);
    if (principal) return { principal };
  }
  const peer = r.peers.resolve(value);
  if (peer && "ambiguous" in peer) return refuse("ambiguous_key");
  if (peer) return { principal: peer.principal };
  if (via === "x-api-key") return refuse("invalid API key");
  if (!r.oauth) return refuse("invalid bearer token (this deployment accepts no OAuth tokens: AUTH_URL is unset)");
  const outcome = await r.oauth.resolve(value);
  if ("principal" in outcome) return { principal: outcome.principal };
  if ("refused" in outcome) return refuse(outcome.refused);
  return { status: 503, error: `cannot verify the access token now: ${outcome.unavailable}`, tokenRefused: false };
}
