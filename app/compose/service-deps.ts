/**
 * What a set of services is built from, the same in every process that serves them: the SELECT-only pool, the object
 * store over it, configuration, the clock, and (for search and factcard) a vector runtime of their own, holding the
 * indexes those services search.
 */
import type { Config } from "../../lib/config/config.js";
import type { Pool } from "../../lib/db/pool.js";
import type { Embedder } from "../../lib/embedding/embedder.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import type { IndexSelection } from "../../lib/vector/index-selection.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import type { ServiceDeps } from "../../services/deps.js";

export function createServiceDeps(options: {
  config: Config;
  reader: Pool;
  now?: () => number;
  /** The indexes the served groups search (services/groups.ts: indexesOf); null: no vector runtime. */
  indexes: IndexSelection | null;
  embedder?: Embedder;
}): ServiceDeps {
  return {
    db: options.reader,
    objects: createPostgresObjectStore(options.reader),
    config: options.config,
    now: options.now ?? Date.now,
    vectors: options.indexes
      ? new VectorRuntime({
          db: options.reader,
          config: options.config.search,
          embedder: options.embedder,
          indexes: options.indexes,
        })
      : undefined,
  };
}
