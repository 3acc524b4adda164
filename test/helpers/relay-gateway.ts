/** An all-in-one gateway over a test database with the relay callback receiver mounted on the governor's inbox. */
import type { FastifyInstance } from "fastify";
import { createCallbackInbox } from "../../governor/callbacks/inbox-store.js";
import { buildAllInOne } from "../../app/all-in-one.js";
import type { Bus } from "../../lib/bus/bus.js";
import type { CallbackTally } from "../../lib/relay/callback-tally.js";
import { loadConfig } from "../../lib/config/config.js";
import type { TestDatabase } from "./test-database.js";

export async function startRelayGateway(options: {
  db: TestDatabase;
  secret: string;
  relayName?: string;
  bus?: Bus;
  now?: () => number;
  tally?: CallbackTally;
}): Promise<FastifyInstance> {
  const config = loadConfig({ LOG_LEVEL: "silent", KEY_CACHE_SECONDS: "0", RELAY_NAME: options.relayName ?? "Relay" });
  const app = await buildAllInOne({
    config,
    db: options.db,
    now: options.now,
    relayCallbacks: {
      inbox: createCallbackInbox({ db: options.db.owner, bus: options.bus }),
      relayName: config.relay.name,
      signingSecret: options.secret,
      now: options.now,
      tally: options.tally,
    },
  });
  await app.ready();
  return app;
}
