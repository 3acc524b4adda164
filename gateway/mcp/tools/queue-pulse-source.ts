/**
 * Where research_queue_pulse reads the governor's queue: the governor's Connect service (GovernorService) when the
 * gateway holds a client of it, otherwise nothing. "Nothing" is a state, not an error: until a governor serves the
 * pulse, the tool answers an empty but valid pulse (nothing in flight, nothing submitted, no decision yet).
 */
import { Code, ConnectError } from "@connectrpc/connect";
import type { QueuePulse } from "../../../gen/institute/governor/v1/governor_pb.js";
import type { ServiceClients } from "../../upstream/clients.js";

export interface QueuePulseSource {
  /** The governor's pulse, or undefined when no governor serves one. */
  read(): Promise<QueuePulse | undefined>;
}

export function queuePulseSource(clients: ServiceClients): QueuePulseSource {
  const { governor } = clients;
  return {
    async read() {
      if (!governor) return undefined;
      try {
        return (await governor.getQueuePulse({})).pulse;
      } catch (e) {
        // A transport on which no GovernorService is mounted: no governor runs here. Anything else (an
        // unreachable governor process) is a real failure and is reported as such.
        if (e instanceof ConnectError && e.code === Code.Unimplemented) return undefined;
        throw e;
      }
    },
  };
}
