/**
 * Structured JSON logs (pino) for every process, with the same rules everywhere: one `name` per process, the request
 * id as `reqId`, and no credential ever written. Headers that carry one (Authorization, X-API-Key, cookies, any
 * X-<Relay>-Signature), and a feed token in a URL's query string, are censored wherever they appear: in the request
 * serializer (by pattern, so any RELAY_NAME is covered) and by pino's redaction for objects a handler might log by hand.
 */
import type { FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";

export const CENSOR = "[Redacted]";

const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]);

/** True for a header that carries a credential or a signature. */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_HEADERS.has(lower) || /^x-[a-z0-9-]+-signature$/.test(lower);
}

/** A copy of the headers with every credential censored. */
export function safeHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, isSecretHeader(k) ? CENSOR : v]));
}

const HEADER_PATHS = [
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-api-key",
  "x-relay-signature",
].flatMap((h) => {
  const key = /^[a-z]+$/.test(h) ? `.${h}` : `["${h}"]`;
  return [`req.headers${key}`, `headers${key}`, `request.headers${key}`, `res.headers${key}`, `*.headers${key}`];
});

/** Where a credential could sit in an object logged by hand; pino replaces it with the censor. */
export function redactPaths(relayName = "Relay"): string[] {
  const signature = `x-${relayName.toLowerCase()}-signature`;
  const extra =
    signature === "x-relay-signature"
      ? []
      : [`req.headers["${signature}"]`, `headers["${signature}"]`, `*.headers["${signature}"]`];
  return [
    ...HEADER_PATHS,
    ...extra,
    "apiKey",
    "*.apiKey",
    "signingSecret",
    "*.signingSecret",
    "token",
    "*.token",
    "password",
    "*.password",
  ];
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id: the caller's X-Request-Id when it is a plain token, otherwise a fresh UUID. */
export function requestIdOf(req: IncomingMessage | { headers: IncomingMessage["headers"] }): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters that may carry a credential: a feed token (gateway/auth/feed-token.ts), or any caller's mistake. */
const SECRET_PARAMS = /([?&](?:token|access_token|api_key|apikey|key)=)[^&#]*/gi;

/** The URL with every credential-bearing query value censored. */
export const safeUrl = (url: string) => url.replace(SECRET_PARAMS, `$1${CENSOR}`);

function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === "string" ? safeUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    userAgent: req.headers?.["user-agent"],
  };
}

export interface LogSettings {
  level: string;
  /** The process: gateway, governor, catalog, … (each line carries it). */
  name: string;
  relayName?: string;
  /** Where lines go (tests capture them); default standard output. */
  stream?: DestinationStream;
}

/** pino options shared by every process; fastify takes them as `logger`. */
export function loggerOptions(settings: LogSettings): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: settings.level,
    name: settings.name,
    redact: { paths: redactPaths(settings.relayName), censor: CENSOR },
    serializers: { req: requestSerializer as never },
    ...(settings.stream ? { stream: settings.stream } : {}),
  };
}

/** A pino logger for code that runs outside a fastify instance (the launcher, workers). */
export function createLogger(settings: LogSettings): Logger {
  const { stream, ...options } = loggerOptions(settings);
  return stream ? pino(options, stream) : pino(options);
}
