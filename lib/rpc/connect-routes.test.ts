/**
 * The service processes' Connect routes (lib/rpc/connect-routes.ts): an answer's write settles once the response
 * is done (connect-node's own writer waited for an event node:http never emits, so every call stayed pending), and
 * every way of sending a unary call still reaches the handler: binary protobuf read whole, gzip-compressed bodies,
 * JSON, gRPC over HTTP/2.
 */
import { create } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { createAsyncIterable } from "@connectrpc/connect/protocol";
import {
  compressionGzip,
  createConnectTransport,
  createGrpcTransport,
  Http2SessionManager,
} from "@connectrpc/connect-node";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  CatalogService,
  ListAnalystsResponseSchema,
  GetAnalystResponseSchema,
} from "../../gen/institute/catalog/v1/catalog_pb.js";
import { buildServiceServer } from "./connect-server.js";
import { writeUniversalResponse } from "./connect-routes.js";

const closers: (() => unknown)[] = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
});

describe("writing an answer", () => {
  it("settles once the response has finished, with the status, headers and body sent", async () => {
    let written: Promise<string> | undefined;
    const server = createServer((_req, res) => {
      written = writeUniversalResponse(
        {
          status: 200,
          header: new Headers({ "content-type": "application/proto", "x-one": "1" }),
          body: createAsyncIterable([new Uint8Array([1, 2]), new Uint8Array([3])]),
        },
        res,
      ).then(() => "settled");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(resolve)));
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect([answer.status, answer.headers.get("x-one")]).toEqual([200, "1"]);
    expect([...new Uint8Array(await answer.arrayBuffer())]).toEqual([1, 2, 3]);
    const late = new Promise((resolve) => setTimeout(() => resolve("still pending after 1 s"), 1000));
    expect(await Promise.race([written!, late])).toBe("settled");
  });
});

describe("a unary call reaches its handler", () => {
  async function serve() {
    const server = await buildServiceServer((router) => {
      router.service(CatalogService, {
        async listAnalysts() {
          return create(ListAnalystsResponseSchema, { count: 3 });
        },
        async getAnalyst(request) {
          return create(GetAnalystResponseSchema, { analyst: { id: request.analystId } });
        },
      });
    });
    await server.listen({ port: 0, host: "127.0.0.1" });
    closers.push(() => server.close());
    return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  }
  const longId = "analyst-".repeat(200);

  it.each([
    ["binary protobuf", { useBinaryFormat: true }],
    [
      "binary protobuf, gzip-compressed",
      { useBinaryFormat: true, sendCompression: compressionGzip, compressMinBytes: 0 },
    ],
    ["JSON", { useBinaryFormat: false }],
    ["JSON, gzip-compressed", { useBinaryFormat: false, sendCompression: compressionGzip, compressMinBytes: 0 }],
  ])("as %s over HTTP/1.1", async (_name, format) => {
    const baseUrl = await serve();
    const client = createClient(CatalogService, createConnectTransport({ baseUrl, httpVersion: "1.1", ...format }));
    expect((await client.getAnalyst({ analystId: longId })).analyst?.id).toBe(longId);
    expect((await client.listAnalysts({})).count).toBe(3);
  });

  it("as raw bytes: what cannot be read is InvalidArgument, as Connect's handler answers it", async () => {
    const baseUrl = await serve();
    const post = (body: Uint8Array, headers: Record<string, string> = {}) =>
      fetch(`${baseUrl}/institute.catalog.v1.CatalogService/GetAnalyst`, {
        method: "POST",
        headers: { "content-type": "application/proto", ...headers },
        body,
      });
    const garbage = await post(new Uint8Array([0xff, 0xff, 0xff]));
    expect([garbage.status, garbage.headers.get("content-type")]).toEqual([400, "application/json"]);
    expect(await garbage.json()).toEqual({
      code: "invalid_argument",
      message: expect.stringMatching(/^parse binary: /) as unknown,
    });
    const badDeadline = await post(new Uint8Array(0), { "connect-timeout-ms": "soon" });
    expect([badDeadline.status, await badDeadline.json()]).toEqual([
      400,
      { code: "invalid_argument", message: "protocol error: invalid connect timeout value: soon" },
    ]);
    const ok = await post(new Uint8Array(0));
    expect([ok.status, ok.headers.get("content-type"), ok.headers.get("content-length")]).toEqual([
      200,
      "application/proto",
      String((await ok.clone().arrayBuffer()).byteLength),
    ]);
  });

  it("as gRPC over HTTP/2", async () => {
    const baseUrl = await serve();
    const sessions = new Http2SessionManager(baseUrl);
    closers.push(() => sessions.abort());
    const client = createClient(CatalogService, createGrpcTransport({ baseUrl, sessionManager: sessions }));
    expect((await client.getAnalyst({ analystId: longId })).analyst?.id).toBe(longId);
  });
});
