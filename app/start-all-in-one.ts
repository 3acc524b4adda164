/**
 * `npm start`'s process: the all-in-one service. With no DATABASE_URL it runs embedded PostgreSQL under DATA_DIR;
 * a first start on an empty database loads the demo dataset (unless SEED_DEMO=false); then every vector is embedded,
 * a demo key minted, the governor started in process, and the public, internal and admin listeners opened.
 */
import { startAdminListener } from "../admin/admin-app.js";
import { mintDemoKey } from "../gateway/auth/demo-key.js";
import { openRateLimiter } from "./compose/open-rate-limiter.js";
import { openUsageRecorder } from "./compose/open-usage-recorder.js";
import { governorMetrics } from "../governor/governor-metrics.js";
import type { Config } from "../lib/config/config.js";
import { openDatabase } from "../lib/db/database.js";
import { listenOrExplain } from "../lib/net/listen-error.js";
import { createSignInLink } from "../admin/console/session/session-store.js";
import { writeFleetHealthSnapshot } from "../governor/fleet-health/write-snapshot.js";
import type { Governor } from "../governor/governor.js";
import { serviceFacts } from "./compose/admin-listener.js";
import { startInternalServer, type InternalServer } from "../lib/observability/internal-server.js";
import { loggerOptions } from "../lib/observability/logger.js";
import { createMetrics } from "../lib/observability/metrics.js";
import { poolCheck } from "../lib/observability/readiness.js";
import { isEmpty, seedDemoData } from "../demo-data/index.js";
import { startEmbedding } from "../services/embedding/embed-at-start.js";
import { composeAllInOne } from "./all-in-one.js";
import { localCallbackUrl, prepareInProcessGovernor } from "./governor-in-process.js";

export interface RunningAllInOne {
  url: string;
  /** A key holding every read scope, replaced at each start. */
  demoKey: string;
  adminUrl: string | undefined;
  /** The console's one-time sign-in link (works once, for CONSOLE_LINK_MINUTES), when the admin listener is up. */
  signInLink: string | undefined;
  internalUrl: string | undefined;
  /** Closes the listeners, the governor and the database, in that order. */
  stop(): Promise<void>;
}

export async function startAllInOne(config: Config, say: (line: string) => void): Promise<RunningAllInOne> {
  say(config.databaseUrl ? "connecting to DATABASE_URL" : `starting embedded PostgreSQL in ${config.dataDir}`);
  const db = await openDatabase(config, config.logLevel === "debug" || config.logLevel === "trace" ? say : () => {});
  if (await isEmpty(db.owner)) {
    if (config.seedDemo) {
      say("empty database: loading the demo dataset");
      const counts = await seedDemoData(db.owner, { seed: 1, scale: 1, asOf: Date.now() });
      say(`loaded ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
    } else {
      say(
        "empty database, SEED_DEMO=false: starting without the demo dataset (load your own with npm run import -- DIR)",
      );
    }
  }
  // Vectors of every document and fact card for the configured model (a changed model re-embeds everything).
  const embedding = await startEmbedding(db.owner, config.search, say);
  const demoKey = await mintDemoKey(db.owner);
  // The governor runs in this process; its callback inbox is the gateway's POST /relay/callback.
  // Prometheus metrics, /healthz and /readyz on the internal listener (METRICS_PORT), as every cluster process has.
  const metrics = createMetrics({ process: "all-in-one", defaults: true });
  metrics.observePool("owner", db.owner);
  const governor = await prepareInProcessGovernor({
    config,
    owner: db.owner,
    reader: db.reader,
    observer: governorMetrics(metrics.registry),
  });
  const { app, readiness } = await composeAllInOne({
    config,
    db,
    logger: loggerOptions({ level: config.logLevel, name: "all-in-one", relayName: config.relay.name }),
    metrics,
    checks: { "database:owner": poolCheck(db.owner) },
    indexesInBackground: true,
    relayCallbacks: governor.relayCallbacks,
    governorRoutes: governor.pulseRoutes,
    rateLimits: (log) => openRateLimiter({ config: config.access.rateLimit, databaseUrl: db.ownerUrl, log }),
    usage: (log) => openUsageRecorder({ config: config.usage, databaseUrl: db.ownerUrl, log }),
  });
  let admin: Awaited<ReturnType<typeof startAdminListener>>;
  let internal: InternalServer | null = null;

  const stop = async () => {
    embedding.stop();
    await governor.close();
    await admin?.app.close();
    await app.close();
    await internal?.close();
    await db.close();
  };

  await listenOrExplain(
    () => app.listen({ port: config.port, host: config.host }),
    { host: "HOST", port: "PORT" },
    config.host,
    config.port,
  );
  const { port } = app.server.address() as { port: number };
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  // Not fatal here (a second npm start on one machine): the service runs without it, and says so.
  internal = await startInternalServer({
    host: config.host,
    port: config.cluster.metricsPort,
    registry: metrics.registry,
    readiness,
  }).catch((e: Error) => {
    say(`internal listener (METRICS_PORT ${config.cluster.metricsPort}) not started: ${e.message}`);
    return null;
  });
  // The console and the admin routes, on their own listener (ADMIN_HOST:ADMIN_PORT), always on here. Not fatal (a
  // second npm start on one machine): the service runs without it, and says so.
  let running: Governor | undefined;
  admin = await startAdminListener({
    config,
    owner: db.owner,
    logger: loggerOptions({ level: config.logLevel, name: "all-in-one-admin" }),
    always: true,
    writeFleetHealth: (request) =>
      running
        ? running.writeFleetHealth(request)
        : writeFleetHealthSnapshot(
            { db: db.owner, relay: null, now: Date.now, relayUnavailable: "the governor has not started yet" },
            request,
          ),
    service: serviceFacts({ mode: "all-in-one", readiness, registry: metrics.registry }),
  }).catch((e: Error) => {
    say(
      `admin listener (ADMIN_HOST:ADMIN_PORT ${config.access.admin.host}:${config.access.admin.port}) not started: ${e.message}`,
    );
    return undefined;
  });
  const signInLink = admin
    ? `${admin.url}/sign-in/link?token=${await createSignInLink(db.owner, { now: Date.now(), lifetimeMs: config.access.admin.linkMs })}`
    : undefined;
  running = await governor.start({
    callbackUrl: config.relay.callbackUrl ?? localCallbackUrl(config.host, port),
    log: app.log.child({ component: "governor" }),
  });
  return {
    url: `http://${host}:${port}`,
    demoKey,
    adminUrl: admin?.url,
    signInLink,
    internalUrl: internal ? `http://${host}:${internal.port}` : undefined,
    stop,
  };
}
