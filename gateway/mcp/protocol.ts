/**
 * MCP protocol versions and the initialize answer (stateless: no session is created or required). Two eras share
 * /api/mcp: the legacy revisions open with `initialize`; the modern one (2026-07-28) carries its version, client
 * info and capabilities in every request's `_meta` (modern/era.ts tells them apart).
 */
import { API_VERSION } from "../http/api-version.js";
import { FIELDS_RULE, FORMAT_RULE } from "../answer-shape/parameters.js";
import { OUTPUT_SCHEMA_RULE } from "./tool-listing.js";

/** The revisions `initialize` negotiates (the legacy era). */
export const LEGACY_PROTOCOL_VERSIONS = ["2025-03-26", "2025-06-18", "2025-11-25"] as const;
/** The stateless revision: per-request `_meta`, no `initialize`. */
export const MODERN_PROTOCOL_VERSION = "2026-07-28";
/** Every revision served, oldest first. */
export const PROTOCOL_VERSIONS = [...LEGACY_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION] as const;
/** What an UnsupportedProtocolVersionError lists: newest first, as the revision's own example does. */
export const SUPPORTED_VERSIONS_NEWEST_FIRST = [...PROTOCOL_VERSIONS].reverse();
export const NEWEST_PROTOCOL_VERSION = LEGACY_PROTOCOL_VERSIONS[LEGACY_PROTOCOL_VERSIONS.length - 1]!;
/** What a request without the MCP-Protocol-Version header is taken to speak (the transport's backwards-compatibility rule). */
export const DEFAULT_PROTOCOL_VERSION = "2025-03-26";

export const isSupportedVersion = (v: unknown): v is string =>
  typeof v === "string" && (PROTOCOL_VERSIONS as readonly string[]).includes(v);

export const isLegacyVersion = (v: unknown): v is string =>
  typeof v === "string" && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(v);

/**
 * Echo the requested version when it is a legacy one, else offer the newest legacy revision (the client may then
 * disconnect): `initialize` belongs to the legacy era, so asking it for 2026-07-28 gets 2025-11-25.
 */
export const negotiateVersion = (requested: unknown): string =>
  isLegacyVersion(requested) ? requested : NEWEST_PROTOCOL_VERSION;

/** Every method the endpoint serves, in one era or the other (methods.ts dispatches exactly these). */
export const MCP_METHODS = [
  "initialize",
  "ping",
  "server/discover",
  "subscriptions/listen",
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
  "A tool that fails answers isError with a text saying why, and error {code, data: {category, transient}}; an id, date or document that does not exist is not_found (-32002, category permanent).",
  "Tools that take `limit` report {limit, returned, has_more, exact} beside their rows; keyset tools return next_cursor, passed back as `cursor` with the same filters until it is null.",
  "Tools that return a document take max_chars and offset and say whether it was truncated and where the next window starts.",
  OUTPUT_SCHEMA_RULE,
  FIELDS_RULE,
  FORMAT_RULE,
  "Reports are also resources (institute:// URIs), and prompts offer ready workflows. The whole surface is enumerated at GET /api/contract.",
].join(" ");

export const serverInfo = (projectName: string) => ({
  name: "institute-research-publishing",
  title: projectName,
  version: API_VERSION,
});

export function initializeResult(requested: unknown, projectName: string) {
  return {
    protocolVersion: negotiateVersion(requested),
    // Stateless: nothing to subscribe to, and no list changes are announced (that is the modern era's listen).
    capabilities: {
      tools: { listChanged: false },
      resources: { subscribe: false, listChanged: false },
      prompts: { listChanged: false },
      completions: {},
    },
    serverInfo: serverInfo(projectName),
    instructions: SERVER_INSTRUCTIONS,
  };
}
