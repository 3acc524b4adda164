/**
 * POST /api/mcp: MCP's streamable HTTP transport with JSON responses, stateless, for both eras (modern/era.ts). The
 * body is parsed here, not by fastify, so malformed JSON is the JSON-RPC parse error (-32700) rather than a fastify
 * 400, and nothing is a 5xx. A modern request's headers are checked against its body before it runs; its result gets
 * the modern members (modern/result-envelope.ts) and an unknown method is a 404.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ServiceClients } from "../upstream/clients.js";
import { resultResponseJson } from "./call-result-json.js";
import {
  classify,
  errorResponse,
  INVALID_REQUEST,
  METHOD_NOT_FOUND,
  PARSE_ERROR,
  type RpcErrorObject,
} from "./json-rpc.js";
import { createMethods } from "./methods.js";
import { cacheHints } from "./modern/cache-hints.js";
import { eraOf, unsupportedVersion } from "./modern/era.js";
import { checkRequestHeaders } from "./modern/request-headers.js";
import { modernResultFields } from "./modern/result-envelope.js";
import { honourFilter } from "./subscriptions/listen-filter.js";
import type { ChangeFeed } from "../changes/changes-answer.js";
import type { CursorSignerSource } from "../../lib/cursor/cursor-key.js";
import { createListeners, type ChangeSource } from "./subscriptions/listeners.js";
import { RpcError } from "./tool-errors.js";
import { DEFAULT_PROTOCOL_VERSION, isSupportedVersion, serverInfo } from "./protocol.js";
import type { RequestId } from "./json-rpc.js";
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
  /** True while every committed change reaches the read cache (the modern era's freshness hints); absent, never. */
  changesHeard?: () => boolean;
  /** The committed data changes subscriptions/listen announces (the read cache's); absent, none. */
  changes?: ChangeSource;
  /** The change log changes_since reads; absent, that tool answers unavailable. */
  changeFeed?: ChangeFeed;
  /** The deployment's cursor signer, for the keyset tools' cursors. */
  cursors: CursorSignerSource;
}

const transportError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .code(status)
    .type("application/json; charset=utf-8")
    .send(errorResponse(null, { code, message, data: { category: "validation", transient: false } }));

export async function mcpRoutes(app: FastifyInstance, opts: McpOptions) {
  const runner = createToolRunner(
    opts.tools,
    { clients: opts.clients, cursors: opts.cursors, changes: opts.changeFeed },
    opts.wrapCall,
  );
  const now = opts.now ?? Date.now;
  const listeners = createListeners(opts.changes);
  // Streams end gracefully before the server waits for its connections to close.
  app.addHook("preClose", (done) => {
    listeners.endAll();
    done();
  });
  const dispatch = createMethods({
    tools: opts.tools,
    runner,
    clients: opts.clients,
    projectName: opts.projectName,
    now,
    listen: { changes: listeners.changes },
  });
  const server = serverInfo(opts.projectName);
  const freshness = {
    changesHeard: opts.changesHeard ?? (() => false),
    neverCached: dispatch.resources.neverCached,
    now,
  };
  const refuse = (reply: FastifyReply, status: number, id: RequestId | null, error: RpcErrorObject) =>
    reply.code(status).type("application/json; charset=utf-8").send(errorResponse(id, error));

  app.decorateRequest("rpcCall", null);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

  // The endpoint itself: the plugin is registered at MCP_PATH (mcp/surface.ts).
  app.post("", async (request, reply) => {
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
    const header = request.headers["mcp-protocol-version"];
    if (message.kind !== "request") {
      // Notifications and client responses carry no era of their own: only a version nobody serves is refused.
      if (header !== undefined && !isSupportedVersion(header))
        return refuse(reply, 400, null, unsupportedVersion(String(header)));
      reply.header("mcp-protocol-version", isSupportedVersion(header) ? header : DEFAULT_PROTOCOL_VERSION);
      return reply.code(202).send();
    }
    const params = message.params as Record<string, unknown>;
    const outcome = eraOf(message.method, params, request.headers);
    if (!outcome.ok) return refuse(reply, outcome.status, message.id, outcome.error);
    const { era } = outcome;
    if (era.era === "modern") {
      const mismatch = checkRequestHeaders(message.method, params, request.headers);
      if (mismatch) return refuse(reply, 400, message.id, mismatch);
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
      return refuse(reply, 400, message.id, detail);
    }
    reply.header("mcp-protocol-version", era.version);
    if (era.era === "modern" && message.method === "subscriptions/listen") {
      let honoured;
      try {
        honoured = honourFilter(params.notifications, request.principal!, dispatch.resources, listeners.changes);
        const refusal = listeners.refusal(request.principal!);
        if (refusal) throw refusal;
      } catch (error) {
        if (error instanceof RpcError) return refuse(reply, 200, message.id, error.toObject());
        throw error;
      }
      const headers = Object.fromEntries(Object.entries(reply.getHeaders()).map(([k, v]) => [k, String(v)]));
      reply.hijack();
      listeners.open(reply.raw, headers, message.id, request.principal!, honoured, server);
      return reply;
    }
    const answer = await dispatch(message.method, params, {
      principal: request.principal!,
      log: request.log,
      toolsets: selection.toolsets,
      era,
    });
    // What the usage count reads (gateway/usage/): a tool's own failure is a result, but counts as the refusal it carries.
    const failure = "result" in answer ? (answer.result as { isError?: boolean; error?: RpcErrorObject }) : undefined;
    const error = "error" in answer ? answer.error : failure?.isError ? failure.error : undefined;
    request.rpcCall = { method: message.method, params: message.params, ...(error ? { error } : {}) };
    if ("error" in answer) {
      // The modern transport answers a method it does not serve with 404, so a client can tell it from a legacy one.
      const status = era.era === "modern" && answer.error.code === METHOD_NOT_FOUND ? 404 : 200;
      return refuse(reply, status, message.id, answer.error);
    }
    if (message.method === "initialize")
      reply.header("mcp-protocol-version", (answer.result as { protocolVersion: string }).protocolVersion);
    const extra =
      era.era === "modern"
        ? modernResultFields(answer.result, server, cacheHints(message.method, params, freshness))
        : undefined;
    return reply
      .code(200)
      .type("application/json; charset=utf-8")
      .send(resultResponseJson(message.id, answer.result, extra));
  });
}
