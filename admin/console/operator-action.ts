/** Who did an operator action in the console, as the audit log records it: the session's handle and the address. */
import type { FastifyRequest } from "fastify";

export interface ConsoleActor {
  actor: string;
  address: string | null;
}

export function actorOf(request: FastifyRequest): ConsoleActor {
  const session = request.consoleSession;
  return { actor: session ? `console:${session.handle}` : "console", address: request.ip ?? null };
}
