/**
 * Counts every answered request, after it was sent (onResponse), into the gateway's usage recorder: who asked
 * (the credential's name, never its secret or digest), on which surface, which route or tool, how it ended, and,
 * for a successful read of a published item, that item. The work is a few string and Map operations in memory; the
 * recorder writes to PostgreSQL on its own timer, so the read path never waits on it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import type { UsageSurface } from "../../lib/usage/tallies.js";
import type { Principal } from "../auth/principal.js";
import { MCP_PATH } from "../http/public-url.js";
import { REST_PREFIX } from "../http/public-url.js";
import { itemOfResource, itemOfRoute, itemOfTool, type ItemRef } from "./published-items.js";
import { refusalReason } from "./refusal-reason.js";

/** The longest credential name the table keeps (usage.requests.credential). */
const CREDENTIAL_MAX = 300;

/**
 * The credential as the operator knows it: `key:<key id>`, `peer:<party id>`, `oauth:<subject>`, `anonymous`. A
 * party id or subject (named elsewhere: the peers file, the identity hub) is cut to the table's bound.
 */
export function credentialName(principal: Principal | null): string {
  if (principal === null) return "anonymous";
  if (principal.kind === "api_key") return `key:${principal.keyId}`;
  const name = principal.kind === "peer" ? `peer:${principal.party.id}` : `oauth:${principal.subject}`;
  return name.length > CREDENTIAL_MAX ? name.slice(0, CREDENTIAL_MAX) : name;
}

/** The JSON-RPC methods counted by name; anything else a client sends is counted as one. */
const RPC_METHODS = new Set([
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/templates/list",
  "resources/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
  "completion/complete",
]);

export interface UsageHookOptions {
  recorder: UsageRecorder;
  /** The tools the registry holds: another name in a call is counted as "(unknown tool)". */
  toolNames: ReadonlySet<string>;
  now?: () => number;
}

function surfaceOf(url: string | undefined, raw: string): UsageSurface {
  const path = url ?? raw;
  if (path === MCP_PATH || path.startsWith(`${MCP_PATH}?`)) return "mcp";
  return path.startsWith(`${REST_PREFIX}/`) ? "rest" : "other";
}

function rpcRoute(request: FastifyRequest, toolNames: ReadonlySet<string>): string {
  const call = request.rpcCall;
  if (!call) return MCP_PATH;
  if (call.method !== "tools/call") return RPC_METHODS.has(call.method) ? call.method : "(other method)";
  const name = (call.params as { name?: unknown } | null)?.name;
  return typeof name === "string" && toolNames.has(name) ? name : "(unknown tool)";
}

function rpcItem(request: FastifyRequest): ItemRef | undefined {
  const call = request.rpcCall;
  if (!call || call.error || typeof call.params !== "object" || call.params === null) return undefined;
  const params = call.params as { name?: unknown; arguments?: unknown; uri?: unknown };
  if (call.method === "tools/call") return itemOfTool(params.name, params.arguments);
  if (call.method === "resources/read") return itemOfResource(params.uri);
  return undefined;
}

export function usageHook(app: FastifyInstance, options: UsageHookOptions): void {
  const { recorder, toolNames } = options;
  const now = options.now ?? Date.now;
  // A callback hook, not an async one: no promise per request.
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const at = now();
    const url = request.is404 ? undefined : request.routeOptions.url;
    const surface = surfaceOf(url, request.url);
    const credential = credentialName(request.principal);
    const status = reply.statusCode;
    const route = surface === "mcp" ? rpcRoute(request, toolNames) : (url ?? "(no route)");
    recorder.request({ at, credential, surface, route, status, refusal: refusalReason(request, reply) });
    if (status < 400 && request.principal !== null) {
      const item =
        surface === "rest" ? itemOfRoute(url, request.params) : surface === "mcp" ? rpcItem(request) : undefined;
      if (item) recorder.read({ at, credential, surface: surface as "rest" | "mcp", kind: item.kind, id: item.id });
    }
    done();
  });
}
