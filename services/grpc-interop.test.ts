/** Any internal caller can use gRPC: a plain @grpc/grpc-js client calls a service served over HTTP/2. */
import * as grpc from "@grpc/grpc-js";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import {
  CatalogService,
  GetAnalystRequestSchema,
  GetAnalystResponseSchema,
  ListAnalystsRequestSchema,
  ListAnalystsResponseSchema,
} from "../gen/institute/catalog/v1/catalog_pb.js";
import { loadConfig } from "../lib/config/config.js";
import { createPostgresObjectStore } from "../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../test/helpers/test-database.js";
import { catalogRoutes } from "./catalog/routes.js";
import { buildServiceServer } from "../lib/rpc/connect-server.js";

let db: TestDatabase;
let server: Awaited<ReturnType<typeof buildServiceServer>>;
let client: grpc.Client;

const unary =
  <Req, Res>(method: string, serialize: (r: Req) => Buffer, deserialize: (b: Buffer) => Res) =>
  (request: Req) =>
    new Promise<Res>((resolve, reject) => {
      client.makeUnaryRequest(`/${CatalogService.typeName}/${method}`, serialize, deserialize, request, (err, res) =>
        err ? reject(err) : resolve(res!),
      );
    });

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  await db.owner.query(`INSERT INTO catalog.categories (category_id, name, name_en) VALUES ('macro', '宏观', 'Macro')`);
  await db.owner.query(`INSERT INTO catalog.analysts (analyst_id, name, name_en, category_id, tasks_default)
    VALUES ('lin-wei', '林蔚', 'Lin Wei', 'macro', '{daily_brief}')`);
  const deps = { db: db.reader, objects: createPostgresObjectStore(db.reader), config: loadConfig({}), now: Date.now };
  server = await buildServiceServer(catalogRoutes(deps));
  await server.listen({ port: 0, host: "127.0.0.1" });
  const { port } = server.server.address() as AddressInfo;
  client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client?.close();
  await server?.close();
  await db?.drop();
});

describe("gRPC over HTTP/2 with @grpc/grpc-js", () => {
  it("lists analysts", async () => {
    const list = unary(
      "ListAnalysts",
      (r: ReturnType<typeof create<typeof ListAnalystsRequestSchema>>) =>
        Buffer.from(toBinary(ListAnalystsRequestSchema, r)),
      (b) => fromBinary(ListAnalystsResponseSchema, b),
    );
    const res = await list(create(ListAnalystsRequestSchema, {}));
    expect(res.count).toBe(1);
    expect(res.analysts.map((a) => [a.id, a.name, a.nameEn, a.categoryNameEn, a.tasksDefault])).toEqual([
      ["lin-wei", "林蔚", "Lin Wei", "Macro", ["daily_brief"]],
    ]);
  });

  it("carries a domain failure as a gRPC status", async () => {
    const get = unary(
      "GetAnalyst",
      (r: ReturnType<typeof create<typeof GetAnalystRequestSchema>>) =>
        Buffer.from(toBinary(GetAnalystRequestSchema, r)),
      (b) => fromBinary(GetAnalystResponseSchema, b),
    );
    await expect(get(create(GetAnalystRequestSchema, { analystId: "nobody" }))).rejects.toMatchObject({
      code: grpc.status.NOT_FOUND,
    });
  });
});
