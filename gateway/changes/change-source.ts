/**
 * Where the change feed reads from: the change log (lib/changes), through the gateway's SELECT-only pool, and the
 * deployment's cursor signer (lib/cursor/cursor-key.ts). Which kinds a key may see follows the scopes of the routes
 * that serve them, and each change links to that route.
 */
import { readChanges, type ChangePage } from "../../lib/changes/change-log.js";
import type { CursorSignerSource } from "../../lib/cursor/cursor-key.js";
import type { Pool } from "../../lib/db/pool.js";

export interface ChangeSource {
  read(options: { after: string; kinds: readonly string[]; limit: number }): Promise<ChangePage>;
  signer: CursorSignerSource;
}

export function createChangeSource(db: Pool, signer: CursorSignerSource): ChangeSource {
  return { read: (options) => readChanges(db, options), signer };
}

const enc = encodeURIComponent;

/**
 * Each kind of the feed: the scope of the route that serves it, the grant of the tools that read it (the tool
 * endpoint shows a key the kinds it may read there), and that route for an id.
 */
export const CHANGE_KINDS: Record<string, { scope: string; toolScope: string; url: (id: string) => string }> = {
  daily: { scope: "reports:read", toolScope: "viewer:read", url: (id) => `/api/v1/reports/daily/${id}` },
  weekly: {
    scope: "reports:read",
    toolScope: "viewer:read",
    url: (id) => {
      const at = id.indexOf("/");
      return `/api/v1/reports/weekly/${id.slice(0, at)}/${enc(id.slice(at + 1))}`;
    },
  },
  "data-topics": {
    scope: "reports:read",
    toolScope: "viewer:read",
    url: (id) => `/api/v1/data/${id.slice(0, 10)}/${enc(id.slice(11))}`,
  },
  threads: { scope: "whiteboard:read", toolScope: "whiteboard:read", url: (id) => `/api/v1/whiteboard/threads/${id}` },
  "fact-cards": { scope: "factcards:read", toolScope: "viewer:read", url: (id) => `/api/v1/factcards/${enc(id)}` },
};
