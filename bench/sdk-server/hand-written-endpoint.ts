/**
 * The tool endpoint as the gateway serves it (gateway/mcp/routes.ts, registered at MCP_PATH as mcp/surface.ts is), with one
 * tool; an onRequest hook stands for authentication. Prints `listening on PORT` once up.
 */
import Fastify from "fastify";
import { MCP_PATH } from "../../gateway/http/public-url.js";
import { mcpRoutes } from "../../gateway/mcp/routes.js";
import { CLIENTS, PRINCIPAL, SERVED_TOOL, TOOL_CONTEXT } from "./served-tool.js";

const app = Fastify({ logger: false });
app.decorateRequest("principal", null);
app.addHook("onRequest", async (request) => {
  request.principal = PRINCIPAL;
});
await app.register(mcpRoutes, {
  prefix: MCP_PATH,
  tools: [SERVED_TOOL],
  clients: CLIENTS,
  cursors: TOOL_CONTEXT.cursors,
  projectName: "bench",
});
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`listening on ${(app.server.address() as { port: number }).port}`);
