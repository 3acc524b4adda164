/**
 * What a set of services is built from, the same in every process that serves them: the SELECT-only pool, the object
 * store over it, configuration, the clock, and (for search and factcard) a vector runtime of their own.
 */
import type { Config } from "../../lib/config/config.js";
import type { Pool } from "../../lib/db/pool.js";
import type { Embedder } from "../../lib/embedding/embedder.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { VectorRuntime } from "../../lib/vector/vector-runtime.js";
import type { ServiceDeps } from "../../services/deps.js";

export function createServiceDeps(options: {
  config: Config;
  reader: Pool;
  now?: () => number;
  vectors: boolean;
  embedder?: Embedder;
}): ServiceDeps {
  return {
    db: options.reader,
    objects: createPostgresObjectStore(options.reader),
    config: options.config,
    now: options.now ?? Date.now,
    vectors: options.vectors
      ? new VectorRuntime({ db: options.reader, config: options.config.search, embedder: options.embedder })
      : undefined,
  };
}
