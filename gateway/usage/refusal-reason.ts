/**
 * Why a request was refused, read from its answer after it was sent: the status, the headers the refusing step set
 * and what the request presented. One vocabulary for the usage counts (docs/usage.md):
 * - 401 missing_credential (nothing presented), 401 invalid_credential (presented and refused: unknown, revoked,
 *   expired, ambiguous_key, a token the hub refused);
 * - 403 edge_filter (the bodiless edge refusal), 403 origin_refused (browser access: Host or Origin, before any
 *   credential), 403 missing_scope (a known caller without the route's scope);
 * - 429 rate_limit (the caller's rate, which sets RateLimit-Policy), 429 auth_failures (too many failed
 *   authentications from the address);
 * - on the tool endpoint, a refusal carried in the JSON-RPC envelope (category auth, HTTP 200): `tool <code>`
 *   (tool missing_scope, tool withheld_from_peers, tool party_not_granted).
 * Every other answer: "" (not a refusal).
 */
import type { FastifyReply, FastifyRequest } from "fastify";

function presentedAnything(request: FastifyRequest): boolean {
  const { headers } = request;
  if (headers["x-api-key"] !== undefined || headers.authorization !== undefined) return true;
  const query = request.query as Record<string, unknown> | undefined;
  return query !== undefined && query !== null && query.token !== undefined;
}

export function refusalReason(request: FastifyRequest, reply: FastifyReply): string {
  const status = reply.statusCode;
  if (status === 401) return presentedAnything(request) ? "401 invalid_credential" : "401 missing_credential";
  if (status === 403) {
    if (reply.hasHeader("x-edge-error")) return "403 edge_filter";
    return request.principal === null ? "403 origin_refused" : "403 missing_scope";
  }
  if (status === 429) return reply.hasHeader("ratelimit-policy") ? "429 rate_limit" : "429 auth_failures";
  const data = request.rpcCall?.error?.data;
  if (data?.category === "auth") return `tool ${typeof data.code === "string" ? data.code : "refused"}`;
  return "";
}
