/**
 * The usage recorder of a gateway process (lib/usage/): counts kept in memory and added to usage.* every
 * USAGE_FLUSH_MS through a small pool of its own on the owner connection, so the flush never queues behind other
 * work and the read path never waits on it. Undefined when USAGE_ENABLED is false. The gateway closes it (one last
 * flush, then the pool).
 */
import type { UsageConfig } from "../../lib/config/usage.js";
import { createPool } from "../../lib/db/pool.js";
import type { Log } from "../../lib/log.js";
import { createUsageRecorder, type UsageRecorder } from "../../lib/usage/usage-recorder.js";

export interface OpenUsageRecorderOptions {
  config: UsageConfig;
  /** The owner connection (DATABASE_URL, or the embedded server's). */
  databaseUrl: string;
  log?: Pick<Log, "warn" | "error">;
}

export function openUsageRecorder(options: OpenUsageRecorderOptions): UsageRecorder | undefined {
  if (!options.config.enabled) return undefined;
  const pool = createPool(options.databaseUrl, { name: "institute-usage", max: 2 });
  const recorder = createUsageRecorder({ pool, flushMs: options.config.flushMs, log: options.log });
  return {
    ...recorder,
    async close() {
      await recorder.close();
      await pool.end();
    },
  };
}
