/**
 * Which era a message speaks. A request whose `_meta` carries `io.modelcontextprotocol/protocolVersion` is modern
 * (2026-07-28: version, client info and capabilities on every request); anything else is legacy, opened by
 * `initialize` and versioned by the MCP-Protocol-Version header (missing: 2025-03-26). A version this endpoint does
 * not serve is UnsupportedProtocolVersionError (-32022, 400) listing the ones it does, in both eras; a modern
 * request whose MCP-Protocol-Version header differs from its `_meta` is HeaderMismatch (-32020, 400).
 */
import type { IncomingHttpHeaders } from "node:http";
import { INVALID_PARAMS, type RpcErrorObject } from "../json-rpc.js";
import {
  DEFAULT_PROTOCOL_VERSION,
  isLegacyVersion,
  MODERN_PROTOCOL_VERSION,
  SUPPORTED_VERSIONS_NEWEST_FIRST,
} from "../protocol.js";
import { headerMismatch } from "./request-headers.js";

export const META_PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
export const META_CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
export const META_CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
export const META_SERVER_INFO = "io.modelcontextprotocol/serverInfo";
export const META_SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** What a modern request says about its client; capabilities are per request and never inferred from earlier ones. */
export interface ModernClient {
  info: { name: string; version: string } | undefined;
  capabilities: Record<string, unknown>;
}

export type Era = { era: "legacy"; version: string } | { era: "modern"; version: string; client: ModernClient };

export type EraOutcome = { ok: true; era: Era } | { ok: false; status: number; error: RpcErrorObject };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function unsupportedVersion(requested: string): RpcErrorObject {
  return {
    code: UNSUPPORTED_PROTOCOL_VERSION,
    message: `Unsupported protocol version ${requested} (supported: ${SUPPORTED_VERSIONS_NEWEST_FIRST.join(", ")})`,
    data: {
      supported: [...SUPPORTED_VERSIONS_NEWEST_FIRST],
      requested,
      category: "validation",
      transient: false,
    },
  };
}

const refuse = (status: number, error: RpcErrorObject): EraOutcome => ({ ok: false, status, error });

/** A malformed `_meta` inside a well-formed request: invalid params in a 200, as every other bad parameter. */
const invalidMeta = (message: string, key: string): EraOutcome =>
  refuse(200, {
    code: INVALID_PARAMS,
    message: `Invalid params: ${message}`,
    data: { category: "validation", transient: false, code: "invalid_argument", argument: `_meta.${key}` },
  });

/** The era of a request or notification (`params` as sent), or why it is refused. */
export function eraOf(method: string, params: unknown, headers: IncomingHttpHeaders): EraOutcome {
  const header = headers["mcp-protocol-version"];
  const meta = isObject(params) && isObject(params._meta) ? params._meta : undefined;
  const stated = meta?.[META_PROTOCOL_VERSION];
  if (stated === undefined || isLegacyVersion(stated)) {
    if (header === MODERN_PROTOCOL_VERSION)
      return refuse(
        400,
        headerMismatch(
          `MCP-Protocol-Version is ${MODERN_PROTOCOL_VERSION} but _meta carries no ${META_PROTOCOL_VERSION}`,
        ),
      );
    // initialize negotiates its version in its params; the header of a request before it says nothing yet.
    if (header !== undefined && method !== "initialize" && !isLegacyVersion(header))
      return refuse(400, unsupportedVersion(String(header)));
    return { ok: true, era: { era: "legacy", version: isLegacyVersion(header) ? header : DEFAULT_PROTOCOL_VERSION } };
  }
  if (stated !== MODERN_PROTOCOL_VERSION)
    return refuse(400, unsupportedVersion(typeof stated === "string" ? stated : JSON.stringify(stated)));
  if (header !== stated)
    return refuse(
      400,
      headerMismatch(
        header === undefined
          ? "the MCP-Protocol-Version header is missing"
          : `MCP-Protocol-Version header value '${String(header)}' does not match _meta value '${stated}'`,
      ),
    );
  const capabilities = meta![META_CLIENT_CAPABILITIES];
  if (!isObject(capabilities))
    return invalidMeta(`'_meta.${META_CLIENT_CAPABILITIES}' must be an object`, META_CLIENT_CAPABILITIES);
  const info = meta![META_CLIENT_INFO];
  if (info !== undefined && !(isObject(info) && typeof info.name === "string" && typeof info.version === "string"))
    return invalidMeta(`'_meta.${META_CLIENT_INFO}' must be an object with name and version strings`, META_CLIENT_INFO);
  return {
    ok: true,
    era: {
      era: "modern",
      version: stated,
      client: { info: info as ModernClient["info"], capabilities },
    },
  };
}
