/**
 * POST /api/mcp: MCP's streamable HTTP transport with JSON responses, stateless. The body is parsed here, not by
 * fastify, so malformed JSON is the JSON-RPC parse error (-32700) rather than a fastify 400, and nothing is a 5xx.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServiceClients } from "../clients.js";
import { MCP_PATH } from "../public-url.js";
import { resultResponseJson } from "./call-result-json.js";
import { classify, errorResponse, INVALID_REQUEST, PARSE_ERROR, type RpcErrorObject } from "./json-rpc.js";
import { createMethods } from "./methods.js";
import { DEFAULT_PROTOCOL_VERSION, isSupportedVersion, PROTOCOL_VERSIONS } from "./protocol.js";
import type { ToolDefinition } from "./tool.js";
import { createToolRunner, type ToolCallWrapper } from "./tool-runner.js";
import { selectToolsets, TOOLSET_NAMES } from "./toolsets.js";

/** What a POST carried and how it ended, for what observes the request after its answer (gateway/usage/). */
export interface RpcCallNote {
  method: string;
  params: unknown;
  /** The JSON-RPC error answered, if any. */
  error?: RpcErrorObject;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set once the body is a well-formed JSON-RPC message; null before (or when it never was). */
    rpcCall: RpcCallNote | null;
  }
}

export interface McpOptions {
  tools: readonly ToolDefinition[];
  clients: ServiceClients;
  projectName: string;
  now?: () => number;
  /** Where tools/call runs each tool (the read cache); absent, it simply runs. */
  wrapCall?: ToolCallWrapper;
}

const transportError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send(errorResponse(null, { code, message, data: { category: "validation", transient: false } }));

export async function mcpRoutes(app: FastifyInstance, opts: McpOptions) {
  const runner = createToolRunner(opts.tools, opts.clients, opts.wrapCall);
  const dispatch = createMethods({
    tools: opts.tools,
    runner,
    clients: opts.clients,
    projectName: opts.projectName,
    now: opts.now ?? Date.now,
  });

  app.decorateRequest("rpcCall", null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.post(MCP_PATH, async (request, reply) => {
    const contentType = String(request.headers["content-type"] ?? "");
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      return transportError(reply, 415, INVALID_REQUEST, "Unsupported Media Type: the body must be application/json");
    }
    let body: unknown;
    try {
      body = JSON.parse(request.body as string);
    } catch (e) {
      return transportError(reply, 400, PARSE_ERROR, `Parse error: ${(e as Error).message}`);
    }
    const message = classify(body);
    if (message.kind === "invalid") {
      const status = message.error.code === INVALID_REQUEST ? 400 : 200;
      return reply.code(status).type("application/json; charset=utf-8").send(errorResponse(message.id, message.error));
    }
    const isInitialize = message.kind === "request" && message.method === "initialize";
    const header = request.headers["mcp-protocol-version"];
    if (header !== undefined && !isInitialize && !isSupportedVersion(header)) {
      const detail: RpcErrorObject = {
        code: INVALID_REQUEST,
        message: `Bad Request: unsupported MCP-Protocol-Version ${String(header)} (supported: ${PROTOCOL_VERSIONS.join(", ")})`,
        data: { category: "validation", transient: false, supported: [...PROTOCOL_VERSIONS] },
      };
      return reply
        .code(400)
        .type("application/json; charset=utf-8")
        .send(errorResponse(message.kind === "request" ? message.id : null, detail));
    }
    const selection = selectToolsets(
      request.headers["x-mcp-toolsets"],
      (request.query as Record<string, string | string[] | undefined>).toolsets,
    );
    if (!selection.ok) {
      const detail: RpcErrorObject = {
        code: INVALID_REQUEST,
        message: `Bad Request: unknown toolset ${selection.unknown.join(", ")} (valid: ${TOOLSET_NAMES.join(", ")})`,
        data: {
          category: "validation",
          transient: false,
          code: "unknown_toolset",
          unknown: selection.unknown,
          valid: [...TOOLSET_NAMES],
        },
      };
      return reply
        .code(400)
        .type("application/json; charset=utf-8")
        .send(errorResponse(message.kind === "request" ? message.id : null, detail));
    }
    reply.header("mcp-protocol-version", isSupportedVersion(header) ? header : DEFAULT_PROTOCOL_VERSION);
    if (message.kind !== "request") return reply.code(202).send();
    const outcome = await dispatch(message.method, message.params, {
      principal: request.principal!,
      log: request.log,
      toolsets: selection.toolsets,
    });
    request.rpcCall = {
      method: message.method,
      params: message.params,
      ...("error" in outcome ? { error: outcome.error } : {}),
    };
    if (isInitialize && "result" in outcome)
      reply.header("mcp-protocol-version", (outcome.result as { protocolVersion: string }).protocolVersion);
    const response =
      "result" in outcome ? resultResponseJson(message.id, outcome.result) : errorResponse(message.id, outcome.error);
    return reply.code(200).type("application/json; charset=utf-8").send(response);
  });
}
