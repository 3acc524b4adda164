/**
 * The governor as its own process (cluster mode; any number of replicas): `tsx governor/main.ts`. It serves
 * GovernorService (the queue pulse) over HTTP/2 on PORT, runs on NATS at NATS_URL (in-process bus without), and
 * submits to the relay at RELAY_URL (without it, a relay simulator in this process, for trials). CALLBACK_URL must
 * name the gateway's /relay/callback, as no gateway runs here. build() assembles it; listening happens only when
 * run directly, and SIGTERM stops the governor, closes the server, the bus (drain) and the pools in that order.
 */
import { hostname } from "node:os";
import { pathToFileURL } from "node:url";
import type { Bus } from "../lib/bus/bus.js";
import { openBus } from "../lib/bus/open-bus.js";
import { ConfigError, loadConfig, type Config } from "../lib/config.js";
import { openDatabase, type Database } from "../lib/db/database.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import type { Embedder } from "../lib/embedding/embedder.js";
import { buildServiceServer } from "../services/server.js";
import { startRelaySimulator, type RelaySimulator } from "../test/relay-simulator/simulator.js";
import { createGovernor, type Governor } from "./governor.js";
import { governorRoutes } from "./pulse/routes.js";
import { createHttpRelayClient } from "./relay/http-relay-client.js";

export interface BuildOptions {
  config?: Config;
  /** An open database (tests); otherwise one is opened from the configuration and closed with the process. */
  db?: Pick<Database, "owner"> & { close?: () => Promise<void> };
  bus?: Bus;
  embedder?: Embedder;
  now?: () => number;
  namespace?: string;
  cron?: boolean;
}

export async function build(options: BuildOptions = {}) {
  const config = options.config ?? loadConfig();
  if (!config.relay.callbackUrl) throw new ConfigError("CALLBACK_URL", "is required when the governor runs on its own (the gateway's /relay/callback)");
  if (!config.relay.url && !config.relay.signingSecret) {
    throw new ConfigError("RELAY_SIGNING_SECRET", "is required when the governor runs on its own (the gateway verifies with it)");
  }
  const now = options.now ?? Date.now;
  const db = options.db ?? (await openDatabase(config));
  const server = await buildServiceServer(governorRoutes({ db: db.owner, enabledByConfig: config.governor.enabled, now }), {
    logger: { level: config.logLevel },
  });
  const log = server.log;
  const bus = options.bus ?? (await openBus({ natsUrl: config.natsUrl, namespace: options.namespace, name: `governor-${hostname()}-${process.pid}`, log, now }));
  let simulator: RelaySimulator | null = null;
  let relayUrl = config.relay.url;
  if (!relayUrl) {
    simulator = await startRelaySimulator({
      signingSecret: config.relay.signingSecret!,
      relayName: config.relay.name,
      behaviour: { autoComplete: { minMs: 5_000, maxMs: 60_000, failRate: 0.1 } },
      log: (line) => log.info({}, line),
    });
    relayUrl = simulator.url;
  }
  const governor: Governor = createGovernor({
    db: db.owner,
    bus,
    relay: createHttpRelayClient({ baseUrl: relayUrl, now }),
    embedder: options.embedder ?? createHashedNgramEmbedder(),
    now,
    log,
    enabledByConfig: config.governor.enabled,
    thresholds: config.governor.similarity,
    callbackUrl: config.relay.callbackUrl,
    cron: options.cron,
  });
  await governor.start();
  return {
    server,
    governor,
    bus,
    async close() {
      await governor.stop();
      await server.close();
      await simulator?.close();
      if (!options.bus) await bus.close();
      if (!options.db) await db.close?.();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  build()
    .then(async (g) => {
      const config = loadConfig();
      await g.server.listen({ port: config.port, host: config.host });
      let stopping = false;
      const stop = async (signal: string) => {
        if (stopping) return;
        stopping = true;
        g.server.log.info({ signal }, "governor shutting down");
        await g.close();
        process.exit(0);
      };
      process.on("SIGTERM", () => void stop("SIGTERM"));
      process.on("SIGINT", () => void stop("SIGINT"));
    })
    .catch((e) => {
      process.stderr.write(e instanceof ConfigError ? `${e.message}\n` : `governor failed to start: ${(e as Error).stack}\n`);
      process.exit(1);
    });
}
