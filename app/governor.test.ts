/** The governor process: build() with its Connect service over HTTP/2 (the queue pulse), and its configuration. */
import { createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, Http2SessionManager } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { GovernorService } from "../gen/institute/governor/v1/governor_pb.js";
import { loadConfig } from "../lib/config/config.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { build } from "./governor.js";
import { addCards, addChainFacts } from "../test/fixtures/governor.js";
import { slotOf } from "../governor/schedule/slots.js";

const env = {
  LOG_LEVEL: "silent",
  PORT: "0",
  CALLBACK_URL: "http://127.0.0.1:9/relay/callback",
  RELAY_SIGNING_SECRET: "main-test-secret-0123456789",
};
let db: TestDatabase;
let g: Awaited<ReturnType<typeof build>>;
let baseUrl: string;
let sessions: Http2SessionManager;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "govmain");
  await addChainFacts(db.owner, 10);
  await addCards(db.owner, 2);
  g = await build({ config: loadConfig(env), db, cron: false });
  await g.server.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(g.server.server.address() as { port: number }).port}`;
  sessions = new Http2SessionManager(baseUrl);
});
afterAll(async () => {
  sessions?.abort(); // the server's close waits for open HTTP/2 sessions
  await g?.close();
  await db?.drop();
});

describe("app/governor build()", () => {
  it("serves the queue pulse over HTTP/2 (Connect and gRPC) and reports the latest tick decision", async () => {
    const connect = createClient(
      GovernorService,
      createConnectTransport({ baseUrl, httpVersion: "2", sessionManager: sessions }),
    );
    const before = await connect.getQueuePulse({});
    expect(before.pulse).toMatchObject({
      enabled: true,
      enabledByConfig: true,
      enabledBySetting: true,
      inFlight: 0,
      submittedLastHour: 0,
      hourlyCeiling: 60,
    });
    expect(before.pulse?.lastTick).toBeUndefined();

    const report = await g.governor.tick(slotOf("tick", Date.now()));
    expect(report.outcome).toBe("done");

    const grpc = createClient(GovernorService, createGrpcTransport({ baseUrl, sessionManager: sessions }));
    const { pulse } = await grpc.getQueuePulse({});
    expect(pulse).toMatchObject({ inFlight: 5, submittedLastHour: 5, pendingCallbacks: 0 });
    expect(pulse?.inFlightByKind).toEqual([
      expect.objectContaining({ kind: "chain_tag", count: 4 }),
      expect.objectContaining({ kind: "logic_extract", count: 1 }),
    ]);
    expect(pulse?.lastTick).toMatchObject({
      outcome: "done",
      enabled: true,
      fleetNodes: 3,
      freeSlots: 6,
      reserve: 1,
      reserveBinds: false,
      headroom: 5,
      headroomBasis: "free-slots",
      budget: 5,
    });
    expect(pulse?.lastTick?.drains.map((d) => [d.kind, d.submitted])).toEqual([
      ["chain_tag", 4],
      ["logic_extract", 1],
    ]);
  });

  it("refuses to start without a callback address or a shared secret", async () => {
    await expect(build({ config: loadConfig({ ...env, CALLBACK_URL: "" }), db })).rejects.toThrow(
      "configuration: CALLBACK_URL is required",
    );
    await expect(build({ config: loadConfig({ ...env, RELAY_SIGNING_SECRET: "" }), db })).rejects.toThrow(
      "configuration: RELAY_SIGNING_SECRET is required",
    );
  });
});

describe("configuration", () => {
  it("has the documented defaults", () => {
    const c = loadConfig({});
    expect(c.natsUrl).toBeUndefined();
    expect(c.relay).toEqual({ url: undefined, name: "Relay", signingSecret: undefined, callbackUrl: undefined });
    expect(c.governor).toEqual({ enabled: true, similarity: { skipCosine: 0.85, augmentCosine: 0.5 } });
    expect(loadConfig({ GOVERNOR_ENABLED: "false" }).governor.enabled).toBe(false);
  });

  it.each([
    [{ NATS_URL: "http://x:4222" }, "configuration: NATS_URL must use nats://, tls://, ws:// or wss://, got http:"],
    [{ RELAY_URL: "ftp://relay" }, "configuration: RELAY_URL must be an http:// or https:// URL, got ftp:"],
    [{ RELAY_URL: "http://relay" }, "configuration: RELAY_SIGNING_SECRET is required when RELAY_URL is set"],
    [{ RELAY_SIGNING_SECRET: "short" }, "configuration: RELAY_SIGNING_SECRET must be at least 16 characters"],
    [{ RELAY_NAME: "Re lay" }, "configuration: RELAY_NAME must be letters and digits"],
    [{ CALLBACK_URL: "nope" }, "configuration: CALLBACK_URL is not a URL"],
    [{ GOVERNOR_ENABLED: "maybe" }, 'configuration: GOVERNOR_ENABLED must be true or false, got "maybe"'],
    [{ SIMILARITY_SKIP_COSINE: "1.5" }, "configuration: SIMILARITY_SKIP_COSINE must be a number above 0 and at most 1"],
    [
      { SIMILARITY_AUGMENT_COSINE: "0.9" },
      "configuration: SIMILARITY_AUGMENT_COSINE must be below SIMILARITY_SKIP_COSINE (0.85)",
    ],
  ])("stops on %o with one line naming the variable", (e, message) => {
    expect(() => loadConfig(e)).toThrow(message);
  });
});
