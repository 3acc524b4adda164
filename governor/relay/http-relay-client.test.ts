/** The relay client against the relay simulator over HTTP: parsing, timeouts, and retries only where they are safe. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { freePort } from "../../lib/net/free-port.js";
import { startRelaySimulator, type RelaySimulator } from "../../relay-simulator/simulator.js";
import { createHttpRelayClient, type HttpRelayClientOptions } from "./http-relay-client.js";
import { RelayError, type TaskSubmission } from "./relay-client.js";
import { parseFleet } from "./wire.js";

let sim: RelaySimulator;
beforeAll(async () => {
  sim = await startRelaySimulator({ signingSecret: "x".repeat(20) });
});
afterAll(() => sim?.close());
beforeEach(() => {
  sim.reset();
  sim.setFleet({ nodes: 3, slotsPerNode: 2, queueCap: 2, reportedFree: null, reportedDepth: null });
  sim.setBehaviour({ latencyMs: 0, garbage: false });
});

const client = (over: Partial<HttpRelayClientOptions> = {}) =>
  createHttpRelayClient({ baseUrl: `${sim.url}/`, backoffMs: 1, ...over });
const task = (taskId: string): TaskSubmission => ({
  taskId,
  kind: "chain_tag",
  payload: { fact_id: "f1", statement: "Copper fell" },
  timeoutMs: 1_800_000,
  callbackUrl: "http://cb.example/relay/callback",
});

describe("reading the fleet", () => {
  it("counts nodes, free slots and the relay's queue, and names the nodes", async () => {
    expect(await client().readFleet()).toEqual({
      nodes: 3,
      freeSlots: 6,
      queue: { depth: 0, cap: 2 },
      members: ["node-1", "node-2", "node-3"].map((id) => ({ id, slots: 2 })),
    });
    sim.setFleet({ nodes: 0 });
    expect(await client().readFleet()).toEqual({ nodes: 0, freeSlots: 0, queue: { depth: 0, cap: 2 }, members: [] });
  });

  it.each([
    [
      "garbage",
      () => sim.setBehaviour({ garbage: "/v1/fleet" }),
      /fleet: the relay answered something that is not JSON/,
    ],
    ["an error status, not retried", () => sim.failNext(1, 503, "/v1/fleet"), /fleet: HTTP 503/],
    ["no answer in time", () => sim.setBehaviour({ latencyMs: 300 }), /fleet: timed out/],
  ])("throws a RelayError on %s", async (_what, setup, message) => {
    setup();
    await expect(client({ timeouts: { fleetMs: 100 } }).readFleet()).rejects.toThrow(message);
    await new Promise((r) => setTimeout(r, 250));
  });

  it("throws a RelayError when the relay is unreachable", async () => {
    const port = await freePort();
    await expect(createHttpRelayClient({ baseUrl: `http://127.0.0.1:${port}` }).readFleet()).rejects.toThrow(
      /fleet: unreachable/,
    );
  });

  it.each([
    [{ nodes: "3", free_slots: 1 }],
    [{ nodes: [{}], free_slots: 1 }],
    [{ nodes: [], free_slots: -1 }],
    [{ nodes: [], free_slots: 1.5 }],
    [{ nodes: [], free_slots: 1, queue: { depth: 1 } }],
    [[]],
    [null],
  ])("refuses a fleet that is not the protocol: %j", (body) => {
    expect(() => parseFleet(body)).toThrow(RelayError);
  });
});

describe("submitting", () => {
  it("sends kind, payload, timeout_ms, callback_url and client_ref under an Idempotency-Key", async () => {
    const result = await client().submit(task("gt_1"));
    expect(result).toMatchObject({
      outcome: "accepted",
      state: "running",
      attempts: [{ attempt: 1, httpStatus: 202, outcome: "accepted" }],
    });
    expect(sim.submissions).toEqual([{ idempotencyKey: "gt_1", status: 202, duplicate: false }]);
    expect(sim.tasks[0]).toMatchObject({
      clientRef: "gt_1",
      kind: "chain_tag",
      timeoutMs: 1_800_000,
      callbackUrl: "http://cb.example/relay/callback",
      payload: { fact_id: "f1" },
    });
    // A repeat of the key is the same task.
    const again = await client().submit(task("gt_1"));
    expect(again).toMatchObject({ outcome: "accepted", relayTaskId: (result as { relayTaskId: string }).relayTaskId });
    expect(sim.tasks).toHaveLength(1);
  });

  it("retries a 5xx under the same key", async () => {
    sim.failNext(2, 502, "/v1/tasks");
    const result = await client().submit(task("gt_2"));
    expect(result.outcome).toBe("accepted");
    expect(result.attempts.map((a) => a.httpStatus)).toEqual([502, 502, 202]);
    expect(sim.tasks).toHaveLength(1);
  });

  it("does not retry a refusal", async () => {
    sim.setFleet({ nodes: 0, queueCap: 0 });
    const result = await client().submit(task("gt_3"));
    expect(result).toMatchObject({ outcome: "refused", httpStatus: 429, reason: "queue full" });
    expect(result.attempts).toHaveLength(1);
    sim.setFleet({ nodes: 3 });
    expect(await client().submit({ ...task("gt_4"), callbackUrl: 7 as never })).toMatchObject({
      outcome: "refused",
      httpStatus: 400,
    });
  });

  it("reports unknown when every attempt fails in transit", async () => {
    sim.failNext(3, 503, "/v1/tasks");
    const result = await client().submit(task("gt_5"));
    expect(result).toMatchObject({ outcome: "unknown", reason: "HTTP 503 after 3 attempt(s)" });
    expect(sim.tasks).toHaveLength(0);
  });
});

describe("announcing", () => {
  it("posts a JSON-RPC 2.0 participant.announce", async () => {
    const result = await client().announce({
      participant: "institute-publishing",
      callbackUrl: "http://cb.example/relay/callback",
      kinds: ["chain_tag", "logic_extract"],
      version: "1.0.0",
    });
    expect(result).toEqual({ participantId: "p-institute-publishing" });
    expect(sim.announcements).toEqual([
      {
        participant: "institute-publishing",
        role: "publisher",
        callback_url: "http://cb.example/relay/callback",
        kinds: ["chain_tag", "logic_extract"],
        version: "1.0.0",
      },
    ]);
  });

  it("retries a transient failure (announcing twice changes nothing)", async () => {
    sim.failNext(1, 503, "/v1/coordination");
    await client().announce({ participant: "p", callbackUrl: "http://x/", kinds: ["chain_tag"], version: "1" });
    expect(sim.announcements).toHaveLength(1);
  });
});
