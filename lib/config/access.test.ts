/** RATE_LIMIT_*, TRUST_PROXY and ADMIN_*: defaults, overrides, and one clear line for each bad value. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const digest = "a".repeat(64);

describe("access configuration", () => {
  it("has generous defaults, no trusted proxy and no operator token", () => {
    const { access } = loadConfig({});
    expect(access.rateLimit.enabled).toBe(true);
    expect(access.rateLimit.policies.api_key).toEqual({ name: "institute-key", perMinute: 600, burst: 600 });
    expect(access.rateLimit.policies.anonymous).toEqual({ name: "anonymous", perMinute: 600, burst: 600 });
    expect(access.trustProxy).toBe(false);
    expect(access.admin).toEqual({
      tokenSha256: null,
      host: "127.0.0.1",
      port: 8081,
      sessionMs: 480 * 60_000,
      linkMs: 5 * 60_000,
    });
  });

  it("reads a rate, a burst and per-kind overrides", () => {
    const { rateLimit } = loadConfig({
      RATE_LIMIT_PER_MINUTE: "120",
      RATE_LIMIT_PER_MINUTE_ANONYMOUS: "30",
      RATE_LIMIT_ENABLED: "false",
    }).access;
    expect(rateLimit.enabled).toBe(false);
    expect(rateLimit.policies.peer).toEqual({ name: "peer", perMinute: 120, burst: 120 });
    expect(rateLimit.policies.anonymous).toEqual({ name: "anonymous", perMinute: 30, burst: 30 });
    expect(loadConfig({ RATE_LIMIT_BURST: "10" }).access.rateLimit.policies.oauth).toEqual({
      name: "oauth",
      perMinute: 600,
      burst: 10,
    });
  });

  it("throttles failed authentications at 600 a minute by default, holding each 429 for a second", () => {
    expect(loadConfig({}).access.authFailures).toEqual({ perMinute: 600, burst: 600, holdMs: 1000 });
    expect(loadConfig({ AUTH_FAILURE_HOLD_MS: "0" }).access.authFailures.holdMs).toBe(0);
    expect(() => loadConfig({ AUTH_FAILURE_HOLD_MS: "60000" })).toThrow(
      'configuration: AUTH_FAILURE_HOLD_MS must be a whole number from 0 to 10000, got "60000"',
    );
  });

  it("reads TRUST_PROXY as false, true, a hop count or a list of addresses", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).access.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).access.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, ::1" }).access.trustProxy).toEqual(["10.0.0.0/8", "::1"]);
  });

  it("reads the operator token's digest, the admin listener's address and the console's session and link lives", () => {
    expect(loadConfig({ ADMIN_TOKEN_SHA256: digest.toUpperCase() }).access.admin.tokenSha256).toBe(digest);
    expect(
      loadConfig({
        ADMIN_TOKEN_SHA256: digest,
        ADMIN_HOST: "0.0.0.0",
        ADMIN_PORT: "9000",
        CONSOLE_SESSION_MINUTES: "60",
        CONSOLE_LINK_MINUTES: "2",
      }).access.admin,
    ).toEqual({ tokenSha256: digest, host: "0.0.0.0", port: 9000, sessionMs: 3_600_000, linkMs: 120_000 });
    expect(loadConfig({ ADMIN_PORT: "9000" }).access.admin.port).toBe(9000);
  });

  it.each([
    [
      { RATE_LIMIT_PER_MINUTE: "0" },
      'configuration: RATE_LIMIT_PER_MINUTE must be a whole number from 1 to 1000000, got "0"',
    ],
    [
      { RATE_LIMIT_BURST: "lots" },
      'configuration: RATE_LIMIT_BURST must be a whole number from 1 to 1000000, got "lots"',
    ],
    [
      { RATE_LIMIT_PER_MINUTE_PEER: "1.5" },
      'configuration: RATE_LIMIT_PER_MINUTE_PEER must be a whole number from 1 to 1000000, got "1.5"',
    ],
    [{ RATE_LIMIT_ENABLED: "maybe" }, 'configuration: RATE_LIMIT_ENABLED must be true or false, got "maybe"'],
    [
      { TRUST_PROXY: "proxy.internal" },
      'configuration: TRUST_PROXY holds "proxy.internal", which is not an address or CIDR',
    ],
    [{ TRUST_PROXY: "10.0.0.0/33" }, 'configuration: TRUST_PROXY holds "10.0.0.0/33"'],
    [
      { ADMIN_TOKEN: "secret" },
      "configuration: ADMIN_TOKEN is not read: set ADMIN_TOKEN_SHA256 to the token's SHA-256 instead",
    ],
    [
      { ADMIN_TOKEN_SHA256: "abc" },
      "configuration: ADMIN_TOKEN_SHA256 must be 64 hex digits: the SHA-256 of the operator token",
    ],
    [
      { CONSOLE_LINK_MINUTES: "60" },
      'configuration: CONSOLE_LINK_MINUTES must be a whole number from 1 to 15, got "60"',
    ],
    [{ PORT: "8081" }, "configuration: ADMIN_PORT must differ from PORT (8081)"],
    [
      { ADMIN_TOKEN_SHA256: digest, ADMIN_PORT: "8080" },
      "configuration: ADMIN_PORT must differ from PORT (8080): the admin listener is never the public one",
    ],
    [{ ADMIN_TOKEN_SHA256: digest, PORT: "8081" }, "configuration: ADMIN_PORT must differ from PORT (8081)"],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
