/**
 * The modern era's standard request headers (Streamable HTTP, 2026-07-28): `Mcp-Method` mirrors `method` on every
 * request and `Mcp-Name` mirrors `params.name` (tools/call, prompts/get) or `params.uri` (resources/read). A header
 * that is missing, malformed or different from the body is HeaderMismatch (-32020, 400), so an intermediary routing
 * on the header can never make this server run something else. `Mcp-Name` may carry the Base64 sentinel
 * (`=?base64?…?=`), decoded before comparing.
 */
import type { IncomingHttpHeaders } from "node:http";
import type { RpcErrorObject } from "../json-rpc.js";

export const HEADER_MISMATCH = -32020;

export const headerMismatch = (message: string): RpcErrorObject => ({
  code: HEADER_MISMATCH,
  message: `Header mismatch: ${message}`,
  data: { category: "validation", transient: false, code: "header_mismatch" },
});

/** The body member `Mcp-Name` mirrors, per method. */
const NAMED_BY: Record<string, "name" | "uri"> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value as the client meant it: the sentinel decoded (UTF-8), else as sent; undefined when malformed. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!value.startsWith("=?base64?")) return value;
  const match = SENTINEL.exec(value);
  if (!match) return undefined;
  const bytes = Buffer.from(match[1]!, "base64");
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  // A value that does not survive the round trip was not Base64 of UTF-8.
  return Buffer.from(text, "utf8").toString("base64").replace(/=+$/, "") === match[1]!.replace(/=+$/, "")
    ? text
    : undefined;
}

/** A body value as an error message quotes it: at most 200 characters. */
const quoted = (v: unknown) => {
  const text = typeof v === "string" ? v : JSON.stringify(v ?? null);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

const single = (v: string | string[] | undefined) => (Array.isArray(v) ? undefined : v);

/** The HeaderMismatch refusal for a modern request, or null when its headers agree with its body. */
export function checkRequestHeaders(
  method: string,
  params: Record<string, unknown>,
  headers: IncomingHttpHeaders,
): RpcErrorObject | null {
  const sentMethod = single(headers["mcp-method"]);
  if (sentMethod === undefined) return headerMismatch("the Mcp-Method header is missing");
  if (sentMethod !== method)
    return headerMismatch(
      `Mcp-Method header value '${quoted(sentMethod)}' does not match body value '${quoted(method)}'`,
    );
  const member = NAMED_BY[method];
  if (member === undefined) return null;
  const raw = single(headers["mcp-name"]);
  if (raw === undefined) return headerMismatch("the Mcp-Name header is missing");
  const sentName = decodeHeaderValue(raw);
  if (sentName === undefined) return headerMismatch("the Mcp-Name header is not a valid Base64 sentinel value");
  const bodyValue = params[member];
  if (sentName !== bodyValue)
    return headerMismatch(
      `Mcp-Name header value '${quoted(sentName)}' does not match body value '${quoted(bodyValue)}'`,
    );
  return null;
}
