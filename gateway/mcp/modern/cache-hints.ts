/**
 * The caching hints (`ttlMs`, `cacheScope`) the modern era requires on server/discover and on the list, templates
 * and read results, derived from what this service knows:
 * - server/discover is the same for every caller and changes only with a deployment: public, an hour.
 * - tools/list, prompts/list and resources/templates/list show each credential what it may use: private; the
 *   registry changes only with a deployment: an hour.
 * - resources/list and resources/read answer from the data: private (a document is shown only to a credential
 *   that may read it). While the read cache hears every committed change (gateway/read-cache), the service itself
 *   keeps an answer until a change drops it, so a client may too for DATA_TTL_MS; when nothing hears changes (no
 *   read cache, or its listening session is lost) every read asks the services, and the hint is 0. resources/list
 *   names today's dailies, so its hint also ends at the next work date. A document the spec says must not be cached
 *   (fleet health, Cache-Control: no-store) is always 0. A view (ui://) is built with the deployment and served
 *   only to a caller who may call its tool: private, an hour, as the catalogue.
 */
import { addDays, startOfWorkDate, workDateOf } from "../../../lib/work-date.js";
import { UI_SCHEME } from "../apps/app-views.js";

export interface CacheHints {
  ttlMs: number;
  cacheScope: "public" | "private";
}

export const DISCOVER_TTL_MS = 3_600_000;
export const CATALOGUE_TTL_MS = 3_600_000;
export const DATA_TTL_MS = 60_000;

export interface FreshnessSources {
  /** True while every committed change reaches this replica's read cache. */
  changesHeard: () => boolean;
  /** True for a resource URI whose document must never be cached. */
  neverCached: (uri: string) => boolean;
  now: () => number;
}

/** Milliseconds from `now` to the start of the next work date (midnight in Asia/Singapore). */
export const msToNextWorkDate = (now: number): number =>
  Math.max(0, startOfWorkDate(addDays(workDateOf(now), 1)) - now);

/** The hints of a modern result of `method`; undefined for a method whose results are not cacheable. */
export function cacheHints(
  method: string,
  params: Record<string, unknown>,
  sources: FreshnessSources,
): CacheHints | undefined {
  switch (method) {
    case "server/discover":
      return { ttlMs: DISCOVER_TTL_MS, cacheScope: "public" };
    case "tools/list":
    case "prompts/list":
    case "resources/templates/list":
      return { ttlMs: CATALOGUE_TTL_MS, cacheScope: "private" };
    case "resources/list": {
      const ttl = sources.changesHeard() ? Math.min(DATA_TTL_MS, msToNextWorkDate(sources.now())) : 0;
      return { ttlMs: ttl, cacheScope: "private" };
    }
    case "resources/read": {
      const uri = typeof params.uri === "string" ? params.uri : "";
      if (uri.startsWith(UI_SCHEME)) return { ttlMs: CATALOGUE_TTL_MS, cacheScope: "private" };
      const ttl = sources.changesHeard() && !sources.neverCached(uri) ? DATA_TTL_MS : 0;
      return { ttlMs: ttl, cacheScope: "private" };
    }
    default:
      return undefined;
  }
}
