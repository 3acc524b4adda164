/**
 * The read cache on the REST surface. Every GET under /api/v1 that needs a scope is a candidate; it is looked up
 * after authentication, the rate limit, the scope check and validation (so a caller that may not read a route never
 * reads it from the cache either), keyed by the route and its validated parameters (defaults applied, keys sorted;
 * the feed token is a credential, not a parameter, except on a feed whose links carry it). A hit is sent without the route running. On a miss the route
 * runs while its service calls are recorded, and its 200 is kept with the headers it set, unless a call made it
 * uncacheable, it called no service (its answer is not data: meta, say), or it says no-store (fleet health).
 * HEAD requests are left to the route.
 *
 * While the cache is suspended (the database cannot be heard), a request runs its route as with the cache off; if
 * the route fails as unreachable (502, 503, 504) and the cache still holds its answer from before, that answer is
 * sent instead, stale (stale-if-error, RFC 5861), with `Age`, a warning in the log and the stale count in metrics.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from "fastify";
import { canonicalJson } from "../../lib/canonical-json.js";
import { presentedCredential } from "../auth/credentials.js";
import { REST_PREFIX } from "../http/public-url.js";
import { newRecording, recordCalls, type Recording } from "../read-cache/call-recorder.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import {
  headersSetBetween,
  notModified,
  notModifiedHeaders,
  replay,
  type CachedResponse,
} from "./read-cache-replay.js";

interface Pending {
  key: string;
  ticket: number;
  before: Record<string, unknown>;
  recording: Recording;
}

const PENDING = Symbol("read-cache miss");
/** The key of a request whose route runs while the cache is suspended: its stale answer, should the route fail. */
const STALE_KEY = Symbol("read-cache stale key");
type WithPending = FastifyRequest & { [PENDING]?: Pending; [STALE_KEY]?: string };

/** A route's failure that a stale answer may stand in for: a service or the database unreachable. */
const UNREACHABLE = new Set([502, 503, 504]);

/** Bookkeeping beside the bytes of an entry: its key, header values, the maps that index it. */
const ENTRY_OVERHEAD = 256;

function keyOf(request: FastifyRequest): string {
  const { token, ...query } = (request.query ?? {}) as Record<string, unknown>;
  const key = `GET ${request.routeOptions.url} ${canonicalJson(request.params ?? {})} ${canonicalJson(query)}`;
  // A feed read with a token links with it: that answer is this token's alone.
  const withToken = (request.routeOptions.config as { tokenInAnswer?: boolean }).tokenInAnswer === true;
  return withToken && typeof token === "string" && presentedCredential(request.headers) === undefined
    ? `${key} token:${token}`
    : key;
}

function isCandidate(route: RouteOptions): boolean {
  const methods = ([] as string[]).concat(route.method);
  const config = (route.config ?? {}) as { scope?: string };
  return methods.includes("GET") && route.url.startsWith(REST_PREFIX) && typeof config.scope === "string";
}

const entryBytes = (key: string, response: CachedResponse) =>
  response.body.length +
  key.length +
  ENTRY_OVERHEAD +
  Object.entries(response.headers).reduce((n, [k, v]) => n + k.length + String(v).length, 0);

/** Install after the JSON validators: the answer is kept as the last of its onSend hooks leaves it. */
export function restReadCache(app: FastifyInstance, cache: ReadCache<unknown>) {
  function lookUp(request: WithPending, reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (request.method !== "GET") return done();
    if (!cache.live) {
      request[STALE_KEY] = keyOf(request);
      return done();
    }
    const key = keyOf(request);
    const hit = cache.get(key) as CachedResponse | undefined;
    if (hit) {
      replay(request, reply, hit);
      return;
    }
    const recording = newRecording();
    request[PENDING] = { key, ticket: cache.begin(), before: reply.getHeaders(), recording };
    recordCalls(recording, done);
  }

  /** The answer held for a request whose route failed while the cache was suspended, sent as it was kept. */
  function standIn(request: WithPending, reply: FastifyReply, payload: unknown) {
    const key = request[STALE_KEY]!;
    request[STALE_KEY] = undefined;
    const status = reply.statusCode;
    if (!UNREACHABLE.has(status)) return payload;
    const answer = cache.stale(key) as { value: CachedResponse; ageMs: number } | undefined;
    if (!answer) return payload;
    const age = Math.floor(answer.ageMs / 1000);
    request.log.warn({ readCache: "stale", age, failed: status }, "served a stale answer from the read cache");
    reply.removeHeader("retry-after");
    reply.removeHeader("content-type");
    reply.header("age", String(age));
    if (notModified(request, answer.value.headers)) {
      reply.code(304).headers(notModifiedHeaders(answer.value.headers));
      return "";
    }
    reply.code(200).headers(answer.value.headers);
    return answer.value.body;
  }

  async function keep(request: WithPending, reply: FastifyReply, payload: unknown) {
    if (request[STALE_KEY] !== undefined) return standIn(request, reply, payload);
    const pending = request[PENDING];
    if (!pending) return payload;
    request[PENDING] = undefined;
    const { recording } = pending;
    if (reply.statusCode !== 200 || recording.uncacheable || recording.kinds.size === 0) return payload;
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    const headers = headersSetBetween(pending.before, reply.getHeaders());
    if (String(headers["cache-control"] ?? "").includes("no-store")) return payload;
    const response: CachedResponse = { headers, body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload) };
    cache.set(pending.key, response, recording.kinds, entryBytes(pending.key, response), pending.ticket);
    return payload;
  }

  app.addHook("onRoute", (route) => {
    if (!isCandidate(route)) return;
    route.preHandler = [
      ...([] as NonNullable<RouteOptions["preHandler"]>[]).concat(route.preHandler ?? []).flat(),
      lookUp,
    ];
    route.onSend = [...([] as NonNullable<RouteOptions["onSend"]>[]).concat(route.onSend ?? []).flat(), keep];
  });
}
