/**
 * A cached REST answer and how it is sent again: the same status, headers and bytes as when it was computed, or a
 * 304 when the request's preconditions hold for its validators, judged as the routes judge them (RFC 9110 §13.2.2:
 * If-None-Match decides alone when present; If-Modified-Since only without it, and only for answers that carry a
 * Last-Modified).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { noneMatchHits } from "./markdown.js";

export interface CachedResponse {
  /** The headers the route set (everything set before it ran is set again by the same hooks on a hit). */
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** What a 304 of this answer carries: the 200's headers but its Content-Type. */
export const notModifiedHeaders = (headers: CachedResponse["headers"]) => {
  const { "content-type": _type, ...rest } = headers;
  return rest;
};

export function notModified(request: FastifyRequest, headers: CachedResponse["headers"]): boolean {
  const etag = headers.etag;
  if (typeof etag !== "string") return false;
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return noneMatchHits(ifNoneMatch, etag);
  const ifModifiedSince = request.headers["if-modified-since"];
  const lastModified = headers["last-modified"];
  if (ifModifiedSince === undefined || typeof lastModified !== "string") return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

export function replay(request: FastifyRequest, reply: FastifyReply, cached: CachedResponse) {
  if (notModified(request, cached.headers)) return reply.code(304).headers(notModifiedHeaders(cached.headers)).send();
  return reply.code(200).headers(cached.headers).send(cached.body);
}

/** The headers `after` has that `before` did not, or with another value; never Content-Length (sending sets it). */
export function headersSetBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): CachedResponse["headers"] {
  const out: CachedResponse["headers"] = {};
  for (const [name, value] of Object.entries(after)) {
    if (name === "content-length" || value === undefined || before[name] === value) continue;
    out[name] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return out;
}
