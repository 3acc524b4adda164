/**
 * The governor inside the all-in-one process (`npm start`): the in-process bus (or NATS when NATS_URL is set), the
 * relay at RELAY_URL or, unset, the relay simulator started here, and a fresh signing secret shared by the simulator
 * and the gateway's callback receiver when RELAY_SIGNING_SECRET is unset. prepare() gives the gateway its callback
 * options; start() runs once the gateway listens and the callback address is known.
 */
import type { ConnectRouter } from "@connectrpc/connect";
import { randomBytes } from "node:crypto";
import type { RelayCallbackOptions } from "../gateway/relay/callback-route.js";
import { openBus } from "../lib/bus/open-bus.js";
import type { Config } from "../lib/config/config.js";
import type { Pool } from "../lib/db/pool.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import type { Embedder } from "../lib/embedding/embedder.js";
import { silentLog, type Log } from "../lib/log.js";
import { startRelaySimulator, type RelaySimulator } from "../relay-simulator/simulator.js";
import { createCallbackInbox } from "../governor/callbacks/inbox-store.js";
import { createCallbackTally } from "../governor/callbacks/callback-tally.js";
import { createGovernor, type Governor } from "../governor/governor.js";
import type { GovernorObserver } from "../governor/governor-metrics.js";
import { governorRoutes } from "../governor/pulse/routes.js";
import { createHttpRelayClient } from "../governor/relay/http-relay-client.js";

export interface InProcessGovernor {
  relayCallbacks: RelayCallbackOptions;
  /** GovernorService (the queue pulse), read through the given pool; served before start() too. */
  pulseRoutes: (router: ConnectRouter) => void;
  /** The log is the gateway's, which exists only once the gateway is built. */
  start(options: { callbackUrl: string; log: Log }): Promise<Governor>;
  close(): Promise<void>;
}

/** Where the relay reaches the gateway of this process when CALLBACK_URL is unset. */
export function localCallbackUrl(host: string, port: number): string {
  const reachable =
    host === "0.0.0.0" || host === "::" || host === "" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${reachable}:${port}/relay/callback`;
}

export async function prepareInProcessGovernor(options: {
  config: Config;
  owner: Pool;
  /** The pool the pulse reads with (the SELECT-only one in the all-in-one); default the owner pool. */
  reader?: Pool;
  now?: () => number;
  embedder?: Embedder;
  /** The governor's decisions as metrics (governor/governor-metrics.ts). */
  observer?: GovernorObserver;
}): Promise<InProcessGovernor> {
  const { config } = options;
  const now = options.now ?? Date.now;
  let current: Log = silentLog;
  const log: Log = {
    debug: (f, m) => current.debug(f, m),
    info: (f, m) => current.info(f, m),
    warn: (f, m) => current.warn(f, m),
    error: (f, m) => current.error(f, m),
  };
  const signingSecret = config.relay.signingSecret ?? randomBytes(24).toString("base64url");
  const bus = await openBus({ natsUrl: config.natsUrl, log, now, name: "institute-all-in-one" });
  const inbox = createCallbackInbox({ db: options.owner, bus, log });
  const tally = createCallbackTally({ db: options.owner, now, log });
  let simulator: RelaySimulator | null = null;
  let governor: Governor | null = null;

  return {
    relayCallbacks: { inbox, tally, relayName: config.relay.name, signingSecret, now },
    pulseRoutes: governorRoutes({ db: options.reader ?? options.owner, enabledByConfig: config.governor.enabled, now }),
    async start({ callbackUrl, log: gatewayLog }) {
      current = gatewayLog;
      let relayUrl = config.relay.url;
      if (!relayUrl) {
        simulator = await startRelaySimulator({
          signingSecret,
          relayName: config.relay.name,
          seed: now() % 2 ** 31,
          behaviour: { autoComplete: { minMs: 5_000, maxMs: 60_000, failRate: 0.1 } },
          log: (line) => log.info({}, line),
        });
        relayUrl = simulator.url;
        log.info({ relayUrl }, "governor: RELAY_URL unset, the relay simulator runs in process");
      }
      governor = createGovernor({
        db: options.owner,
        bus,
        relay: createHttpRelayClient({ baseUrl: relayUrl, now }),
        embedder: options.embedder ?? createHashedNgramEmbedder(),
        now,
        log,
        enabledByConfig: config.governor.enabled,
        thresholds: config.governor.similarity,
        callbackUrl,
        observer: options.observer,
      });
      await governor.start();
      return governor;
    },
    async close() {
      await governor?.stop();
      await tally.close().catch((err) => log.warn({ err }, "callback counts: last flush failed"));
      await simulator?.close();
      await bus.close();
    },
  };
}
