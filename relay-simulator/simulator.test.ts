/** The relay simulator itself: signed callbacks with redelivery and duplicates, its queue, and its own self-completion. */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkSignature } from "../lib/relay/signature.js";
import { startRelaySimulator, type RelaySimulator } from "./simulator.js";
import { actionsFor, tagsFor } from "./results.js";

const SECRET = "simulator-secret-0123456789";
interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
let received: Received[] = [];
let answers: number[] = [];
let receiver: http.Server;
let callbackUrl: string;
let sim: RelaySimulator;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.shift() ?? 200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/relay/callback`;
  sim = await startRelaySimulator({ signingSecret: SECRET, relayName: "Relay", behaviour: { callbackRetryMs: 10 } });
});
afterAll(async () => {
  await sim?.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(() => {
  received = [];
  answers = [];
  sim.reset();
  sim.setFleet({ nodes: 1, slotsPerNode: 1, queueCap: 1, reportedFree: null });
  sim.setBehaviour({ duplicateDeliveries: 0, autoComplete: null });
});

async function submit(
  clientRef: string,
  kind = "chain_tag",
  payload: Record<string, unknown> = { statement: "Copper inventories fell sharply" },
) {
  const res = await fetch(`${sim.url}/v1/tasks`, {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": clientRef },
    body: JSON.stringify({ kind, payload, timeout_ms: 1_800_000, callback_url: callbackUrl, client_ref: clientRef }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("the relay simulator", () => {
  it("runs a task in a free slot, queues the next, and refuses past its depth cap", async () => {
    expect((await submit("a")).body).toMatchObject({ status: "running" });
    expect((await submit("b")).body).toMatchObject({ status: "queued" });
    expect(await submit("c")).toEqual({ status: 429, body: { error: "queue full" } });
    expect(await (await fetch(`${sim.url}/v1/fleet`)).json()).toEqual({
      nodes: [{ id: "node-1", slots: 1 }],
      free_slots: 0,
      queue: { depth: 1, cap: 1 },
    });
    await sim.complete("a");
    expect(sim.tasks.map((t) => [t.clientRef, t.state])).toEqual([
      ["a", "completed"],
      ["b", "running"],
    ]);
  });

  it("signs each callback over its exact body and names the delivery", async () => {
    await submit("a");
    await sim.complete("a");
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received as [Received];
    expect(checkSignature(SECRET, body, headers["x-relay-signature"])).toBe("ok");
    expect(checkSignature("another-secret-0123456", body, headers["x-relay-signature"])).toBe("mismatch");
    expect(headers["x-relay-delivery"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(body.toString())).toMatchObject({
      type: "task.completed",
      client_ref: "a",
      kind: "chain_tag",
      result: { tags: ["copper", "inventories", "fell", "sharply"] },
    });
  });

  it("redelivers under the same delivery id until answered 2xx, and can send duplicates", async () => {
    await submit("a");
    answers = [500, 503];
    sim.setBehaviour({ duplicateDeliveries: 2 });
    await sim.fail("a", { code: "boom", message: "node lost" });
    expect(received).toHaveLength(5);
    expect(new Set(received.map((r) => r.headers["x-relay-delivery"])).size).toBe(1);
    expect(sim.deliveries.map((d) => d.status)).toEqual([500, 503, 200, 200, 200]);
    expect(JSON.parse(received[0]!.body.toString())).toMatchObject({
      type: "task.failed",
      error: { code: "boom", message: "node lost" },
    });
  });

  it("completes tasks by itself when told to", async () => {
    sim.setBehaviour({ autoComplete: { minMs: 10, maxMs: 20, failRate: 0 } });
    await submit("a");
    await expect.poll(() => received.length, { timeout: 2_000 }).toBe(1);
  });

  it("answers the same idempotency key with the same task", async () => {
    const first = await submit("k");
    const again = await submit("k");
    expect(again).toEqual({ status: 200, body: first.body });
    expect(sim.tasks).toHaveLength(1);
  });

  it("produces predictable results", () => {
    expect(tagsFor("The Fed will cut rates in December, the Fed says rates")).toEqual(["rates", "december", "says"]);
    expect(actionsFor("Rates are high. We should reduce duration. Monitor the Fed.")).toEqual([
      { text: "We should reduce duration.", owner: null, due: null },
      { text: "Monitor the Fed.", owner: null, due: null },
    ]);
  });
});
