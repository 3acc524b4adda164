import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe("127.0.0.1");
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith("/.data")).toBe(true);
    expect(c.seedDemo).toBe(true);
    expect(c.usage).toEqual({ enabled: true, flushMs: 10_000, dailyDueAt: { hour: 9, minute: 0 } });
  });

  it("reads the usage settings", () => {
    const c = loadConfig({ USAGE_ENABLED: "false", USAGE_FLUSH_MS: "2500", DAILY_DUE_AT: "17:30" });
    expect(c.usage).toEqual({ enabled: false, flushMs: 2500, dailyDueAt: { hour: 17, minute: 30 } });
  });

  it("reads SEED_DEMO=false as starting without the demo dataset", () => {
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: "eighty" }, 'configuration: PORT must be a whole number from 0 to 65535, got "eighty"'],
    [{ PORT: "70000" }, 'configuration: PORT must be a whole number from 0 to 65535, got "70000"'],
    [
      { DATABASE_URL: "mysql://x/y" },
      "configuration: DATABASE_URL must be a postgres:// or postgresql:// URL, got mysql:",
    ],
    [{ DATABASE_URL: "postgres://localhost" }, "configuration: DATABASE_URL must name a database"],
    [{ DATABASE_URL: "not a url" }, "configuration: DATABASE_URL is not a URL"],
    [{ SEED_DEMO: "maybe" }, 'configuration: SEED_DEMO must be true or false, got "maybe"'],
    [{ LOG_LEVEL: "loud" }, "configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent"],
    [{ DAILY_DUE_AT: "9am" }, 'configuration: DAILY_DUE_AT must be a time of day HH:MM (Asia/Singapore), got "9am"'],
    [
      { DAILY_DUE_AT: "24:00" },
      'configuration: DAILY_DUE_AT must be a time of day HH:MM (Asia/Singapore), got "24:00"',
    ],
    [{ USAGE_FLUSH_MS: "50" }, 'configuration: USAGE_FLUSH_MS must be a whole number from 100 to 3600000, got "50"'],
    [{ USAGE_ENABLED: "maybe" }, 'configuration: USAGE_ENABLED must be true or false, got "maybe"'],
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
