/** The bus a process runs on: NATS JetStream at NATS_URL, otherwise the in-process implementation. */
import type { Log } from "../log.js";
import type { Bus } from "./bus.js";
import { createInProcessBus } from "./in-process-bus.js";
import { connectNatsBus } from "./nats-bus.js";

export async function openBus(options: {
  natsUrl: string | undefined;
  namespace?: string;
  name?: string;
  log: Log;
  now?: () => number;
}): Promise<Bus> {
  if (!options.natsUrl) return createInProcessBus({ log: options.log, now: options.now });
  return connectNatsBus({
    servers: options.natsUrl,
    namespace: options.namespace,
    name: options.name,
    log: options.log,
  });
}
