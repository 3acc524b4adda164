/**
 * The callback receiver counts every answer by outcome, in memory, and the counts reach governor.callback_counts one
 * upsert per minute and outcome at each flush: a flood of bad signatures is counted without a row each, a failed flush
 * keeps its counts for the next one, and old minutes are pruned.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signatureOf } from "../../lib/relay/signature.js";
import { startRelayGateway } from "../../test/helpers/relay-gateway.js";
import { SECRET, startHarness, type Harness } from "../../test/helpers/governor-harness.js";
import { MIN, resetGovernorState, T0 } from "../../test/fixtures/governor.js";
import { trackTasks } from "../../test/resilience/relay-callbacks.js";
import { createCallbackTally, type StoredCallbackTally } from "./callback-tally.js";

let h: Harness;
let tally: StoredCallbackTally;
let gateway: FastifyInstance;
beforeAll(async () => {
  h = await startHarness();
  tally = createCallbackTally({ db: h.db.owner, now: h.clock.now, flushMs: 3_600_000 });
  gateway = await startRelayGateway({ db: h.db, secret: SECRET, now: h.clock.now, tally });
});
afterAll(async () => {
  await gateway?.close();
  await tally?.close();
  await h?.close();
});
beforeEach(async () => {
  await resetGovernorState(h.db.owner);
  h.clock.set(T0 + 30_000);
});

const counts = async () =>
  (await h.db.owner.query("SELECT minute_at, outcome, n FROM governor.callback_counts ORDER BY minute_at, outcome"))
    .rows;

function post(body: string, headers: Record<string, string>) {
  return gateway.inject({
    method: "POST",
    url: "/relay/callback",
    payload: body,
    headers: { "content-type": "application/json", ...headers },
  });
}

describe("the callback receiver's counts", () => {
  it("counts every answer by outcome and writes them once per minute and outcome at a flush", async () => {
    const [task] = await trackTasks(h.db.owner, 1, `tally${randomUUID().slice(0, 4)}`);
    const body = JSON.stringify({ type: "task.completed", client_ref: task!.taskId, result: { tags: ["copper"] } });
    const signed = { "x-relay-signature": signatureOf(SECRET, body) };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push(
        (await post(body, { "x-relay-signature": `sha256=${"0".repeat(64)}`, "x-relay-delivery": `bad-${i}` }))
          .statusCode,
      );
    statuses.push((await post(body, { "x-relay-delivery": "unsigned" })).statusCode);
    statuses.push((await post(body, signed)).statusCode); // no delivery id
    statuses.push((await post("x".repeat(1024 * 1024 + 1), { "x-relay-delivery": "huge" })).statusCode);
    statuses.push((await post(body, { ...signed, "x-relay-delivery": "d-1" })).statusCode);
    statuses.push((await post(body, { ...signed, "x-relay-delivery": "d-1" })).statusCode);
    h.clock.advance(MIN); // the next minute
    const stranger = JSON.stringify({ type: "task.failed", client_ref: "gt_nobody", error: { code: "x" } });
    statuses.push(
      (await post(stranger, { "x-relay-signature": signatureOf(SECRET, stranger), "x-relay-delivery": "d-2" }))
        .statusCode,
    );
    expect(statuses).toEqual([...Array(41).fill(401), 400, 413, 200, 200, 200]);

    expect(await counts()).toEqual([]); // nothing written per request
    await tally.flush();
    expect(await counts()).toEqual([
      { minute_at: T0, outcome: "duplicate", n: 1 },
      { minute_at: T0, outcome: "recorded", n: 1 },
      { minute_at: T0, outcome: "refused-request", n: 1 },
      { minute_at: T0, outcome: "refused-signature", n: 41 },
      { minute_at: T0, outcome: "refused-too-large", n: 1 },
      { minute_at: T0 + MIN, outcome: "untracked", n: 1 },
    ]);

    // A later flush adds to the minute's row.
    await post(body, { "x-relay-signature": "sha256=00", "x-relay-delivery": "bad-again" });
    await tally.flush();
    expect((await counts()).find((r) => r.outcome === "refused-signature" && r.minute_at === T0 + MIN)).toEqual({
      minute_at: T0 + MIN,
      outcome: "refused-signature",
      n: 1,
    });
  });

  it("keeps the counts of a flush that failed for the next one", async () => {
    let fail = true;
    const flaky = createCallbackTally({
      db: {
        query: (text: string, values?: unknown[]) => {
          if (fail && text.includes("INSERT")) return Promise.reject(new Error("database unavailable"));
          return h.db.owner.query(text, values);
        },
      },
      now: h.clock.now,
      flushMs: 3_600_000,
    });
    flaky.count("recorded");
    flaky.count("recorded");
    await expect(flaky.flush()).rejects.toThrow("database unavailable");
    flaky.count("recorded");
    fail = false;
    await flaky.close();
    expect(await counts()).toEqual([{ minute_at: T0, outcome: "recorded", n: 3 }]);
  });

  it("prunes minutes older than it keeps", async () => {
    const old = createCallbackTally({ db: h.db.owner, now: h.clock.now, flushMs: 3_600_000, keepDays: 1 });
    old.count("duplicate");
    await old.flush();
    h.clock.advance(2 * 86_400_000);
    old.count("untracked");
    await old.close();
    expect((await counts()).map((r) => r.outcome)).toEqual(["untracked"]);
  });
});
