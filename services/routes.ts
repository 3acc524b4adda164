/** Mounts every service on a Connect router: in process (all-in-one, tests) or in a service process. */
import type { ConnectRouter } from "@connectrpc/connect";
import { catalogRoutes } from "./catalog/routes.js";
import type { ServiceDeps } from "./deps.js";
import { portfolioRoutes } from "./portfolio/routes.js";
import { reportsRoutes } from "./reports/routes.js";

export const SERVICE_ROUTES = {
  catalog: catalogRoutes,
  reports: reportsRoutes,
  portfolio: portfolioRoutes,
} as const;

export function allServiceRoutes(deps: ServiceDeps) {
  return (router: ConnectRouter) => {
    for (const routes of Object.values(SERVICE_ROUTES)) routes(deps)(router);
  };
}
