/**
 * server/discover (2026-07-28, a MUST): the versions served, the capabilities and the instructions. Like every
 * method on /api/mcp it needs a credential: authentication runs before routing (spec §5.2 rule 5), so an anonymous
 * probe gets the 401 that starts OAuth discovery. The answer is the same for every caller. Its `extensions` (a
 * member 2026-07-28 defines) say the tools name MCP Apps views (gateway/mcp/apps).
 */
import { SERVER_INSTRUCTIONS, SUPPORTED_VERSIONS_NEWEST_FIRST } from "../protocol.js";
import { APP_EXTENSION_ID } from "../apps/app-views.js";

export interface ListenSupport {
  /** Whether subscriptions/listen can announce list changes and resource updates on this replica. */
  changes: boolean;
}

export function discoverResult({ changes }: ListenSupport) {
  return {
    supportedVersions: [...SUPPORTED_VERSIONS_NEWEST_FIRST],
    capabilities: {
      tools: { listChanged: changes },
      resources: { subscribe: changes, listChanged: changes },
      prompts: { listChanged: false },
      completions: {},
      extensions: { [APP_EXTENSION_ID]: {} },
    },
    instructions: SERVER_INSTRUCTIONS,
  };
}
