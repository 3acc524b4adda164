/**
 * The subscriptions/listen streams of this gateway replica, fed by the data-version announcements the read cache
 * already hears (gateway/read-cache/open-read-cache.ts `onChange`), so a change reaches a subscriber once the cache
 * has dropped what it derived from it and a read that follows is fresh. Each credential may hold at most
 * `perCredential` streams at once (one more is refused as transient resource_exhausted, so a retry after closing one
 * works). On shutdown every stream ends gracefully before the server closes its connections. Without a change
 * source (a gateway without the read cache) only the list flags, which change with deployments alone, are honoured.
 */
import type { ServerResponse } from "node:http";
import type { Principal } from "../../auth/principal.js";
import type { RequestId } from "../json-rpc.js";
import { RpcError, TRANSIENT_ERROR } from "../tool-errors.js";
import type { HonouredFilter } from "./listen-filter.js";
import { openListenStream, type ListenStream, type StreamTiming } from "./listen-stream.js";

export interface ChangeSource {
  onChange(listener: (payload: string) => void): () => void;
}

export interface ListenLimits extends StreamTiming {
  perCredential: number;
}

export const LISTEN_LIMITS: ListenLimits = { perCredential: 4, coalesceMs: 50, keepAliveMs: 15_000 };

/** One credential, whichever kind: an institute key, a peer party, an OAuth subject. */
export const credentialOf = (principal: Principal): string =>
  principal.kind === "api_key"
    ? `api_key:${principal.keyId}`
    : principal.kind === "peer"
      ? `peer:${principal.party.id}`
      : `oauth:${principal.subject}`;

export function createListeners(source: ChangeSource | undefined, limits: ListenLimits = LISTEN_LIMITS) {
  const byCredential = new Map<string, Set<ListenStream>>();
  const all = new Set<ListenStream>();
  let stopHearing: (() => void) | undefined;

  const hear = (payload: string) => {
    for (const stream of all) stream.hear(payload);
  };

  return {
    /** Whether data changes can be announced (resourcesListChanged, resourceSubscriptions). */
    changes: source !== undefined,
    /** The refusal of one more stream for this credential, at its bound; null when it may open one. */
    refusal(principal: Principal): RpcError | null {
      const open = byCredential.get(credentialOf(principal))?.size ?? 0;
      return open < limits.perCredential
        ? null
        : new RpcError(
            TRANSIENT_ERROR,
            `too many open subscriptions for this credential (at most ${limits.perCredential}); close one and listen again`,
            "transient",
            { code: "resource_exhausted" },
          );
    },
    /** Holds the stream open on `raw` until either side ends it (`refusal` has let it through). */
    open(
      raw: ServerResponse,
      headers: Record<string, string>,
      id: RequestId,
      principal: Principal,
      honoured: HonouredFilter,
      server: object,
    ) {
      const credential = credentialOf(principal);
      const mine = byCredential.get(credential) ?? new Set<ListenStream>();
      const stream = openListenStream(raw, headers, id, honoured, server, limits, () => {
        mine.delete(stream);
        all.delete(stream);
        if (mine.size === 0) byCredential.delete(credential);
        if (all.size === 0) {
          stopHearing?.();
          stopHearing = undefined;
        }
      });
      mine.add(stream);
      byCredential.set(credential, mine);
      all.add(stream);
      stopHearing ??= source?.onChange(hear);
    },
    /** How many streams are open. */
    get size() {
      return all.size;
    },
    /** Ends every stream gracefully (shutdown). */
    endAll() {
      for (const stream of [...all]) stream.end();
    },
  };
}

export type Listeners = ReturnType<typeof createListeners>;
