/**
 * Resolves an identity-hub OAuth access token to an identity with ONE upstream GET to AUTH_IDENTITY_URL (spec §5.2).
 * The token is sent nowhere else (redirects are not followed), never logged, never stored: the answer is cached
 * under the token's SHA-256 for a short time, and concurrent look-ups of one token share one upstream call.
 * Scopes: OAUTH_DEFAULT_SCOPES, narrowed by the hub's `scope` claim when its answer carries one (DESIGN §9).
 */
import { sha256Hex } from "./api-keys.js";
import type { OAuthPrincipal } from "./principal.js";

export type OAuthOutcome = { principal: OAuthPrincipal } | { refused: string } | { unavailable: string };

export interface OAuthResolver {
  resolve(token: string): Promise<OAuthOutcome>;
}

export interface OAuthResolverOptions {
  identityUrl: string;
  defaultScopes: readonly string[];
  cacheSeconds: number;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

const MAX_TOKEN_LENGTH = 4096;
const CACHE_LIMIT = 10_000;
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/** The `scope` claim as a set: a space-separated string (RFC 8693 style) or an array of strings. */
function claimedScopes(claim: unknown): Set<string> | undefined {
  if (typeof claim === "string") return new Set(claim.split(" ").filter(Boolean));
  if (Array.isArray(claim)) return new Set(claim.filter((s): s is string => typeof s === "string"));
  return undefined;
}

export function identityFromAnswer(body: unknown, defaultScopes: readonly string[]): OAuthPrincipal | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { sub, scope } = body as Record<string, unknown>;
  if (typeof sub !== "string" || sub === "") return undefined;
  const claimed = claimedScopes(scope);
  const scopes = claimed ? defaultScopes.filter((s) => claimed.has(s)) : [...defaultScopes];
  return { kind: "oauth", subject: sub, scopes: new Set(scopes) };
}

export function createOAuthResolver(options: OAuthResolverOptions): OAuthResolver {
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { outcome: OAuthOutcome; until: number }>();
  const inFlight = new Map<string, Promise<OAuthOutcome>>();

  async function ask(token: string): Promise<OAuthOutcome> {
    let res: Response;
    try {
      res = await fetch(options.identityUrl, {
        method: "GET",
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
        redirect: "manual",
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
    } catch {
      return { unavailable: "the identity hub did not answer" };
    }
    if (res.status === 400 || res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      return { refused: "invalid or expired access token" };
    }
    if (res.status !== 200) {
      await res.body?.cancel();
      return { unavailable: `the identity hub answered ${res.status}` };
    }
    const principal = identityFromAnswer(await res.json().catch(() => undefined), options.defaultScopes);
    return principal ? { principal } : { unavailable: "the identity hub answered without a subject" };
  }

  return {
    async resolve(token) {
      if (token.length > MAX_TOKEN_LENGTH || !TOKEN68.test(token)) return { refused: "malformed access token" };
      const digest = sha256Hex(token);
      const hit = cache.get(digest);
      if (hit && hit.until > now()) return hit.outcome;
      const pending = inFlight.get(digest);
      if (pending) return pending;
      const lookup = ask(token).finally(() => inFlight.delete(digest));
      inFlight.set(digest, lookup);
      const outcome = await lookup;
      // An outage is not cached: the next request asks again.
      if (!("unavailable" in outcome) && options.cacheSeconds > 0) {
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(digest, { outcome, until: now() + options.cacheSeconds * 1000 });
      }
      return outcome;
    },
  };
}
