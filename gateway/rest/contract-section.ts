/**
 * The contract's REST section: the API's version, the routes as registered (the OpenAPI document is derived from
 * them), their listing under `rest`, and under `limits.rest` every bounded parameter as the schema that checks it
 * declares it. app.ts hands it to contractRoutes.
 */
import { bodyOf, parametersOf, responsesOf, type RestRoute } from "../contract/route-catalog.js";
import type { RestSection } from "../contract/sections.js";
import { API_VERSION } from "../http/api-version.js";

const BOUNDED_PARAMETERS = new Set(["limit", "top_k"]);

/** `routes` is the catalog's list, filled while the routes register; it is read when the contract is first asked. */
export function restContractSection(routes: readonly RestRoute[]): RestSection {
  return {
    apiVersion: API_VERSION,
    routes,
    listing: () => routes.map(describeRoute),
    bounds: () =>
      routes.flatMap((route) =>
        parametersOf(route)
          .filter((p) => BOUNDED_PARAMETERS.has(p.name))
          .map((p) => ({
            route: `${route.method} ${route.path}`,
            parameter: p.name,
            minimum: p.schema.minimum ?? null,
            maximum: p.schema.maximum ?? null,
            default: p.schema.default ?? null,
          })),
      ),
  };
}

function describeRoute(route: RestRoute) {
  const body = bodyOf(route);
  return {
    method: route.method,
    path: route.path,
    scope: route.scope,
    public: route.public,
    parameters: parametersOf(route),
    ...(body ? { body } : {}),
    responses: Object.keys(responsesOf(route)).sort(),
  };
}
