/**
 * What each process of the cluster must find in its environment when it runs on its own, checked by its entry point
 * at start (the first variable missing stops it with one line naming it). One table for the code and the deployment:
 * test/deploy/manifests.test.ts runs the same check on the environment each compose service and each Kubernetes
 * container is given, so a variable a process comes to require fails that test until every deployment gives it.
 * `migrate` is the deployment's alone: `npm run db -- migrate` also runs against the embedded server, the image cannot.
 */
import { requireServiceUrls } from "../../lib/config/cluster.js";
import { ConfigError, type Config } from "../../lib/config/config.js";
import { SERVICE_GROUPS } from "../../services/groups.js";
import type { ProcessName } from "./topology.js";

/** What a test hands a process instead of opening it from the environment. */
export interface Injected {
  /** Open database pools. */
  db?: boolean;
  /** A bus. */
  bus?: boolean;
}

const missing = (variable: string, who: string, why: string) =>
  new ConfigError(variable, `is required when ${who} runs on its own (${why})`);

const CHECKS: Record<ProcessName | "migrate", (config: Config, injected: Injected) => void> = {
  gateway(config, injected) {
    requireServiceUrls(config.cluster, SERVICE_GROUPS);
    if (!injected.db && !config.databaseUrl) throw missing("DATABASE_URL", "the gateway", "the relay callback inbox");
    if (!injected.db && !config.databaseReaderUrl)
      throw missing("DATABASE_READER_URL", "the gateway", "the SELECT-only role");
    if (!injected.bus && !config.natsUrl)
      throw missing("NATS_URL", "the gateway", "callback notifications to the governors");
    if (!config.relay.signingSecret)
      throw missing("RELAY_SIGNING_SECRET", "the gateway", "it verifies the relay's callbacks");
  },
  governor(config, injected) {
    if (!config.relay.callbackUrl) throw missing("CALLBACK_URL", "the governor", "the gateway's /relay/callback");
    if (!config.relay.url && !config.relay.signingSecret)
      throw missing("RELAY_SIGNING_SECRET", "the governor", "the gateway verifies with it");
    if (!injected.db && !config.databaseUrl)
      throw missing("DATABASE_URL", "the governor", "migrations: npm run db -- migrate");
  },
  // The image holds no embedded PostgreSQL: migrations run against DATABASE_URL, and the services' reader role is
  // the one DATABASE_READER_URL names (without it a fresh password would be drawn that no service knows).
  migrate(config, injected) {
    if (!injected.db && !config.databaseUrl) throw missing("DATABASE_URL", "the migration", "the owner role");
    if (!injected.db && !config.databaseReaderUrl)
      throw missing("DATABASE_READER_URL", "the migration", "the reader role the services connect with");
  },
  ...(Object.fromEntries(
    SERVICE_GROUPS.map((group) => [
      group,
      (config: Config, injected: Injected) => {
        if (!injected.db && !config.databaseReaderUrl)
          throw missing("DATABASE_READER_URL", "a service", "the SELECT-only role: npm run db -- provision-reader");
      },
    ]),
  ) as Record<(typeof SERVICE_GROUPS)[number], (config: Config, injected: Injected) => void>),
};

/** Throws a ConfigError naming the first variable `process` needs and `config` lacks. */
export function requireEnvironment(process: ProcessName | "migrate", config: Config, injected: Injected = {}): void {
  CHECKS[process](config, injected);
}
