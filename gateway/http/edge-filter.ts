/** Spec §5.2 rule 7: the default Python standard-library User-Agent is refused at the edge, bodiless, before anything runs. */
import type { FastifyReply, FastifyRequest } from "fastify";

export async function edgeFilter(request: FastifyRequest, reply: FastifyReply) {
  const agent = request.headers["user-agent"];
  if (agent !== undefined && agent.startsWith("Python-urllib/")) {
    return reply.code(403).header("x-edge-error", "1010").send();
  }
}
