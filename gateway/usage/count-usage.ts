/**
 * Counts every answered request, after it was sent (onResponse), into the gateway's usage recorder: who asked
 * (the credential's name, never its secret or digest), on which surface, which route or tool, how it ended, and,
 * for a successful read of a published item, that item. The recorder writes to PostgreSQL on its own timer, so the
 * read path never waits on it.
 *
 * Each surface counts its own requests. What a route is (its surface, its pattern, the item it serves and how its
 * parameters name it) is settled once, when the route is added (onRoute), into a hook of that route's own; at
 * request time the hook only reads the principal, the status and, on the tool endpoint, the JSON-RPC call. A request
 * no route matched is counted by the surface whose not-found handler answered it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import type { ItemRead, UsageSurface } from "../../lib/usage/tallies.js";
import type { Principal } from "../auth/principal.js";
import { MCP_PATH } from "../http/public-url.js";
import { MCP_METHODS } from "../mcp/protocol.js";
import { itemOfResource, itemOfTool, routeItemReader, type ItemRef } from "./published-items.js";
import { refusalReason } from "./refusal-reason.js";

/** The longest credential name the table keeps (usage.requests.credential). */
const CREDENTIAL_MAX = 300;

/** Principals live as long as the key cache keeps them: their names are worked out once each. */
const names = new WeakMap<Principal, string>();

/**
 * The credential as the operator knows it: `key:<key id>`, `peer:<party id>`, `oauth:<subject>`, `anonymous`. A
 * party id or subject (named elsewhere: the peers file, the identity hub) is cut to the table's bound.
 */
export function credentialName(principal: Principal | null): string {
  if (principal === null) return "anonymous";
  let name = names.get(principal);
  if (name === undefined) {
    if (principal.kind === "api_key") name = `key:${principal.keyId}`;
    else name = principal.kind === "peer" ? `peer:${principal.party.id}` : `oauth:${principal.subject}`;
    if (name.length > CREDENTIAL_MAX) name = name.slice(0, CREDENTIAL_MAX);
    names.set(principal, name);
  }
  return name;
}

/** The JSON-RPC methods counted by name (those the endpoint serves); anything else a client sends is counted as one. */
const RPC_METHODS: ReadonlySet<string> = new Set(MCP_METHODS);

export interface UsageCounting {
  recorder: UsageRecorder;
  /** The tools the registry holds: another name in a call is counted as "(unknown tool)". */
  toolNames: ReadonlySet<string>;
  now: () => number;
}

type Counter = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/** The route (tool or method) and item of a request to the tool endpoint, read from its JSON-RPC call. */
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

/**
 * A counter: what names the route (a pattern fixed when the route was added, or the call a request to the tool
 * endpoint carried) and the item a successful read served, the rest alike on every surface.
 */
function counter(
  counting: UsageCounting,
  surface: UsageSurface,
  routeOf: (request: FastifyRequest) => string,
  itemOf?: (request: FastifyRequest) => ItemRef | undefined,
): Counter {
  const { recorder, now } = counting;
  return (request, reply, done) => {
    const at = now();
    const principal = request.principal;
    const credential = credentialName(principal);
    const status = reply.statusCode;
    const route = routeOf(request);
    recorder.request({ at, credential, surface, route, status, refusal: refusalReason(request, reply) });
    const item = itemOf && status < 400 && principal !== null ? itemOf(request) : undefined;
    if (item) recorder.read({ at, credential, surface: surface as ItemRead["surface"], kind: item.kind, id: item.id });
    done();
  };
}

const hooksOf = (hooks: RouteOptions["onResponse"]) =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Counts the requests of the surface this is called in: a counter added to each route registered after it, and one
 * for the requests its not-found handler answers (only those: a matched route's request is counted by its own).
 */
export function countUsage(app: FastifyInstance, counting: UsageCounting, surface: UsageSurface): void {
  const rpc = counter(counting, surface, (request) => rpcRoute(request, counting.toolNames), rpcItem);
  const counterOf = (route: string) => {
    if (surface === "mcp") return rpc;
    const reader = surface === "rest" ? routeItemReader(route) : undefined;
    return counter(counting, surface, () => route, reader && ((request) => reader(request.params)));
  };
  app.addHook("onRoute", (route) => {
    route.onResponse = [...hooksOf(route.onResponse), counterOf(route.url)];
  });
  const unrouted = counter(counting, surface, () => "(no route)");
  app.addHook("onResponse", (request, reply, done) => (request.is404 ? unrouted(request, reply, done) : done()));
}
