/**
 * GET /api/openapi.json: an OpenAPI 3.1 document of the REST surface, built from the routes' own JSON Schemas and
 * summaries. The spec's resources are named components referenced wherever they appear; markdown answers are
 * text/markdown; routes that take conditional headers, and JSON reads with validators, document them and the 304; every route documents
 * the rate limit's 429. Every answer declares the headers the service sends on it (RateLimit, RateLimit-Policy,
 * X-Request-Id), every operation its 500 and 503, every integer a format and a range. `redocly lint` (recommended
 * rules) and Spectral's OWASP API security ruleset (.spectral.yaml) pass on it: gateway/contract/openapi-lint.test.ts.
 */
import { JSON_CACHE_CONTROL } from "../http/json-cache-control.js";
import { NAMED_SCHEMAS, withRefs } from "./components.js";
import { bounded, originalOf } from "./input-bounds.js";
import { bodyOf, parametersOf, responsesOf, type RestRoute } from "./route-catalog.js";

const DESCRIPTIONS: Record<string, string> = {
  "200": "OK",
  "304": "Not Modified: the cached copy is current",
  "400": "Invalid parameter (ErrorResponse names it)",
  "401": "Missing or invalid X-API-Key",
  "403": "The key lacks the route's scope",
  "404": "Not found",
};

/** What every answer carries (gateway/rate-limit, lib/observability/request-context.ts). */
const ANSWER_HEADERS = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
  "X-Request-Id": { $ref: "#/components/headers/XRequestId" },
};

/**
 * Integers of an answer get what JSON can promise of them: a format and the exact range (±2^53 - 1) unless the
 * schema says more. Strings and arrays of answers are bounded by the data, so nothing is claimed for them.
 */
function withIntegerFormats(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withIntegerFormats);
  if (typeof schema !== "object" || schema === null) return schema;
  const out = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withIntegerFormats(v)]));
  const types = ([] as unknown[]).concat(out.type ?? []);
  if (!types.includes("integer") || "enum" in out || "const" in out) return out;
  // The same defaults as inputs get: only the integer part of bounded() applies to an integer schema.
  const {
    maxLength: _s,
    maxItems: _a,
    ...integer
  } = bounded({ ...out, type: "integer" }, 0) as Record<string, unknown>;
  return { ...integer, type: out.type };
}

/** What each first path segment under /api/v1 is about: the document's tags. */
const TAGS: Record<string, string> = {
  meta: "The service itself (public).",
  analysts: "The analyst catalog.",
  whiteboard: "Whiteboard research threads, their cards and reports, the topic pool and the similarity gate.",
  reports: "Daily and weekly markdown reports and the fleet-health snapshot.",
  latest: "The latest reports and the top of the leaderboard in one answer.",
  portfolios: "The paper portfolios' track record: leaderboard, metrics, daily series, tear sheets and charts.",
  feeds: "Atom and JSON Feed 1.1 feeds of the daily and weekly reports, per language.",
  search: "Semantic search over the archive.",
  factcards: "Fact-check claims and their similar claims.",
  data: "Daily shared market-data topics.",
};

export const tagOf = (route: RestRoute) => route.path.replace(/^\/api\/v1\//, "").split("/")[0]!;

/** The markdown media type; a route declares it as `{content: {"text/markdown": {schema}}}` or as a string schema. */
const MARKDOWN = "text/markdown; charset=utf-8";

function operationId(route: RestRoute): string {
  const words = route.path
    .replace(/^\/api\/v1\//, "")
    .split(/[/{}\-_.]+/)
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

const header = (name: string) => name.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase());

const headerParams = (route: RestRoute) =>
  parametersOf(route)
    .filter((p) => p.in === "header")
    .map((p) => p.name.toLowerCase());

/** The precondition a JSON read with validators answers (gateway/rest/json-validators.ts); the route schema does not declare it. */
const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  // Node refuses a request whose headers pass 16 KiB altogether, so no value is longer.
  schema: {
    type: "string",
    maxLength: 16384,
    description: "ETags of cached copies (or *); a match is answered 304 without a body.",
  },
};

const ref = (kind: "headers" | "responses", name: string) => ({ $ref: `#/components/${kind}/${name}` });

/**
 * The validators a route sends, from the preconditions it reads: If-None-Match means an ETag (and a 304),
 * If-Modified-Since a Last-Modified as well; none, none.
 */
function validatorsOf(route: RestRoute): Record<string, unknown> | undefined {
  if (route.jsonValidators)
    return { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "RevalidateCacheControl") };
  const reads = headerParams(route);
  if (!reads.includes("if-none-match")) return undefined;
  return {
    ETag: ref("headers", "ETag"),
    ...(reads.includes("if-modified-since") ? { "Last-Modified": ref("headers", "LastModified") } : {}),
    "Cache-Control": ref("headers", "CacheControl"),
  };
}

function contentOf(schema: Record<string, unknown>, names: ReadonlyMap<object, string>): Record<string, unknown> {
  const declared = schema.content as Record<string, { schema: Record<string, unknown> }> | undefined;
  if (declared) {
    return Object.fromEntries(
      Object.entries(declared).map(([type, media]) =>
        type === "text/markdown"
          ? [MARKDOWN, { schema: { type: "string" } }]
          : [type, { schema: withRefs(media.schema, names) }],
      ),
    );
  }
  if (schema.type === "string") return { [MARKDOWN]: { schema: { type: "string" } } };
  return { "application/json": { schema: withRefs(schema, names) } };
}

function responses(route: RestRoute, names: ReadonlyMap<object, string>) {
  const out: Record<string, unknown> = {};
  const validators = validatorsOf(route);
  for (const [status, schema] of Object.entries(responsesOf(route))) {
    const description = DESCRIPTIONS[status] ?? (schema.description as string | undefined) ?? "Response";
    out[status] = {
      description,
      headers: { ...(status === "200" && validators ? validators : {}), ...ANSWER_HEADERS },
      content: contentOf(schema, names),
    };
  }
  if (validators) {
    const dates =
      "Last-Modified" in validators ? " (or, without it, If-Modified-Since is not older than Last-Modified)" : "";
    out["304"] = {
      description: `Not Modified: If-None-Match matched the ETag${dates}. No body.`,
      headers: { ...validators, ...ANSWER_HEADERS },
    };
  }
  out["429"] = ref("responses", "TooManyRequests");
  out["500"] = ref("responses", "InternalError");
  out["503"] = ref("responses", "Unavailable");
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export function openApiDocument(routes: readonly RestRoute[], base: string, title: string, version: string) {
  const names = new Map<object, string>(NAMED_SCHEMAS.map(([name, schema]) => [schema, name]));
  // A named input schema the gateway bounded (input-bounds.ts) keeps its name, and the component shows the bounds.
  const shown = new Map<string, object>(NAMED_SCHEMAS.map(([name, schema]) => [name, schema]));
  for (const route of routes)
    for (const schema of [bodyOf(route), ...parametersOf(route).map((p) => p.schema)]) {
      const original = schema && originalOf.get(schema);
      const name = original && names.get(original);
      if (name) {
        names.set(schema!, name);
        shown.set(name, schema!);
      }
    }
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const route of routes) {
    const body = bodyOf(route);
    const tag = tagOf(route);
    tags.add(tag);
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: route.schema.summary ?? `${route.method} ${route.path}`,
      description: [
        route.schema.description,
        route.scope ? `Needs scope \`${route.scope}\`.` : "Public: no key needed.",
      ]
        .filter(Boolean)
        .join("\n\n"),
      tags: [tag],
      ...(route.scope ? { "x-scope": route.scope } : {}),
      security: route.public ? [] : route.feed ? [{ apiKey: [] }, { feedToken: [] }] : [{ apiKey: [] }],
      parameters: [
        ...parametersOf(route).map((p) => ({
          ...p,
          name: p.in === "header" ? header(p.name) : p.name,
          schema: withIntegerFormats(withRefs(p.schema, names)),
        })),
        ...(route.jsonValidators ? [IF_NONE_MATCH] : []),
      ],
      ...(body
        ? { requestBody: { required: true, content: { "application/json": { schema: withRefs(body, names) } } } }
        : {}),
      responses: responses(route, names),
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title,
      version,
      description:
        "The read-only REST JSON API. Every route but /api/v1/meta needs an institute key in the X-API-Key header. The tool endpoint (POST /api/mcp) is described by GET /api/contract.",
    },
    // A public API: the one audience there is (OWASP API9, inventory).
    servers: [{ url: base, "x-internal": false }],
    tags: [...tags].map((name) => ({ name, description: TAGS[name] ?? name })),
    components: {
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "An institute API key (sk_ins_…)" },
        feedToken: {
          type: "apiKey",
          in: "query",
          name: "token",
          description:
            "Feeds only: a feed token, an institute key whose one scope is feeds:read (npm run keys -- mint --scopes feeds:read), for feed readers that cannot send headers. Any other key in the URL is refused; tokens are never logged, expire, rotate and are revoked like every key.",
        },
      },
      schemas: Object.fromEntries(
        NAMED_SCHEMAS.map(([name]) => [name, withIntegerFormats(withRefs(shown.get(name)!, names, shown.get(name)!))]),
      ),
      headers: {
        ETag: { description: "Strong validator: the body's SHA-256 in quotes.", schema: { type: "string" } },
        LastModified: { description: "When the document was archived (HTTP date).", schema: { type: "string" } },
        CacheControl: { description: "private, max-age=60, must-revalidate", schema: { type: "string" } },
        RevalidateCacheControl: {
          description: `${JSON_CACHE_CONTROL}: a cache may keep the answer but must revalidate it (If-None-Match) before each use.`,
          schema: { type: "string" },
        },
        RetryAfter: {
          description: "Seconds until a request would be admitted (or, on a 503, until the service may be back).",
          schema: { type: "integer", format: "int32", minimum: 0, maximum: 86400 },
        },
        RateLimit: {
          description:
            'The caller\'s bucket after this request (IETF RateLimit header fields): `"<policy>";r=<remaining>;t=<seconds until full>`. Sent on every answer of a rate-limited route while RATE_LIMIT_ENABLED is true.',
          schema: { type: "string", maxLength: 256 },
        },
        RateLimitPolicy: {
          description: 'The policy applied: `"<policy>";q=<burst>;w=<window seconds>` (docs/access-control.md).',
          schema: { type: "string", maxLength: 256 },
        },
        XRequestId: {
          description:
            "This request's id, in every log line it caused on every process (the caller's own X-Request-Id when it sent a usable one).",
          schema: { type: "string", maxLength: 128 },
        },
      },
      responses: {
        TooManyRequests: {
          description: "The credential (or, on public routes, the client address) is over its rate limit.",
          headers: { "Retry-After": ref("headers", "RetryAfter"), ...ANSWER_HEADERS },
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } },
        },
        InternalError: {
          description: "An unexpected fault, logged under the answer's X-Request-Id (quote it when reporting).",
          headers: { "X-Request-Id": ref("headers", "XRequestId") },
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } },
        },
        Unavailable: {
          description: "A service or the database is unreachable for now; retry after Retry-After seconds.",
          headers: { "Retry-After": ref("headers", "RetryAfter"), "X-Request-Id": ref("headers", "XRequestId") },
          content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorResponse" } } },
        },
      },
    },
    paths,
  };
}
