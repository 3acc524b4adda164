/** An all-in-one gateway over a test database, and API keys minted straight into it. */
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildAllInOne } from "../../app/all-in-one.js";
import { loadConfig, type Config } from "../../lib/config/config.js";
import type { UsageRecorder } from "../../lib/usage/usage-recorder.js";
import { mintKey } from "../../gateway/auth/key-admin.js";
import type { ToolDefinition } from "../../gateway/mcp/tool.js";
import type { RelayCallbackOptions } from "../../gateway/relay/callback-route.js";
import { createTestDatabase, type TestDatabase } from "./test-database.js";

export interface TestGateway {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  /** Mints an institute key holding exactly these scopes. */
  key(scopes: string[]): Promise<string>;
  close(): Promise<void>;
}

export async function startTestGateway(
  options: {
    now?: () => number;
    env?: Record<string, string>;
    fill?: (db: TestDatabase) => Promise<void>;
    tools?: ToolDefinition[];
    /** Counts usage (flushMs 0: the test calls flush()); absent, nothing is counted. */
    usage?: (db: TestDatabase) => UsageRecorder;
    /** Mounts POST /relay/callback on this inbox; absent, the route is not mounted. */
    relayCallbacks?: (db: TestDatabase) => RelayCallbackOptions;
  } = {},
): Promise<TestGateway> {
  const db = await createTestDatabase(inject("adminUrl"));
  await options.fill?.(db);
  const config = loadConfig({ LOG_LEVEL: "silent", KEY_CACHE_SECONDS: "0", ...options.env });
  const usage = options.usage;
  const app = await buildAllInOne({
    config,
    db,
    now: options.now,
    tools: options.tools,
    usage: usage && (() => usage(db)),
    relayCallbacks: options.relayCallbacks?.(db),
  });
  await app.ready();
  return {
    app,
    db,
    config,
    key: async (scopes) => (await mintKey(db.owner, { name: `test-${scopes.join("+")}`, scopes })).key,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

/** Another gateway replica over the same test database (its own read cache and listener); closed by the caller. */
export async function startReplica(
  gw: TestGateway,
  options: {
    now?: () => number;
    env?: Record<string, string>;
    relayCallbacks?: (db: TestDatabase) => RelayCallbackOptions;
  } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: "silent", KEY_CACHE_SECONDS: "0", ...options.env });
  const app = await buildAllInOne({
    config,
    db: gw.db,
    now: options.now,
    relayCallbacks: options.relayCallbacks?.(gw.db),
  });
  await app.ready();
  return app;
}

/** Resolves once the gateway's read cache listens for changes (it serves nothing before); at once when it is off. */
export async function readCacheLive(app: FastifyInstance, deadlineMs = 10_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (app.readCache && !app.readCache.store.live) {
    if (Date.now() > until) throw new Error("the read cache did not start listening");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
