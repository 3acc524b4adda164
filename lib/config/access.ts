/**
 * Configuration of access control on the public surface and beside it, read from the environment by lib/config/config.ts:
 * per-credential rate limits (RATE_LIMIT_*), which proxies may name the client address (TRUST_PROXY), and the
 * operator's admin listener and console (ADMIN_TOKEN_SHA256, ADMIN_HOST, ADMIN_PORT, CONSOLE_SESSION_MINUTES,
 * CONSOLE_LINK_MINUTES). Each bad value is reported through
 * `env.fail(variable, problem)`, so start-up stops with one line.
 */
import { isIP } from "node:net";
import type { EnvReader } from "./env.js";

/** Who a request is counted against: the credential it was authenticated with, or (public routes) its client address. */
export const RATE_LIMIT_KINDS = ["api_key", "peer", "oauth", "anonymous"] as const;
export type RateLimitKind = (typeof RATE_LIMIT_KINDS)[number];

/** A token bucket: `burst` requests at once, refilled at `perMinute` a minute. */
export interface RateLimitPolicy {
  /** The policy's name in the RateLimit-Policy and RateLimit headers. */
  name: string;
  perMinute: number;
  burst: number;
}

export interface RateLimitConfig {
  enabled: boolean;
  policies: Record<RateLimitKind, RateLimitPolicy>;
}

export interface AdminConfig {
  /** SHA-256 (lowercase hex) of the operator token; the token itself is never configured. Null: no operator token
   * (the admin JSON routes refuse everything, and the console opens only with a one-time sign-in link). */
  tokenSha256: string | null;
  host: string;
  port: number;
  /** How long a console session lasts from sign-in (CONSOLE_SESSION_MINUTES), milliseconds. */
  sessionMs: number;
  /** How long a one-time sign-in link stays valid (CONSOLE_LINK_MINUTES), milliseconds. */
  linkMs: number;
}

/** Fastify's trustProxy: false, true (any), a hop count, or the addresses/CIDRs of the trusted proxies. */
export type TrustProxy = boolean | number | string[];

export interface AccessConfig {
  rateLimit: RateLimitConfig;
  /** Failed authentications a client address may make (AUTH_FAILURE_BURST, refilled at AUTH_FAILURE_PER_MINUTE; 0: off),
   * and how long its 429 is held once it has made them (AUTH_FAILURE_HOLD_MS). */
  authFailures: { perMinute: number; burst: number; holdMs: number };
  trustProxy: TrustProxy;
  /** The admin listener: `npm start` always opens it; a cluster's gateway only with ADMIN_TOKEN_SHA256. */
  admin: AdminConfig;
}

export const DEFAULT_PER_MINUTE = 600;
export const DEFAULT_ADMIN_PORT = 8081;
/** Hundreds of honest mistakes a minute still see their 401s; a flood of random credentials is cut after that many. */
export const DEFAULT_AUTH_FAILURES = 600;
/** A throttled address waits this long for each 429, so a flood that retries at once sends one request a second per connection. */
export const DEFAULT_AUTH_FAILURE_HOLD_MS = 1000;
const MAX_AUTH_FAILURE_HOLD_MS = 10_000;
const MAX_RATE = 1_000_000;

const POLICY_NAMES: Record<RateLimitKind, string> = {
  api_key: "institute-key",
  peer: "peer",
  oauth: "oauth",
  anonymous: "anonymous",
};

function rateLimitConfig(env: EnvReader): RateLimitConfig {
  const perMinute = env.whole("RATE_LIMIT_PER_MINUTE", DEFAULT_PER_MINUTE, 1, MAX_RATE);
  const burst = env.text("RATE_LIMIT_BURST") === undefined ? undefined : env.whole("RATE_LIMIT_BURST", 0, 1, MAX_RATE);
  const policies = Object.fromEntries(
    RATE_LIMIT_KINDS.map((kind) => {
      const own = env.whole(`RATE_LIMIT_PER_MINUTE_${kind.toUpperCase()}`, perMinute, 1, MAX_RATE);
      return [kind, { name: POLICY_NAMES[kind], perMinute: own, burst: burst ?? own }];
    }),
  ) as Record<RateLimitKind, RateLimitPolicy>;
  return { enabled: env.bool("RATE_LIMIT_ENABLED", true), policies };
}

function trustProxy(env: EnvReader): TrustProxy {
  const raw = env.text("TRUST_PROXY");
  if (raw === undefined || ["false", "0", "no", "off"].includes(raw.toLowerCase())) return false;
  if (raw.toLowerCase() === "true") return true;
  if (/^\d+$/.test(raw)) {
    if (Number(raw) > 16) throw env.fail("TRUST_PROXY", `must be at most 16 hops, got ${raw}`);
    return Number(raw);
  }
  const list = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const maxBits = family === 6 ? 128 : 32;
    if (!family || extra !== undefined || (bits !== undefined && (!/^\d+$/.test(bits) || Number(bits) > maxBits))) {
      throw env.fail(
        "TRUST_PROXY",
        `holds "${entry}", which is not an address or CIDR (or use true, false or a hop count)`,
      );
    }
  }
  return list;
}

export const DEFAULT_SESSION_MINUTES = 480;
export const DEFAULT_LINK_MINUTES = 5;

function adminConfig(env: EnvReader, publicPort: number): AdminConfig {
  if (env.text("ADMIN_TOKEN") !== undefined) {
    throw env.fail(
      "ADMIN_TOKEN",
      'is not read: set ADMIN_TOKEN_SHA256 to the token\'s SHA-256 instead (printf %s "$TOKEN" | sha256sum)',
    );
  }
  const digest = env.text("ADMIN_TOKEN_SHA256")?.toLowerCase() ?? null;
  if (digest !== null && !/^[0-9a-f]{64}$/.test(digest))
    throw env.fail("ADMIN_TOKEN_SHA256", "must be 64 hex digits: the SHA-256 of the operator token");
  const port = env.whole("ADMIN_PORT", DEFAULT_ADMIN_PORT, 0, 65535);
  if (port !== 0 && port === publicPort)
    throw env.fail("ADMIN_PORT", `must differ from PORT (${publicPort}): the admin listener is never the public one`);
  return {
    tokenSha256: digest,
    host: env.text("ADMIN_HOST") ?? "127.0.0.1",
    port,
    sessionMs: env.whole("CONSOLE_SESSION_MINUTES", DEFAULT_SESSION_MINUTES, 1, 7 * 24 * 60) * 60_000,
    linkMs: env.whole("CONSOLE_LINK_MINUTES", DEFAULT_LINK_MINUTES, 1, 15) * 60_000,
  };
}

/** TRUST_PROXY as fastify's trustProxy option (whose types take no hop count: a count becomes its function). */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === "number" ? (_address, hop) => hop < value : value;
}

export function readAccessConfig(env: EnvReader, publicPort: number): AccessConfig {
  const perMinute = env.whole("AUTH_FAILURE_PER_MINUTE", DEFAULT_AUTH_FAILURES, 0, MAX_RATE);
  const authFailures = {
    perMinute,
    burst: env.whole("AUTH_FAILURE_BURST", perMinute || 1, 1, MAX_RATE),
    holdMs: env.whole("AUTH_FAILURE_HOLD_MS", DEFAULT_AUTH_FAILURE_HOLD_MS, 0, MAX_AUTH_FAILURE_HOLD_MS),
  };
  return {
    rateLimit: rateLimitConfig(env),
    authFailures,
    trustProxy: trustProxy(env),
    admin: adminConfig(env, publicPort),
  };
}
