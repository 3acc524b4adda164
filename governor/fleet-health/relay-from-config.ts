/**
 * The relay an on-demand snapshot reads, for a process that runs no governor of its own (the command line, the
 * cluster's gateway behind the console): the relay at RELAY_URL, or none, and then the snapshot says why. The
 * all-in-one's relay simulator lives inside its governor, which offers writeFleetHealth with it.
 */
import type { RelayConfig } from "../../lib/config/config.js";
import type { RelayClient } from "../relay/relay-client.js";
import { createHttpRelayClient } from "../relay/http-relay-client.js";

export function relayFromConfig(relay: RelayConfig): { relay: RelayClient | null; relayUnavailable?: string } {
  if (relay.url) return { relay: createHttpRelayClient({ baseUrl: relay.url }) };
  return {
    relay: null,
    relayUnavailable: "RELAY_URL is unset: the relay simulator runs inside the service, out of this process's reach",
  };
}
