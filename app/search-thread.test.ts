/**
 * npm start's all-in-one runs search on a thread of its own: its answers are the ones search gives on the gateway's
 * thread (results, refusals, readiness), its log lines reach the gateway's log, a thread that exits is started
 * again, and closing the service ends the thread.
 */
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintKey } from "../gateway/auth/key-admin.js";
import { createHashedNgramEmbedder } from "../lib/embedding/hashed-ngram-embedder.js";
import { embedPending } from "../services/embedding/embed-job.js";
import { insertDocuments } from "../test/fixtures/search.js";
import { startTestGateway, type TestGateway } from "../test/helpers/gateway.js";
import { composeAllInOne } from "./all-in-one.js";
import type { ServiceThread } from "./compose/service-thread.js";

let gw: TestGateway;
let threaded: FastifyInstance;
let thread: ServiceThread;
let key: string;
const lines: { level: number; msg: string }[] = [];

beforeAll(async () => {
  gw = await startTestGateway({
    fill: async (db) => {
      await insertDocuments(db.owner);
      await embedPending(db.owner, createHashedNgramEmbedder());
    },
  });
  key = (await mintKey(gw.db.owner, { name: "thread", scopes: ["search:read"] })).key;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  const composed = await composeAllInOne({
    config: gw.config,
    db: gw.db,
    logger: { level: "info", stream },
    searchThread: { readerUrl: gw.db.readerUrl },
  });
  threaded = composed.app;
  thread = composed.thread!;
  await threaded.ready();
}, 60_000);
afterAll(async () => {
  await threaded?.close();
  await gw?.close();
});

const search = (app: FastifyInstance, body: unknown) =>
  app.inject({
    method: "POST",
    url: "/api/v1/search",
    headers: { "x-api-key": key, "content-type": "application/json" },
    payload: JSON.stringify(body),
  });

describe("search on its own thread", () => {
  it.each([
    { query: "HBM memory supply for AI accelerators", top_k: 3 },
    { query: "rate cuts", mode: "keyword" },
    { query: "美联储降息", mode: "semantic", top_k: 2 },
    { query: "inflation", top_k: 5, explain: true },
    { query: "inflation", top_k: 0 },
    { query: "" },
  ])("answers %j as search on the gateway's thread does", async (body) => {
    const [here, there] = await Promise.all([search(gw.app, body), search(threaded, body)]);
    expect(there.statusCode).toBe(here.statusCode);
    expect(there.json()).toEqual(here.json());
  });

  it("is the thread's answer: the gateway's own thread keeps no search index", async () => {
    const res = await search(threaded, { query: "HBM memory supply", top_k: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ search_ready: true, results: [{ title: "HBM supply stays tight" }] });
    expect(thread.current()?.threadId).toBeGreaterThan(0);
  });

  it("writes the thread's lines to the gateway's log", () => {
    expect(lines.some((l) => l.level === 30 && /^embedder builtin-hashed-ngram-384 .* is ready$/.test(l.msg))).toBe(
      true,
    );
  });

  it("starts a thread that exits again, and answers from the new one", async () => {
    const before = thread.current()!;
    await before.terminate();
    // Until the next thread is up, search is unavailable: the answers came from the thread.
    const down = await search(threaded, { query: "HBM memory supply", top_k: 1 });
    expect([down.statusCode, down.headers["retry-after"]]).toEqual([503, expect.any(String)]);
    const restarting = /^the search thread exited \(code 1\); starting it again in 1000 ms$/;
    expect(lines.some((l) => l.level === 50 && restarting.test(l.msg))).toBe(true);
    await expect
      .poll(async () => (await search(threaded, { query: "HBM memory supply", top_k: 1 })).statusCode, {
        timeout: 20_000,
        interval: 200,
      })
      .toBe(200);
    expect(thread.current()).not.toBe(before);
  }, 30_000);
});
