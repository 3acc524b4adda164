/** Mounts every service on a Connect router: in process (all-in-one, tests) or in a service process. */
import type { ConnectRouter } from "@connectrpc/connect";
import { catalogRoutes } from "./catalog/routes.js";
import { chainRoutes } from "./factcard/chain/routes.js";
import { coverageRoutes } from "./reports/coverage/routes.js";
import type { ServiceDeps } from "./deps.js";
import { factCardRoutes } from "./factcard/routes.js";
import { portfolioRoutes } from "./portfolio/routes.js";
import { reportsRoutes } from "./reports/routes.js";
import { searchRoutes } from "./search/routes.js";
import { whiteboardPagesRoutes } from "./catalog/whiteboard-pages/routes.js";
import { workspaceRoutes } from "./catalog/workspace/routes.js";

export const SERVICE_ROUTES = {
  catalog: catalogRoutes,
  reports: reportsRoutes,
  portfolio: portfolioRoutes,
  search: searchRoutes,
  factcard: factCardRoutes,
  workspace: workspaceRoutes,
  whiteboardPages: whiteboardPagesRoutes,
  chain: chainRoutes,
  coverage: coverageRoutes,
} as const;

export function allServiceRoutes(deps: ServiceDeps) {
  return (router: ConnectRouter) => {
    for (const routes of Object.values(SERVICE_ROUTES)) routes(deps)(router);
  };
}
