/** MCP protocol versions and the initialize answer (stateless: no session is created or required). */
import { API_VERSION } from "../rest/meta.js";

export const PROTOCOL_VERSIONS = ["2025-03-26", "2025-06-18", "2025-11-25"] as const;
export const NEWEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[PROTOCOL_VERSIONS.length - 1]!;
/** What a request without the MCP-Protocol-Version header is taken to speak (the transport's backwards-compatibility rule). */
export const DEFAULT_PROTOCOL_VERSION = "2025-03-26";

export const isSupportedVersion = (v: unknown): v is string => typeof v === "string" && (PROTOCOL_VERSIONS as readonly string[]).includes(v);

/** Echo the requested version when supported, else offer the newest (the client may then disconnect). */
export const negotiateVersion = (requested: unknown): string => (isSupportedVersion(requested) ? requested : NEWEST_PROTOCOL_VERSION);

export function initializeResult(requested: unknown, projectName: string) {
  return {
    protocolVersion: negotiateVersion(requested),
    capabilities: { tools: { listChanged: false } },
    serverInfo: { name: "institute-research-publishing", title: projectName, version: API_VERSION },
    instructions:
      "Read-only research publishing tools. Every tool is read-only and idempotent. Tools that take `limit` report " +
      "{limit, returned, has_more, exact} beside their rows. The whole surface is enumerated at GET /api/contract.",
  };
}
