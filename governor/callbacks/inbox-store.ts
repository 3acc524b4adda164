/**
 * The durable callback inbox (the gateway's CallbackInbox) over governor.deliveries, written with the owner pool.
 * A callback is kept only when it names a task we track, once per delivery id; after the row is committed a
 * notification goes out on the bus (relay.callback) so a governor applies it now. The notification is a hint:
 * governors also scan for unapplied rows, so a callback survives a lost notification or a restart.
 */
import type { CallbackInbox, InboxOutcome, ReceivedCallback } from "../../lib/relay/callback-inbox.js";
import { SUBJECTS, type Bus } from "../../lib/bus/bus.js";
import type { Log } from "../../lib/log.js";
import { silentLog } from "../../lib/log.js";
import type { Queryable } from "../db.js";

export function createCallbackInbox(deps: { db: Queryable; bus?: Bus; log?: Log }): CallbackInbox {
  const log = deps.log ?? silentLog;
  return {
    async record(cb: ReceivedCallback): Promise<InboxOutcome> {
      const { rows } = await deps.db.query(
        `INSERT INTO governor.deliveries (delivery_id, task_id, event_type, body, received_at)
         SELECT $1, t.task_id, $2, $3, $4 FROM governor.tasks t
         WHERE t.task_id = $5 OR t.relay_task_id = $6
         ORDER BY (t.task_id = $5) DESC NULLS LAST LIMIT 1
         ON CONFLICT (delivery_id) DO NOTHING
         RETURNING task_id`,
        [cb.deliveryId, cb.eventType, cb.body, cb.receivedAt, cb.clientRef, cb.relayTaskId],
      );
      if (rows.length === 0) {
        const seen = await deps.db.query("SELECT 1 FROM governor.deliveries WHERE delivery_id = $1", [cb.deliveryId]);
        return seen.rowCount ? "duplicate" : "untracked";
      }
      // The row is durable now; the notification only hurries a governor along (the periodic scan finds what it
      // misses), so the relay's answer does not wait for it: with NATS down a publish waits out its timeout (5 s).
      if (deps.bus) {
        void deps.bus
          .publish(SUBJECTS.callback, { delivery_id: cb.deliveryId }, { msgId: `callback:${cb.deliveryId}` })
          .catch((err) =>
            log.warn(
              { err, deliveryId: cb.deliveryId },
              "callback kept; bus notification failed (the periodic scan will apply it)",
            ),
          );
      }
      return "recorded";
    },
  };
}
