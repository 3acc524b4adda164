/**
 * The all-in-one composition (`npm start`): the governor in the gateway's process on the in-process bus, the relay
 * simulator started in process (RELAY_URL unset), callbacks through the gateway, and research_queue_pulse reading
 * the governor's pulse through the in-process GovernorService client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import type { FastifyInstance } from "fastify";
import { mintKey } from "../gateway/auth/key-admin.js";
import { buildAllInOne } from "./all-in-one.js";
import { loadConfig } from "../lib/config/config.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { localCallbackUrl, prepareInProcessGovernor, type InProcessGovernor } from "./governor-in-process.js";
import { slotOf } from "../governor/schedule/slots.js";
import { addCards, addChainFacts } from "../test/fixtures/governor.js";

let db: TestDatabase;
let app: FastifyInstance;
let governor: InProcessGovernor;
const now = slotOf("tick", Date.now()) + 10_000; // a clock inside the current tick slot: the start-up tick is fresh

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "govaio");
  await addChainFacts(db.owner, 10);
  await addCards(db.owner, 3);
  const config = loadConfig({ LOG_LEVEL: "silent", KEY_CACHE_SECONDS: "0" });
  governor = await prepareInProcessGovernor({ config, owner: db.owner, reader: db.reader, now: () => now });
  app = await buildAllInOne({
    config,
    db,
    relayCallbacks: governor.relayCallbacks,
    governorRoutes: governor.pulseRoutes,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  await governor.start({
    callbackUrl: localCallbackUrl("127.0.0.1", (app.server.address() as { port: number }).port),
    log: app.log,
  });
});
afterAll(async () => {
  await governor?.close();
  await app?.close();
  await db?.drop();
});

describe("the governor in the all-in-one", () => {
  it("ticks at start against the in-process relay simulator and research_queue_pulse reports it", async () => {
    await expect
      .poll(async () => (await db.owner.query("SELECT outcome FROM governor.decisions WHERE kind = 'tick'")).rows, {
        timeout: 10_000,
      })
      .toEqual([{ outcome: "done" }]);
    const { key } = await mintKey(db.owner, { name: "pulse", scopes: ["viewer:read"] });
    const res = await app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": key },
      payload: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "research_queue_pulse", arguments: {} } },
    });
    expect(res.statusCode).toBe(200);
    const result = res.json().result;
    const pulse = result.structuredContent ?? JSON.parse(result.content[0].text);
    expect(pulse).toMatchObject({
      governor_present: true,
      enabled: true,
      in_flight: 5,
      in_flight_by_kind: { chain_tag: 4, logic_extract: 1 },
      submitted_this_hour: 5,
      hourly_ceiling: 60,
      last_headroom: 5,
    });
    expect(pulse.last_decision).toMatchObject({
      outcome: "done",
      fleet_nodes: 3,
      free_slots: 6,
      reserve: 1,
      reserve_binds: false,
      headroom: 5,
    });
  });

  it("mounts the callback receiver: an unsigned callback is refused", async () => {
    const res = await app.inject({ method: "POST", url: "/relay/callback", payload: { type: "task.completed" } });
    expect(res.statusCode).toBe(401);
  });

  it("derives a reachable callback address", () => {
    expect(localCallbackUrl("0.0.0.0", 8080)).toBe("http://127.0.0.1:8080/relay/callback");
    expect(localCallbackUrl("::1", 8080)).toBe("http://[::1]:8080/relay/callback");
  });
});
