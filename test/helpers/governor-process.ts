/**
 * A governor process for fault tests: app/governor.ts's build(), configured from the environment as in production
 * (DATABASE_URL, NATS_URL, NATS_NAMESPACE, RELAY_URL, …), on the fast clock FAST_CLOCK names, so its schedule ticks
 * every few seconds. Run with tsx; prints "ready" once it listens, stops on SIGTERM, and is killed at will.
 */
import { build } from "../../app/governor.js";
import { fastClockFrom } from "./fast-clock.js";

const clock = fastClockFrom(process.env.FAST_CLOCK);
if (!clock) throw new Error("FAST_CLOCK=origin,realStart,speed is required");
const governor = await build({ now: clock.now, alarm: clock.alarm, embedding: false });
await governor.listen("127.0.0.1", 0, 0);
process.stdout.write("ready\n");
process.on("SIGTERM", () => {
  void governor.close().then(() => process.exit(0));
});
