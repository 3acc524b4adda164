/** The REST surface under /api/v1, one module per area of the spec. */
import type { FastifyInstance } from "fastify";
import type { Config } from "../../lib/config/config.js";
import type { ServiceClients } from "../clients.js";
import type { ReadCache } from "../read-cache/read-cache.js";
import type { ChangeSource } from "../changes/change-source.js";
import { analystRoutes } from "./analysts.js";
import { changeRoutes } from "./changes.js";
import { chartRoutes } from "./charts.js";
import { dataRoutes } from "./data.js";
import { factCardRoutes } from "./factcards.js";
import { feedRoutes } from "./feeds.js";
import { latestRoutes } from "./latest.js";
import { metaRoutes, type MetaFacts } from "./meta.js";
import { portfolioRoutes } from "./portfolios.js";
import { reportRoutes } from "./reports.js";
import { searchRoutes } from "./search.js";
import { whiteboardRoutes } from "./whiteboard.js";

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

export async function restRoutes(app: FastifyInstance, opts: RestOptions) {
  metaRoutes(app, opts);
  analystRoutes(app, opts);
  whiteboardRoutes(app, opts);
  reportRoutes(app, opts);
  feedRoutes(app, opts);
  dataRoutes(app, opts);
  latestRoutes(app, opts);
  portfolioRoutes(app, opts);
  chartRoutes(app, opts);
  searchRoutes(app, opts);
  factCardRoutes(app, opts);
  changeRoutes(app, opts);
}
