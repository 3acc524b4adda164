/**
 * Callback outcomes as a metric: every verified callback the inbox takes is counted by what became of it (recorded,
 * duplicate, untracked, or error when the inbox could not keep it). Refusals before the inbox (bad signature 401, bad
 * body 400, too large 413) are counted by the HTTP metrics under the route /relay/callback and their status.
 */
import { Counter, type Registry } from "prom-client";
import type { CallbackInbox } from "../../lib/relay/callback-inbox.js";

export function countedInbox(inbox: CallbackInbox, registry: Registry): CallbackInbox {
  const outcomes = new Counter({
    name: "relay_callbacks_total",
    help: "Verified relay callbacks taken by the gateway's inbox, by outcome",
    labelNames: ["event", "outcome"],
    registers: [registry],
  });
  return {
    async record(callback) {
      try {
        const outcome = await inbox.record(callback);
        outcomes.inc({ event: callback.eventType, outcome });
        return outcome;
      } catch (e) {
        outcomes.inc({ event: callback.eventType, outcome: "error" });
        throw e;
      }
    },
  };
}
