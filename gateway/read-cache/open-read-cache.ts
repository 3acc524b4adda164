/**
 * The read cache of one gateway replica, kept current by the database itself: the migrations' triggers announce
 * every change on the data_versions channel at commit ('<schema>.<table>'), and a dedicated session of this replica
 * listens and drops the answers derived from that schema. Every replica listens for itself, so PostgreSQL reaches
 * all of them without a bus, and outside writers (plain SQL) are heard like the importer. When the session is lost
 * the cache stops serving answers as fresh but keeps them, to serve stale while their routes fail (the database is
 * down: stale-if-error, for `staleMs`). When it listens again it catches up before serving: it reads the data
 * versions and drops the answers of every kind whose versions moved since it last started listening (changes
 * made while nobody listened). Without versions to compare (the first start, an unreadable sequence) it starts empty.
 */
import type pg from "pg";
import { listenForNotifications } from "../../lib/db/notification-listener.js";
import { changedKinds, readDataVersions, type DataVersions } from "./data-versions.js";
import { createReadCache, type ReadCache } from "./read-cache.js";
import { kindOfChange } from "./service-kinds.js";

export const CHANGES_CHANNEL = "data_versions";

export interface GatewayReadCache {
  store: ReadCache<unknown>;
  /** Resolves once every change committed before the call has been applied to the cache (a writer in this process awaits it). */
  settle(): Promise<void>;
  /**
   * Hears every change announced on the data_versions channel ('<schema>.<table>'), after the cache has dropped
   * what it derived from it, so a listener that reads again reads fresh (the tool endpoint's subscriptions). Returns
   * the function that stops hearing.
   */
  onChange(listener: (payload: string) => void): () => void;
  close(): Promise<void>;
}

export function openReadCache(options: {
  budgetBytes: number;
  connection: pg.ClientConfig;
  log?: { warn(details: object, message: string): void };
  heartbeatMs?: number;
  /** How long after the listening session was lost a held answer may be served stale to a failed route; 0: never. */
  staleMs?: number;
}): GatewayReadCache {
  const store = createReadCache<unknown>(options.budgetBytes, { staleMs: options.staleMs ?? 0 });
  /** The versions read when listening last started: changes after that were heard, or are found by comparing. */
  let baseline: DataVersions | null = null;
  const changeListeners = new Set<(payload: string) => void>();
  const listener = listenForNotifications({
    connection: options.connection,
    channel: CHANGES_CHANNEL,
    onNotification(payload) {
      const kind = kindOfChange(payload);
      if (kind) store.invalidate(kind);
      for (const hear of changeListeners) hear(payload);
    },
    async onConnected(session) {
      const now = await readDataVersions(session);
      if (baseline && now) store.resume(changedKinds(baseline, now));
      else store.reset(true);
      baseline = now;
    },
    onDisconnected: () => store.suspend(),
    heartbeatMs: options.heartbeatMs,
    log: options.log,
  });
  return {
    store,
    settle: () => listener.settle(),
    onChange(hear) {
      changeListeners.add(hear);
      return () => changeListeners.delete(hear);
    },
    async close() {
      changeListeners.clear();
      await listener.close();
      store.reset(false);
    },
  };
}
