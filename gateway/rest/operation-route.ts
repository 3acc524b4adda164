/**
 * The REST route of an operation (gateway/operations): its method, path and scope are the operation's, and its
 * handler maps the request (path, query, body, already validated by the route's schemas) onto the operation's
 * input and sends the operation's answer, as JSON by default, cut to the `fields` the query names (fields-query.ts).
 * What is HTTP's stays here: the parameter schemas, the error responses, and `send` for answers that go out in
 * another form (markdown with its validators, a stored document as it is); `send` gets the call itself, so a 304 it
 * can decide alone never reaches the service.
 */
import type { FastifyReply, FastifyRequest, FastifySchema, RouteGenericInterface, RouteOptions } from "fastify";
import type { ServiceClients } from "../upstream/clients.js";
import { REST_PREFIX } from "../http/public-url.js";
import type { Operation } from "../operations/operation.js";
import { queryFields, sendCut, withFieldsQuery } from "./fields-query.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Why a route under /api/v1 that is not an operation's has no tool (a rendering, a feed, the public meta):
     * a route with neither fails gateway/operations/surfaces.test.ts.
     */
    restOnly?: string;
  }
}

export interface RouteProjection<G extends RouteGenericInterface, I, A> {
  summary: string;
  params?: unknown;
  querystring?: unknown;
  headers?: unknown;
  body?: unknown;
  /** The 200 response when the answer is not sent as the operation's JSON output. */
  ok?: unknown;
  /** Every other response. */
  errors: Record<number, unknown>;
  bodyLimit?: number;
  /** A report a feed links to: a feed token may read it too (gateway/auth/feed-token.ts). */
  feed?: boolean;
  input(request: FastifyRequest<G>): I;
  send?(request: FastifyRequest<G>, reply: FastifyReply, answer: () => Promise<A>): Promise<unknown>;
}

/** `/api/v1/analysts/{analystId}` as the router writes it under the /api/v1 prefix: `/analysts/:analystId`. */
const routerPath = (path: string) => path.slice(REST_PREFIX.length).replace(/\{([A-Za-z0-9_]+)\}/g, ":$1");

export function operationRoute<G extends RouteGenericInterface, I, A>(
  op: Operation<I, A>,
  clients: ServiceClients,
  route: RouteProjection<G, I, A>,
): RouteOptions {
  const { summary, params, headers, body, ok, errors } = route;
  // An answer sent as the operation's JSON can be cut to `fields` (fields-query.ts); markdown and documents cannot.
  const cuts = ok === undefined && route.send === undefined;
  const querystring = cuts ? withFieldsQuery(route.querystring) : route.querystring;
  const schema = Object.fromEntries(
    Object.entries({
      summary,
      params,
      querystring,
      headers,
      body,
      response: { 200: ok ?? op.output, ...errors },
    }).filter(([, v]) => v !== undefined),
  ) as FastifySchema;
  return {
    method: op.route.method,
    url: routerPath(op.route.path),
    config: { scope: op.scope, ...(route.feed ? { feed: true } : {}) },
    ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
    schema,
    handler: async (request, reply) => {
      const answer = () => op.call(route.input(request as FastifyRequest<G>), clients);
      if (route.send) return route.send(request as FastifyRequest<G>, reply, answer);
      if (!cuts) return answer();
      const selection = queryFields(op.output, (request.query as { fields?: string }).fields);
      return sendCut(reply, (await answer()) as object, selection);
    },
  };
}
