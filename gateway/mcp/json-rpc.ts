/**
 * JSON-RPC 2.0 envelopes as MCP's streamable HTTP transport carries them: one message per POST (no batches),
 * requests answered with one JSON response, notifications and client responses with 202 and no body.
 */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;

export type RequestId = string | number;

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

export type Message =
  | { kind: "request"; id: RequestId; method: string; params: unknown }
  | { kind: "notification"; method: string }
  | { kind: "response" }
  | { kind: "invalid"; id: RequestId | null; error: RpcErrorObject };

export const errorResponse = (id: RequestId | null, error: RpcErrorObject) => ({ jsonrpc: "2.0" as const, id, error });
export const resultResponse = (id: RequestId, result: unknown) => ({ jsonrpc: "2.0" as const, id, result });

const isId = (v: unknown): v is RequestId => typeof v === "string" || (typeof v === "number" && Number.isInteger(v));
const invalid = (id: RequestId | null, message: string): Message => ({
  kind: "invalid",
  id,
  error: { code: INVALID_REQUEST, message, data: { category: "validation", transient: false } },
});

/** Classifies one parsed body. Batches are refused: the transport carries one message per POST here. */
export function classify(body: unknown): Message {
  if (Array.isArray(body))
    return invalid(null, "Invalid Request: batch arrays are not supported; send one JSON-RPC message per POST");
  if (typeof body !== "object" || body === null)
    return invalid(null, "Invalid Request: the body must be a JSON-RPC 2.0 object");
  const msg = body as Record<string, unknown>;
  const id = isId(msg.id) ? msg.id : null;
  if (msg.jsonrpc !== "2.0") return invalid(id, 'Invalid Request: "jsonrpc" must be "2.0"');
  if ("id" in msg && msg.id !== undefined && !isId(msg.id))
    return invalid(null, 'Invalid Request: "id" must be a string or an integer');
  if (!("method" in msg)) {
    if (id !== null && ("result" in msg || "error" in msg)) return { kind: "response" };
    return invalid(id, 'Invalid Request: "method" is missing');
  }
  if (typeof msg.method !== "string" || msg.method === "")
    return invalid(id, 'Invalid Request: "method" must be a non-empty string');
  if (msg.params !== undefined && (typeof msg.params !== "object" || msg.params === null)) {
    return id === null
      ? { kind: "notification", method: msg.method }
      : {
          kind: "invalid",
          id,
          error: {
            code: INVALID_PARAMS,
            message: 'Invalid params: "params" must be an object',
            data: { category: "validation", transient: false },
          },
        };
  }
  if (!("id" in msg) || msg.id === undefined) return { kind: "notification", method: msg.method };
  return { kind: "request", id: msg.id as RequestId, method: msg.method, params: msg.params ?? {} };
}
