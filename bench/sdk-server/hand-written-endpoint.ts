/**
 * The tool endpoint as the gateway serves it (gateway/mcp/routes.ts, registered as app.ts registers it), with one
 * tool; an onRequest hook stands for authentication. Prints `listening on PORT` once up.
 */
import Fastify from "fastify";
import { mcpRoutes } from "../../gateway/mcp/routes.js";
import { CLIENTS, PRINCIPAL, SERVED_TOOL, TOOL_CONTEXT } from "./served-tool.js";

const app = Fastify({ logger: false });
app.decorateRequest("principal", null);
app.addHook("onRequest", async (request) => {
  request.principal = PRINCIPAL;
});
await app.register(mcpRoutes, {
  tools: [SERVED_TOOL],
  clients: CLIENTS,
  cursors: TOOL_CONTEXT.cursors,
  projectName: "bench",
});
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`listening on ${(app.server.address() as { port: number }).port}`);
