/**
 * The headers every answer of the admin listener carries: a strict Content-Security-Policy (scripts and styles from
 * this origin only, no inline script, nothing framed, forms posted only here), no framing by anyone, no referrer (the
 * one-time sign-in link must not leak through one), and no caching (pages show keys once and state that changes).
 */
import type { FastifyReply, FastifyRequest } from "fastify";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": CONTENT_SECURITY_POLICY,
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "cache-control": "no-store",
};

export async function securityHeaders(_request: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS);
}
