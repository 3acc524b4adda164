/** What every service implementation is built from; only process entry points build the real pools. */
import type { Config } from "../lib/config/config.js";
import type { Pool } from "../lib/db/pool.js";
import type { ObjectStore } from "../lib/object-store/object-store.js";
import type { VectorRuntime } from "../lib/vector/vector-runtime.js";

export interface ServiceDeps {
  /** The SELECT-only pool. */
  db: Pool;
  objects: ObjectStore;
  config: Config;
  /** Epoch milliseconds; injected so tests can fix "today". */
  now: () => number;
  /** Embedder and vector indexes (search, factcard). Absent: search is not ready, similar facts unavailable. */
  vectors?: VectorRuntime;
}
