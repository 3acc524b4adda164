/**
 * The checks every surface shares, in order: authentication (before routing, spec §5.2 rule 5), the rate limit, the
 * route's scope. Each surface installs them with its own credential policy (REST takes institute keys only); one
 * failure throttle counts failed authentications across all of them.
 */
import type { Config } from "../../lib/config/config.js";
import { ambiguousDigests } from "../../lib/config/peers-file.js";
import type { Log } from "../../lib/log.js";
import type { ApiKeyResolver } from "../auth/api-keys.js";
import { authenticate, requireScope } from "../auth/authenticate.js";
import type { Surface } from "../auth/credentials.js";
import { createFailureThrottle } from "../auth/failure-throttle.js";
import { createOAuthResolver } from "../auth/oauth-tokens.js";
import { createPeerKeyResolver } from "../auth/peer-keys.js";
import type { Gate } from "../http/framework-refusals.js";
import type { RateLimiter } from "../rate-limit/limiter.js";
import { rateLimitHook } from "../rate-limit/rate-limit-hook.js";

export interface SharedCheckDeps {
  config: Config;
  apiKeys: ApiKeyResolver;
  /** Absent: no rate limit. */
  limiter: RateLimiter | null;
  /** The failure throttle's clock (tests fix it). */
  now?: () => number;
  log: Log;
}

export function sharedChecks(deps: SharedCheckDeps): (surface: Surface) => Gate[] {
  const { auth } = deps.config;
  for (const { parties } of ambiguousDigests(auth.peers)) {
    deps.log.warn({ parties }, "a peer key digest is listed for two parties: it is refused as ambiguous_key");
  }
  const oauth = auth.identityUrl
    ? createOAuthResolver({
        identityUrl: auth.identityUrl,
        defaultScopes: auth.oauthDefaultScopes,
        cacheSeconds: auth.oauthCacheSeconds,
      })
    : undefined;
  const resolvers = { apiKeys: deps.apiKeys, peers: createPeerKeyResolver(auth.peers), oauth };
  const failures = createFailureThrottle(deps.config.access.authFailures, deps.now);
  const limit = deps.limiter ? [rateLimitHook(deps.limiter)] : [];
  return (surface) => [authenticate(resolvers, failures, surface), ...limit, requireScope];
}
