/** What the REST surface is built from: every route module of gateway/rest receives these. */
import type { Config } from "../../lib/config/config.js";
import type { ChangeSource } from "../changes/change-source.js";
import type { ServiceClients } from "../upstream/clients.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { MetaFacts } from "./meta.js";

export interface RestOptions {
  config: Config;
  clients: ServiceClients;
  facts: MetaFacts;
  /** The clock of the report validator cache (tests fix it); default Date.now. */
  now?: () => number;
  /** The replica's read cache, whose stamps tell the report validator cache when reports changed; null: none. */
  readCache?: ReadCache | null;
  /** The change log behind GET /changes; without it the route answers 503. */
  changes?: ChangeSource;
  /** Resolves once the read cache has applied every change committed before the call (none without a cache). */
  settleReadCache?: () => Promise<void>;
}
