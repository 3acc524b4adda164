/**
 * The change feed's answer, defined once for both surfaces (GET /api/v1/changes and the tool changes_since): which
 * kinds the caller may see, the kinds it asked for, the cursor checked, one page read, and the read cache settled
 * before the page is handed out. Each surface says which kinds its key allows (the routes' scopes on REST, the
 * tools' grants on the tool endpoint) and turns a refusal into its own error.
 */
import { START, type Change } from "../../lib/changes/change-log.js";
import { CHANGE_KINDS, type ChangeSource } from "./change-source.js";

export const CHANGE_KIND_NAMES = Object.keys(CHANGE_KINDS);
export const CHANGE_LIMIT = { default: 100, max: 1000 };

export interface ChangeFeed {
  source: ChangeSource;
  /** Waits until this replica's read cache has applied every committed change; absent when there is no cache. */
  settle?: () => Promise<void>;
}

export interface ChangesAnswer {
  changes: (Change & { url: string })[];
  next_cursor: string;
  has_more: boolean;
}

export type ChangesRefusal =
  | { kind: "no-kind"; scopes: string[] }
  | { kind: "hidden-kind"; scope: string }
  | { kind: "bad-cursor" }
  | { kind: "unconfigured" };

export async function answerChanges(
  feed: ChangeFeed | undefined,
  query: { cursor?: string; limit: number; kinds?: readonly string[]; scopeOf: (kind: string) => string },
  allows: (scope: string) => boolean,
): Promise<{ ok: true; answer: ChangesAnswer } | { ok: false; refusal: ChangesRefusal }> {
  const visible = CHANGE_KIND_NAMES.filter((k) => allows(query.scopeOf(k)));
  if (visible.length === 0)
    return {
      ok: false,
      refusal: { kind: "no-kind", scopes: [...new Set(CHANGE_KIND_NAMES.map(query.scopeOf))].sort() },
    };
  const asked = query.kinds && query.kinds.length > 0 ? [...new Set(query.kinds)] : visible;
  const hidden = asked.find((k) => !visible.includes(k));
  if (hidden) return { ok: false, refusal: { kind: "hidden-kind", scope: query.scopeOf(hidden) } };
  if (!feed) return { ok: false, refusal: { kind: "unconfigured" } };
  const signer = await feed.source.signer();
  let after = START;
  if (query.cursor !== undefined) {
    const position = signer.verify(query.cursor);
    if (position === null) return { ok: false, refusal: { kind: "bad-cursor" } };
    after = position;
  }
  const page = await feed.source.read({ after, kinds: asked, limit: query.limit });
  // Every change handed out committed before this point: once this replica's read cache has applied them, a reader
  // who follows a change's url here never gets the answer from before it.
  await feed.settle?.();
  return {
    ok: true,
    answer: {
      changes: page.changes.map((c) => ({ ...c, url: CHANGE_KINDS[c.kind]!.url(c.id) })),
      next_cursor: signer.sign(page.position),
      has_more: page.hasMore,
    },
  };
}
