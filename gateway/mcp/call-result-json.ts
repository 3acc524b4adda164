/**
 * A tools/call answer carries its structuredContent twice: as itself and, serialized, as the text block. The runner
 * serializes it once; the response reuses that JSON for structuredContent instead of serializing the object again,
 * and the whole JSON-RPC response is written as one string (fastify then sends it as it is).
 */
import { resultResponse, type RequestId } from "./json-rpc.js";

export interface CallToolResult {
  content: Array<{ type: "text"; text: string }>;
  structuredContent: Record<string, unknown>;
  isError: false;
  /** Set on a result the read cache served stale (gateway/mcp/tool-call-cache.ts). */
  _meta?: Record<string, unknown>;
}

/** The JSON text of a result's structuredContent, for results built by callToolResult. */
const STRUCTURED_JSON = new WeakMap<object, string>();

/** A result whose text blocks are `texts` (default: the JSON of structuredContent alone, as MCP recommends). */
export function callToolResult(structuredContent: Record<string, unknown>, texts?: readonly string[]): CallToolResult {
  const json = JSON.stringify(structuredContent);
  const content = (texts ?? [json]).map((text) => ({ type: "text" as const, text }));
  const result: CallToolResult = { content, structuredContent, isError: false };
  STRUCTURED_JSON.set(result, json);
  return result;
}

/**
 * The response to a request answered with `result` (and the members `extra` adds or replaces, the modern era's),
 * as JSON text: byte for byte what JSON.stringify gives for `{ jsonrpc: "2.0", id, result: {...result, ...extra} }`,
 * without serializing a tool's structuredContent a second time.
 */
export function resultResponseJson(id: RequestId, result: unknown, extra?: Record<string, unknown>): string {
  const structured = typeof result === "object" && result !== null ? STRUCTURED_JSON.get(result) : undefined;
  if (structured === undefined)
    return JSON.stringify(resultResponse(id, extra ? { ...(result as object), ...extra } : result));
  const { content } = result as CallToolResult;
  const tail = Object.entries(extra ?? {})
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join("");
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":${JSON.stringify(content)},"structuredContent":${structured},"isError":false${tail}}}`;
}
