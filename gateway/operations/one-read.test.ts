/**
 * A bounded list is one read: its REST route and its tool make the same service call with the same request (the
 * catalog's List RPC, which answers has_more itself), observed by recording every call the gateway makes.
 */
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_NOW } from "../../test/fixtures/catalog.js";
import { fillWhiteboard } from "../../test/fixtures/whiteboard-pages.js";
import { startToolHarness, tool, VIEWER, type ToolHarness } from "../../test/helpers/tool-harness.js";
import type { ServiceClients } from "../upstream/clients.js";
import type { RestOptions } from "../rest/options.js";
import { whiteboardRoutes } from "../rest/whiteboard.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness({ fill: fillWhiteboard, now: () => FIXED_NOW });
});
afterAll(() => h?.close());

type Call = [service: string, method: string, request: unknown];

/** The harness's clients, recording each call as [client, method, request]. */
function recording(clients: ServiceClients): { clients: ServiceClients; calls: Call[] } {
  const calls: Call[] = [];
  const wrap = (service: string, client: object) =>
    new Proxy(client, {
      get: (target, method: string) => {
        const fn = (target as Record<string, (...args: unknown[]) => unknown>)[method];
        return (request: unknown, ...rest: unknown[]) => {
          calls.push([service, method, request]);
          return fn!.call(target, request, ...rest);
        };
      },
    });
  const proxy = new Proxy(clients, {
    get: (target, service: string) => wrap(service, (target as unknown as Record<string, object>)[service]!),
  });
  return { clients: proxy, calls };
}

async function restCalls(url: string): Promise<Call[]> {
  const { clients, calls } = recording(h.clients);
  const app = Fastify();
  await app.register(async (rest) => whiteboardRoutes(rest, { clients } as RestOptions), { prefix: "/api/v1" });
  const res = await app.inject({ method: "GET", url });
  await app.close();
  expect(res.statusCode, res.body).toBe(200);
  return calls;
}

async function toolCalls(name: string, args: Record<string, unknown>): Promise<Call[]> {
  const { clients, calls } = recording(h.clients);
  await tool(name).call(args, { clients, principal: VIEWER, cursors: h.cursors });
  return calls;
}

describe("REST and the tool read a bounded list through the same call", () => {
  for (const [name, url, args, call] of [
    [
      "whiteboard_list_threads",
      "/api/v1/whiteboard/threads?status=completed&limit=5",
      { status: "completed", limit: 5 },
      ["catalog", "listThreads", { status: "completed", limit: 5 }],
    ],
    [
      "whiteboard_topic_pool",
      "/api/v1/whiteboard/topic-pool?status=candidate&limit=3",
      { status: "candidate", limit: 3 },
      ["catalog", "listTopicPool", { status: "candidate", limit: 3 }],
    ],
    [
      "whiteboard_similarity_log",
      "/api/v1/whiteboard/similarity-log?decision=fresh&limit=2",
      { decision: "fresh", limit: 2 },
      ["catalog", "listSimilarityLog", { decision: "fresh", limit: 2 }],
    ],
  ] as const) {
    it(`${name} and GET ${url.split("?")[0]}`, async () => {
      const rest = await restCalls(url);
      expect(rest).toEqual([call]);
      expect(await toolCalls(name, args)).toEqual(rest);
    });
  }

  it("whiteboard_list_boards walks the same thread list", async () => {
    expect(await toolCalls("whiteboard_list_boards", { status: "completed", limit: 1 })).toEqual([
      ["catalog", "listThreads", { status: "completed", after: undefined, limit: 1 }],
    ]);
  });
});
