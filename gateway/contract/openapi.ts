/** GET /api/openapi.json: an OpenAPI 3.1 document of the REST surface, built from the routes' own JSON Schemas. */
import { API_VERSION } from "../rest/meta.js";
import { errorResponse } from "../schemas/common.js";
import { bodyOf, parametersOf, responsesOf, type RestRoute } from "./route-catalog.js";

const DESCRIPTIONS: Record<string, string> = {
  "200": "OK",
  "304": "Not Modified: the cached copy is current",
  "400": "Invalid parameter (ErrorResponse names it)",
  "401": "Missing or invalid X-API-Key",
  "403": "The key lacks the route's scope",
  "404": "Not found",
};

function operationId(route: RestRoute): string {
  const words = route.path
    .replace(/^\/api\/v1\//, "")
    .split(/[/{}\-_.]+/)
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

function response(status: string, schema: Record<string, unknown>) {
  const description = (schema.description as string | undefined) ?? DESCRIPTIONS[status] ?? "Response";
  if (status === "304" || status === "204") return { description };
  const markdown = schema.type === "string";
  return { description, content: { [markdown ? "text/markdown; charset=utf-8" : "application/json"]: { schema } } };
}

export function openApiDocument(routes: readonly RestRoute[], base: string, title: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const body = bodyOf(route);
    const responses = Object.fromEntries(Object.entries(responsesOf(route)).map(([status, schema]) => [status, response(status, schema)]));
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: operationId(route),
      ...(route.scope ? { "x-scope": route.scope, description: `Needs scope ${route.scope}.` } : {}),
      security: route.public ? [] : [{ apiKey: [] }],
      parameters: parametersOf(route),
      ...(body ? { requestBody: { required: true, content: { "application/json": { schema: body } } } } : {}),
      responses: Object.keys(responses).length ? responses : { "200": { description: "OK" } },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title, version: API_VERSION, description: "The read-only REST JSON API. The tool endpoint (POST /api/mcp) is described by GET /api/contract." },
    servers: [{ url: base }],
    components: {
      securitySchemes: { apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "An institute API key (sk_ins_…)" } },
      schemas: { ErrorResponse: errorResponse },
    },
    paths,
  };
}
