/** Configuration of the cluster topology: service addresses, the internal listener, shutdown, NATS namespace, cursors. */
import { describe, expect, it } from "vitest";
import { build as buildGateway } from "./gateway.js";
import { build as buildService } from "./service-group.js";
import { loadConfig } from "../lib/config/config.js";

const services = {
  CATALOG_SERVICE_URL: "http://catalog:8080",
  REPORTS_SERVICE_URL: "http://reports:8080",
  PORTFOLIO_SERVICE_URL: "http://portfolio:8080",
  SEARCH_SERVICE_URL: "http://search:8080",
  FACTCARD_SERVICE_URL: "http://factcard:8080/",
};

describe("cluster configuration", () => {
  it("has the documented defaults", () => {
    expect(loadConfig({}).cluster).toEqual({
      serviceUrls: {
        catalog: undefined,
        reports: undefined,
        portfolio: undefined,
        search: undefined,
        factcard: undefined,
        governor: undefined,
      },
      metricsPort: 9464,
      shutdownTimeoutMs: 10_000,
      natsNamespace: "",
      cursorSecret: undefined,
    });
    expect(loadConfig(services).cluster.serviceUrls.factcard).toBe("http://factcard:8080");
  });

  it.each([
    [
      { CATALOG_SERVICE_URL: "catalog:8080" },
      "configuration: CATALOG_SERVICE_URL must be an http:// or https:// URL, got catalog:",
    ],
    [
      { SEARCH_SERVICE_URL: "not a url" },
      'configuration: SEARCH_SERVICE_URL is not a URL (expected http://host:port), got "not a url"',
    ],
    [
      { GOVERNOR_SERVICE_URL: "http://u:p@governor:8080" },
      "configuration: GOVERNOR_SERVICE_URL must not carry a query, fragment or credentials",
    ],
    [{ METRICS_PORT: "70000" }, 'configuration: METRICS_PORT must be a whole number from 0 to 65535, got "70000"'],
    [
      { SHUTDOWN_TIMEOUT_MS: "soon" },
      'configuration: SHUTDOWN_TIMEOUT_MS must be a whole number from 0 to 600000, got "soon"',
    ],
    [{ NATS_NAMESPACE: "a.b" }, 'configuration: NATS_NAMESPACE must be at most 64 letters, digits, _ or -, got "a.b"'],
    [{ CURSOR_SECRET: "short" }, "configuration: CURSOR_SECRET must be at least 16 characters"],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("the gateway and the services refuse to start alone without what they need, naming it", async () => {
    await expect(buildGateway({ config: loadConfig({}) })).rejects.toThrow(
      "configuration: CATALOG_SERVICE_URL is required when the gateway runs on its own (cluster mode)",
    );
    const { FACTCARD_SERVICE_URL: _omitted, ...four } = services;
    await expect(buildGateway({ config: loadConfig(four) })).rejects.toThrow(
      "configuration: FACTCARD_SERVICE_URL is required",
    );
    await expect(buildGateway({ config: loadConfig(services) })).rejects.toThrow(
      "configuration: DATABASE_URL is required when the gateway runs on its own",
    );
    const withDb = {
      ...services,
      DATABASE_URL: "postgres://x@db/institute",
      DATABASE_READER_URL: "postgres://r@db/institute",
    };
    await expect(buildGateway({ config: loadConfig(withDb) })).rejects.toThrow(
      "configuration: NATS_URL is required when the gateway runs on its own",
    );
    await expect(buildGateway({ config: loadConfig({ ...withDb, NATS_URL: "nats://nats:4222" }) })).rejects.toThrow(
      "configuration: RELAY_SIGNING_SECRET is required",
    );
    await expect(buildService({ group: "catalog", config: loadConfig({}) })).rejects.toThrow(
      "configuration: DATABASE_READER_URL is required when a service runs on its own",
    );
  });
});
