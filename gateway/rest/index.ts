/** The REST surface under /api/v1, one module per area of the spec. */
import type { FastifyInstance } from "fastify";
import { analystRoutes } from "./analysts.js";
import { changeRoutes } from "./changes.js";
import { chartRoutes } from "./charts.js";
import { dataRoutes } from "./data.js";
import { factCardRoutes } from "./factcards.js";
import { feedRoutes } from "./feeds.js";
import { latestRoutes } from "./latest.js";
import { metaRoutes } from "./meta.js";
import type { RestOptions } from "./options.js";
import { portfolioRoutes } from "./portfolios.js";
import { reportRoutes } from "./reports.js";
import { searchRoutes } from "./search.js";
import { whiteboardRoutes } from "./whiteboard.js";

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
