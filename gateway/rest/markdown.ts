/**
 * Sends a markdown document. Cacheable documents carry a strong ETag (from the content hash) and
 * Last-Modified, and answer 304 as RFC 9110 §13.2.2 orders the preconditions: If-None-Match, when present,
 * decides alone; If-Modified-Since is evaluated only without it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { MarkdownAnswer } from "../operations/service-answers.js";

export const MARKDOWN_TYPE = "text/markdown; charset=utf-8";
const CACHEABLE = "private, max-age=60, must-revalidate";

export const strongEtag = (sha256: string) => `"${sha256}"`;

/** Weak comparison (RFC 9110 §8.8.3.2), as If-None-Match requires. */
export function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

function notModified(request: FastifyRequest, etag: string, lastModifiedMs: number): boolean {
  const ifNoneMatch = request.headers["if-none-match"];
  if (ifNoneMatch !== undefined) return noneMatchHits(ifNoneMatch, etag);
  const ifModifiedSince = request.headers["if-modified-since"];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  if (Number.isNaN(since)) return false; // an invalid date is ignored
  return Math.floor(lastModifiedMs / 1000) * 1000 <= since;
}

/** True when the request carries a precondition a 304 could answer. */
export const isConditional = (request: FastifyRequest) =>
  request.headers["if-none-match"] !== undefined || request.headers["if-modified-since"] !== undefined;

function setValidators(reply: FastifyReply, etag: string, lastModified: number) {
  reply
    .header("cache-control", CACHEABLE)
    .header("etag", etag)
    .header("last-modified", new Date(lastModified).toUTCString());
}

/** Validators as the gateway remembers them; the header values are worked out once per entry, on first use. */
export interface KnownValidators {
  sha256: string;
  lastModified: number;
  etag?: string;
  lastModifiedHeader?: string;
}

/** Answers 304 when the request's preconditions hold for these validators; false (nothing sent) otherwise. */
export function sendNotModified(request: FastifyRequest, reply: FastifyReply, validators: KnownValidators): boolean {
  const etag = (validators.etag ??= strongEtag(validators.sha256));
  if (!notModified(request, etag, validators.lastModified)) return false;
  validators.lastModifiedHeader ??= new Date(validators.lastModified).toUTCString();
  reply.header("cache-control", CACHEABLE).header("etag", etag).header("last-modified", validators.lastModifiedHeader);
  reply.code(304).send();
  return true;
}

export function sendMarkdown(request: FastifyRequest, reply: FastifyReply, document: MarkdownAnswer) {
  const etag = strongEtag(document.sha256);
  setValidators(reply, etag, document.last_modified);
  if (notModified(request, etag, document.last_modified)) return reply.code(304).send();
  return reply.type(MARKDOWN_TYPE).send(document.markdown);
}

/** For documents that must never be cached (fleet health): no validators at all. */
export function sendUncachedMarkdown(reply: FastifyReply, document: MarkdownAnswer) {
  return reply.header("cache-control", "no-store").type(MARKDOWN_TYPE).send(document.markdown);
}
