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
  ])("stops on %o with one line naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
