/**
 * Validators on JSON reads. Every GET under /api/v1 whose 200 answer is JSON, and that does not already send its own
 * validators (markdown, charts and feeds read If-None-Match themselves), is marked `jsonValidators` in its route
 * config when it is registered; the mark is what this file's onSend hook and the OpenAPI document both read. The hook
 * gives a 200 a strong ETag, the SHA-256 of the serialized bytes, and answers a matching If-None-Match (weak
 * comparison, `*`, lists: RFC 9110 §13.1.2) with a bodiless 304 that keeps ETag and Cache-Control. Errors, other
 * methods and no-store answers (fleet-health, which is markdown anyway) never get one.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import { JSON_CACHE_CONTROL } from "../http/json-cache-control.js";
import { REST_PREFIX } from "../http/public-url.js";
import { noneMatchHits } from "./markdown.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Set at registration (never by hand): the route's JSON 200 carries an ETag and answers If-None-Match with 304. */
    jsonValidators?: boolean;
  }
}

type Schema = {
  response?: Record<string, { type?: unknown; content?: unknown }>;
  headers?: { properties?: Record<string, unknown> };
};

/** True for a GET (or its HEAD) under /api/v1 answering JSON that does not handle its own preconditions. */
export function takesJsonValidators(route: Pick<RouteOptions, "method" | "url" | "schema">): boolean {
  const methods = ([] as string[]).concat(route.method);
  if (!methods.every((m) => m === "GET" || m === "HEAD") || !route.url.startsWith(REST_PREFIX)) return false;
  const schema = (route.schema ?? {}) as Schema;
  const ok = schema.response?.["200"];
  if (!ok || ok.content !== undefined || ok.type === "string") return false;
  return !("if-none-match" in (schema.headers?.properties ?? {}));
}

/** The strong ETag of a serialized body: its SHA-256 in hex, quoted (the markdown routes' form). */
export const bodyEtag = (body: string | Buffer) => `"${createHash("sha256").update(body).digest("hex")}"`;

async function validateJson(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode !== 200 || reply.hasHeader("etag")) return payload;
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
  const cacheControl = reply.getHeader("cache-control");
  if (typeof cacheControl === "string" && cacheControl.includes("no-store")) return payload;
  const etag = bodyEtag(payload);
  reply.header("etag", etag);
  if (cacheControl === undefined) reply.header("cache-control", JSON_CACHE_CONTROL);
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch === undefined || !noneMatchHits(ifNoneMatch, etag)) return payload;
  reply.code(304).removeHeader("content-type").removeHeader("content-length");
  // fastify's HEAD hook measures a string (null makes it throw): it gets an empty one, and its length is dropped after.
  return request.method === "HEAD" ? "" : null;
}

/** A 304 may only repeat the 200's Content-Length (RFC 9110 §8.6), so it sends none; fastify's HEAD hook sets 0. */
async function noLengthOn304(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode === 304) reply.removeHeader("content-length");
  return payload;
}

/** Install before the REST routes and before the route catalog, which reads the mark. */
export function jsonValidators(app: FastifyInstance) {
  app.addHook("onRoute", (route) => {
    if (!takesJsonValidators(route)) return;
    route.config = { ...(route.config ?? {}), jsonValidators: true };
    // First among the route's own onSend hooks: a HEAD route's last one drops the body this one hashes.
    const own = ([] as NonNullable<RouteOptions["onSend"]>[]).concat(route.onSend ?? []).flat();
    route.onSend = [validateJson, ...own, noLengthOn304];
  });
}
