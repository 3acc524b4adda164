/** MCP protocol versions and the initialize answer (stateless: no session is created or required). */
import { API_VERSION } from "../rest/meta.js";
import { OUTPUT_SCHEMA_RULE } from "./tool-listing.js";

export const PROTOCOL_VERSIONS = ["2025-03-26", "2025-06-18", "2025-11-25"] as const;
export const NEWEST_PROTOCOL_VERSION = PROTOCOL_VERSIONS[PROTOCOL_VERSIONS.length - 1]!;
/** What a request without the MCP-Protocol-Version header is taken to speak (the transport's backwards-compatibility rule). */
export const DEFAULT_PROTOCOL_VERSION = "2025-03-26";

export const isSupportedVersion = (v: unknown): v is string =>
  typeof v === "string" && (PROTOCOL_VERSIONS as readonly string[]).includes(v);

/** Echo the requested version when supported, else offer the newest (the client may then disconnect). */
export const negotiateVersion = (requested: unknown): string =>
  isSupportedVersion(requested) ? requested : NEWEST_PROTOCOL_VERSION;

/** Every method the endpoint serves (methods.ts dispatches exactly these). */
export const MCP_METHODS = [
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/templates/list",
  "resources/list",
  "resources/read",
  "prompts/list",
  "prompts/get",
  "completion/complete",
] as const;

/** What every tool shares, said once here rather than in each tool's description. */
export const SERVER_INSTRUCTIONS = [
  "Read-only research publishing tools: every tool is read-only and idempotent.",
  "An id, date or document that does not exist is a not_found error (-32002, category permanent).",
  "Tools that take `limit` report {limit, returned, has_more, exact} beside their rows; keyset tools return next_cursor, passed back as `cursor` with the same filters until it is null.",
  "Tools that return a document take max_chars and offset and say whether it was truncated and where the next window starts.",
  OUTPUT_SCHEMA_RULE,
  "Reports are also resources (institute:// URIs), and prompts offer ready workflows. The whole surface is enumerated at GET /api/contract.",
].join(" ");

export function initializeResult(requested: unknown, projectName: string) {
  return {
    protocolVersion: negotiateVersion(requested),
    // Stateless: nothing to subscribe to, and no list changes are announced.
    capabilities: {
      tools: { listChanged: false },
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    },
    serverInfo: { name: "institute-research-publishing", title: projectName, version: API_VERSION },
    instructions: SERVER_INSTRUCTIONS,
  };
}
