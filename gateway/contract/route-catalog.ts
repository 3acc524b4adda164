/**
 * The REST routes as registered, collected with an onRoute hook (install it before the routes): method, path,
 * scope and JSON Schemas. The contract and the OpenAPI document are derived from this list, never typed by hand.
 */
import type { FastifyInstance, FastifySchema } from "fastify";
import { REST_PREFIX } from "../http/public-url.js";

declare module "fastify" {
  interface FastifySchema {
    /** The operation's one-line summary in the OpenAPI document (required there: redocly's operation-summary). */
    summary?: string;
    /** Longer prose for the OpenAPI document. */
    description?: string;
  }
}

export interface RestRoute {
  method: string;
  /** OpenAPI form: /api/v1/analysts/{analystId}. */
  path: string;
  scope: string | null;
  public: boolean;
  /** A report feed: a feed token in the `token` query parameter also opens it. */
  feed: boolean;
  /** The JSON 200 carries an ETag and If-None-Match is answered 304 (gateway/rest/json-validators.ts marks it). */
  jsonValidators: boolean;
  schema: FastifySchema;
}

export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Record<string, unknown>;
}

export function collectRestRoutes(app: FastifyInstance): RestRoute[] {
  const routes: RestRoute[] = [];
  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith(REST_PREFIX)) return;
    const config = (route.config ?? {}) as {
      scope?: string;
      public?: boolean;
      feed?: boolean;
      jsonValidators?: boolean;
    };
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === "HEAD") continue;
      routes.push({
        method,
        path: route.url.replace(/:([A-Za-z0-9_]+)/g, "{$1}"),
        scope: config.scope ?? null,
        public: config.public === true,
        feed: config.feed === true,
        jsonValidators: config.jsonValidators === true,
        schema: route.schema ?? {},
      });
    }
  });
  return routes;
}

type ObjectSchema = { properties?: Record<string, Record<string, unknown>>; required?: readonly string[] };

function fromObject(schema: unknown, where: Parameter["in"]): Parameter[] {
  const s = (schema ?? {}) as ObjectSchema;
  return Object.entries(s.properties ?? {}).map(([name, prop]) => ({
    name,
    in: where,
    required: where === "path" || (s.required ?? []).includes(name),
    schema: prop,
  }));
}

/** Path, query and header parameters of a route, from its params, querystring and headers schemas. */
export function parametersOf(route: RestRoute): Parameter[] {
  const s = route.schema as Record<string, unknown>;
  return [
    ...fromObject(s.params, "path"),
    ...fromObject(s.querystring ?? s.query, "query"),
    ...fromObject(s.headers, "header"),
  ];
}

export const bodyOf = (route: RestRoute): Record<string, unknown> | undefined =>
  (route.schema as { body?: Record<string, unknown> }).body;

export const responsesOf = (route: RestRoute): Record<string, Record<string, unknown>> =>
  (route.schema as { response?: Record<string, Record<string, unknown>> }).response ?? {};
