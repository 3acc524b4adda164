/**
 * NATS restarted under the governor, on a nats-server of this test's own: callbacks keep being received while NATS is
 * down (the inbox is PostgreSQL, so the gateway answers 200 once a callback is durable), and once NATS is back the
 * governor's consumers resume: a new notification and a new tick slot are consumed, and every callback, those kept
 * during the outage included, is applied exactly once. Nothing is lost.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Governor } from "../../governor/governor.js";
import { publishSlot } from "../../governor/schedule/slot-publisher.js";
import { SECRET, startHarness, type Harness } from "../helpers/governor-harness.js";
import { MIN, T0 } from "../fixtures/governor.js";
import { connectNatsBus, type NatsBus } from "../../lib/bus/nats-bus.js";
import { startTestNats } from "../helpers/nats-server.js";
import { startRelayGateway } from "../helpers/relay-gateway.js";
import { callbackFor, deliver, trackTasks, type TrackedTask } from "./relay-callbacks.js";

const nats = await startTestNats();
const skip =
  nats.url === null
    ? nats.skip
    : nats.control === null
      ? "NATS restart test skipped: NATS_URL names a server this test cannot restart"
      : null;
if (skip && nats.url !== null) process.stderr.write(`${skip}\n`);

describe.skipIf(skip !== null)("NATS restarted under the governor", () => {
  const namespace = `t${randomBytes(4).toString("hex")}`;
  let h: Harness;
  let gatewayBus: NatsBus;
  let governorBus: NatsBus;
  let gateway: FastifyInstance;
  let governor: Governor;
  let url: string;

  beforeAll(async () => {
    h = await startHarness();
    // Two connections, as in a cluster: the gateway's inbox publishes, the governor consumes.
    gatewayBus = await connectNatsBus({ servers: nats.url!, namespace, name: "gateway", retryDelayMs: 100 });
    governorBus = await connectNatsBus({ servers: nats.url!, namespace, name: "governor", retryDelayMs: 100 });
    gateway = await startRelayGateway({ db: h.db, secret: SECRET, bus: gatewayBus });
    await gateway.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(gateway.server.address() as { port: number }).port}/relay/callback`;
    // The periodic inbox scan is pushed out of the test's way: only bus notifications make the governor apply.
    governor = h.governor({ bus: governorBus, callbackScanMs: 3_600_000 });
    await governor.start();
  });
  afterAll(async () => {
    await nats.control?.up().catch(() => {});
    await governor?.stop();
    await gateway?.close();
    await gatewayBus?.removeStream().catch(() => {});
    await Promise.all([gatewayBus?.close(), governorBus?.close()]);
    await h?.close();
    await nats.stop();
  });

  /** Both ends reconnect by themselves; a round trip answering tells they have (bounded by the poll). */
  const reconnected = (bus: NatsBus) =>
    expect
      .poll(() => Promise.race([bus.ping().then(() => true), new Promise((r) => setTimeout(() => r(false), 1_000))]), {
        timeout: 20_000,
        interval: 100,
      })
      .toBe(true);
  const applied = async (tasks: TrackedTask[]) =>
    (
      await h.db.owner.query(
        "SELECT count(*)::int AS n FROM governor.deliveries WHERE applied_at IS NOT NULL AND task_id = ANY($1)",
        [tasks.map((t) => t.taskId)],
      )
    ).rows[0].n;
  const sendAll = (tasks: TrackedTask[]) =>
    Promise.all(tasks.map((t) => deliver(url, SECRET, callbackFor(t, "task.completed"))));

  it("keeps callbacks while NATS is down and applies every one once it is back", async () => {
    const tasks = await trackTasks(h.db.owner, 30, "nats");
    const [before, during, after] = [tasks.slice(0, 10), tasks.slice(10, 20), tasks.slice(20)];

    expect((await sendAll(before)).map((r) => r.outcome)).toEqual(Array(10).fill("recorded"));
    await expect.poll(() => applied(before), { timeout: 10_000 }).toBe(10);

    await nats.control!.down();
    // The inbox is the database: each callback is durable and answered 200 though no notification can go out.
    expect((await sendAll(during)).map((r) => [r.status, r.outcome])).toEqual(Array(10).fill([200, "recorded"]));
    expect(await applied(during)).toBe(0);

    await nats.control!.up();
    await Promise.all([reconnected(gatewayBus), reconnected(governorBus)]);
    // The governor's consumer resumes: the next notifications are consumed, and applying takes the backlog too.
    await sendAll(after);
    await expect.poll(() => applied(tasks), { timeout: 30_000, interval: 100 }).toBe(30);

    const { rows } = await h.db.owner.query(
      `SELECT t.status, d.outcome, d.attempts, (SELECT count(*)::int FROM factcard.chain_fact_tags g WHERE g.fact_id = t.subject_id) AS tags
       FROM governor.tasks t JOIN governor.deliveries d USING (task_id) WHERE t.task_id = ANY($1)`,
      [tasks.map((t) => t.taskId)],
    );
    expect(rows).toHaveLength(30);
    expect(
      rows.every(
        (r) => r.status === "completed" && r.outcome === "completed: 2 tag(s)" && r.attempts === 0 && r.tags === 2,
      ),
    ).toBe(true);
  }, 90_000);

  it("consumes tick slots again after the restart", async () => {
    const slot = T0 + 60 * MIN;
    h.clock.set(slot + 10_000);
    await publishSlot(gatewayBus, "tick", h.clock.now());
    await expect
      .poll(
        async () =>
          (
            await h.db.owner.query("SELECT outcome FROM governor.decisions WHERE kind = 'tick' AND slot_at = $1", [
              slot,
            ])
          ).rows,
        { timeout: 20_000 },
      )
      .toEqual([{ outcome: "done" }]);
  }, 30_000);
});
