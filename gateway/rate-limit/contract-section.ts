/** The contract's `limits.request_rate`: the rate limits in force, as the RateLimit headers carry them. */
import { RATE_LIMIT_KINDS, type RateLimitConfig } from "../../lib/config/access.js";
import { policyHeader } from "./headers.js";

export const RATE_LIMIT_HEADERS_DRAFT = "draft-ietf-httpapi-ratelimit-headers-11";

export function requestRateSection(config: RateLimitConfig) {
  return {
    algorithm: "token bucket (GCRA) per partition, shared by every gateway replica",
    headers: { draft: RATE_LIMIT_HEADERS_DRAFT, fields: ["RateLimit-Policy", "RateLimit"] },
    partitions: Object.fromEntries(
      RATE_LIMIT_KINDS.map((kind) => {
        const policy = config.policies[kind];
        return [kind, { policy: policyHeader(policy), per_minute: policy.perMinute, burst: policy.burst }];
      }),
    ),
    counted_by: {
      api_key: "the institute key (its id)",
      peer: "the peer party",
      oauth: "the OAuth identity (its subject)",
      anonymous: "the client address (IPv6 per /64) on the public routes",
    },
    not_counted: [
      "a request refused before or by authentication (403 at the edge or for a browser origin, 401)",
      "POST /relay/callback (authenticated by its signature)",
    ],
    refusal: {
      rest: "429 with Retry-After and an ErrorResponse",
      tool_endpoint:
        "429 with Retry-After and a JSON-RPC error of category transient (data.transient true, code resource_exhausted)",
    },
  };
}
