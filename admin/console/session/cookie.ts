/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/, Secure
 * when the console is reached over https, and an expiry matching the session's.
 */
import type { FastifyReply, FastifyRequest } from "fastify";

export const SESSION_COOKIE = "console_session";

/** The session id the request's Cookie header carries, if any. */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== "string") return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function cookie(request: FastifyRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, id: string, lifetimeMs: number) {
  reply.header("set-cookie", cookie(request, id, Math.floor(lifetimeMs / 1000)));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.header("set-cookie", cookie(request, "", 0));
}
