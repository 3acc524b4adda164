/**
 * The same tool on the official SDK's server (@modelcontextprotocol/server 2.4.0) at its best: the schemas compiled
 * once outside the per-request factory, the body fastify already parsed handed over as `parsedBody`, JSON answers in
 * both eras: 2026-07-28 through createMcpHandler, 2025 requests (isLegacyRequest) through the SDK's stateless
 * streamable HTTP transport with enableJsonResponse, the wiring its documentation gives for that (createMcpHandler's
 * own legacy leg always answers with an event stream). A tool's failure is answered as the gateway answers it (toolFailureResult), so what reaches
 * the wire shows what the SDK keeps of it. Prints `listening on PORT` once up.
 */
import {
  type CallToolResult,
  createMcpHandler,
  fromJsonSchema,
  isLegacyRequest,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from "@modelcontextprotocol/server";
import Fastify from "fastify";
import { TOOL_ANNOTATIONS } from "../../gateway/mcp/tool.js";
import { toRpcError } from "../../gateway/mcp/tool-errors.js";
import { toolFailureResult } from "../../gateway/mcp/tool-failure.js";
import { PRINCIPAL, SERVED_TOOL, TOOL_CONTEXT } from "./served-tool.js";

// The registry's schemas are plain JSON Schema objects; the SDK's type for them is narrower than the registry's.
type SdkJsonSchema = Parameters<typeof fromJsonSchema>[0];
const inputSchema = fromJsonSchema(SERVED_TOOL.inputSchema as SdkJsonSchema);
const outputSchema = fromJsonSchema(SERVED_TOOL.outputSchema as SdkJsonSchema);

// The SDK serves each request on a fresh server from this factory (a server connects to one transport).
function createServer() {
  const server = new McpServer({ name: "bench", version: "1.0.0" });
  const { title, description } = SERVED_TOOL;
  server.registerTool(
    SERVED_TOOL.name,
    { title, description, inputSchema, outputSchema, annotations: TOOL_ANNOTATIONS },
    async (args: unknown): Promise<CallToolResult> => {
      try {
        const result = await SERVED_TOOL.call(args, TOOL_CONTEXT);
        return { content: [{ type: "text" as const, text: JSON.stringify(result) }], structuredContent: result };
      } catch (error) {
        // §7.2's `error` member rides beside isError: the SDK passes a returned result through whole.
        return { ...toolFailureResult(SERVED_TOOL.name, toRpcError(error).rpc) };
      }
    },
  );
  return server;
}

const modern = createMcpHandler(createServer, { responseMode: "json", legacy: "reject" });

async function legacy(request: Request, parsedBody: unknown): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = createServer();
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { parsedBody });
  } finally {
    await server.close();
  }
}

const app = Fastify({ logger: false });
app.decorateRequest("principal", null);
app.addHook("onRequest", async (request) => {
  request.principal = PRINCIPAL;
});
app.post("/api/mcp", async (request, reply) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
  const web = new Request(`http://${request.host}${request.url}`, { method: "POST", headers });
  const response = (await isLegacyRequest(web, request.body))
    ? await legacy(web, request.body)
    : await modern.fetch(web, { parsedBody: request.body });
  reply.code(response.status);
  response.headers.forEach((value, name) => void reply.header(name, value));
  return reply.send(await response.text());
});
await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`listening on ${(app.server.address() as { port: number }).port}`);
