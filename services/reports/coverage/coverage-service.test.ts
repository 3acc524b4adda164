/** CoverageService through the in-memory Connect router transport: order, the delivered filter, and the limit check. */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { CoverageService } from "../../../gen/institute/reports/v1/coverage_pb.js";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/test-database.js";
import { createCoverageService } from "./service.js";
import { BULK_COVERAGE, COFFEE, fillCoverage } from "../../../test/fixtures/coverage.js";

let db: TestDatabase;
let client: Client<typeof CoverageService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "coverage");
  await fillCoverage(db.owner);
  client = createClient(CoverageService, createRouterTransport((r) => r.service(CoverageService, createCoverageService({ db: db.reader }))));
});
afterAll(() => db?.drop());

describe("CoverageService.ListCoverageArtifacts", () => {
  it("lists most recently ended first, the id breaking ties, each marked delivered when an artifact came back", async () => {
    const { artifacts } = await client.listCoverageArtifacts({ limit: 4 });
    expect(artifacts.map((a) => [a.coverageId, a.status, a.delivered, a.artifact])).toEqual([
      ["cov-3", "expired", false, undefined],
      ["cov-2", "failed", false, undefined],
      ["cov-1", "completed", true, COFFEE],
      ["cov-bulk-01", "completed", true, "Bulk artifact 1"],
    ]);
  });

  it("filters on delivered: only artifacts, only rows without one, or both", async () => {
    const ids = async (delivered: boolean | undefined) => (await client.listCoverageArtifacts({ delivered, limit: 1001 })).artifacts.map((a) => a.coverageId);
    expect(await ids(false)).toEqual(["cov-3", "cov-2"]);
    expect((await ids(true)).length).toBe(1 + BULK_COVERAGE);
    expect((await ids(undefined)).length).toBe(3 + BULK_COVERAGE);
  });

  it("refuses a limit outside 1 to 1001", async () => {
    const err = await client.listCoverageArtifacts({ limit: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.InvalidArgument);
  });
});
