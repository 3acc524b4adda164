/**
 * The read cache of one gateway replica, kept current by the database itself: the migrations' triggers announce
 * every change on the data_versions channel at commit ('<schema>.<table>'), and a dedicated session of this replica
 * listens and drops the answers derived from that schema. Every replica listens for itself, so PostgreSQL reaches
 * all of them without a bus, and outside writers (plain SQL) are heard like the importer. When the session is lost
 * the cache stops serving; when it listens again it starts empty, since changes made in between were not heard.
 */
import type pg from "pg";
import { listenForNotifications } from "../../lib/db/notification-listener.js";
import { createReadCache, type ReadCache } from "./read-cache.js";
import { kindOfChange } from "./service-kinds.js";

export const CHANGES_CHANNEL = "data_versions";

export interface GatewayReadCache {
  store: ReadCache<unknown>;
  /** Resolves once every change committed before the call has been applied to the cache (a writer in this process awaits it). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export function openReadCache(options: {
  budgetBytes: number;
  connection: pg.ClientConfig;
  log?: { warn(details: object, message: string): void };
  heartbeatMs?: number;
}): GatewayReadCache {
  const store = createReadCache<unknown>(options.budgetBytes);
  const listener = listenForNotifications({
    connection: options.connection,
    channel: CHANGES_CHANNEL,
    onNotification(payload) {
      const kind = kindOfChange(payload);
      if (kind) store.invalidate(kind);
    },
    onConnected: () => store.reset(true),
    onDisconnected: () => store.reset(false),
    heartbeatMs: options.heartbeatMs,
    log: options.log,
  });
  return {
    store,
    settle: () => listener.settle(),
    async close() {
      await listener.close();
      store.reset(false);
    },
  };
}
