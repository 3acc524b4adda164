/**
 * How the tool endpoint answers a refusal of the shared checks: over the rate limit, a JSON-RPC error of category
 * transient (spec §7.2: a retry may help), with the id null because the body is not read yet (the checks run before
 * parsing), as JSON-RPC allows; every other refusal as everywhere but REST (an ErrorResponse, the Bearer challenge).
 */
import { Code, ConnectError } from "@connectrpc/connect";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../lib/config/config.js";
import { bearerRefusals } from "../auth/challenge.js";
import type { Refusal } from "../http/refusal.js";
import { errorResponse } from "./json-rpc.js";
import { fromConnectError } from "./tool-errors.js";

export function mcpRefusals(config: Config) {
  const elsewhere = bearerRefusals(config);
  return function renderMcpRefusal(refusal: Refusal, request: FastifyRequest, reply: FastifyReply) {
    if (refusal.reason !== "rate_limit") return elsewhere(refusal, request, reply);
    const rpc = fromConnectError(new ConnectError(refusal.message, Code.ResourceExhausted));
    return reply
      .headers(refusal.headers)
      .code(429)
      .type("application/json; charset=utf-8")
      .send(errorResponse(null, rpc.toObject()));
  };
}
