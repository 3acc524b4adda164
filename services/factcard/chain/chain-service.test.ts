/**
 * ChainService through the in-memory Connect router transport over a fresh database: keyset order and filters,
 * one fact with tags and links (origin from the configured project), chains, steps, tags, citations, and the
 * Connect codes internal callers see.
 */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ChainService } from "../../../gen/institute/factcard/v1/chain_pb.js";
import { loadConfig } from "../../../lib/config/config.js";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/test-database.js";
import { projectOrigin } from "./origin.js";
import { createChainService } from "./service.js";
import { BULK_FACTS, fillChain, T0 } from "../../../test/fixtures/chain.js";

let db: TestDatabase;
let client: Client<typeof ChainService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"), "chain");
  await fillChain(db.owner);
  const config = loadConfig({ PROJECT_NAME: "Research Institute (Pilot)" });
  client = createClient(
    ChainService,
    createRouterTransport((r) => r.service(ChainService, createChainService({ db: db.reader, config }))),
  );
});
afterAll(() => db?.drop());

async function failure(call: Promise<unknown>): Promise<{ code: Code; message: string }> {
  const err = await call.then(
    () => expect.unreachable("the call succeeded"),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectError);
  return { code: (err as ConnectError).code, message: (err as ConnectError).rawMessage };
}

describe("facts", () => {
  it("pages newest first, the fact id breaking a tie, strictly after a position, tags sorted", async () => {
    const { facts } = await client.pageChainFacts({ limit: 5 });
    expect(facts.map((f) => [f.factId, f.tags])).toEqual([
      ["f-c3", []],
      ["f-c2", ["copper"]],
      ["f-c1", ["copper", "supply"]],
      ["f-r1", ["rates"]],
      ["f-b-01", ["bulk"]],
    ]);
    const after = await client.pageChainFacts({ after: { at: BigInt(T0 + 300), id: "f-c3" }, limit: 2 });
    expect(after.facts.map((f) => f.factId)).toEqual(["f-c2", "f-c1"]);
  });

  it("filters by chain, analyst and tag", async () => {
    const ids = async (req: Parameters<typeof client.pageChainFacts>[0]) =>
      (await client.pageChainFacts({ limit: 100, ...req })).facts.map((f) => f.factId);
    expect(await ids({ chainId: "ch-copper" })).toEqual(["f-c3", "f-c2", "f-c1"]);
    expect(await ids({ analystId: "a-zeta" })).toEqual(["f-c2", "f-c1"]);
    expect(await ids({ tag: "copper", analystId: "a-zeta", chainId: "ch-copper" })).toEqual(["f-c2", "f-c1"]);
    expect((await ids({ tag: "bulk" })).length).toBe(BULK_FACTS);
  });

  it("gets one fact with its tags and provenance links, origin the project's identifier", async () => {
    const res = await client.getChainFact({ factId: "f-c1" });
    expect(res.fact?.statement).toBe("Smelters cut output.");
    expect(res.tags.map((t) => [t.tag, Number(t.taggedAt)])).toEqual([
      ["copper", T0 + 120],
      ["supply", T0 + 110],
    ]);
    expect(res.links.map((l) => [l.type, l.ref, l.origin, l.author, l.date, l.kind])).toEqual([
      ["artifact", "reports/a-zeta/copper.md", "research-institute-pilot", "a-zeta", "2026-03-01", "analyst_report"],
      ["artifact", "memo-run-7", "research-institute-pilot", "a-alpha", "2026-03-02", "committee_memo"],
    ]);
    expect((await client.listChainLinks({ factId: "f-c1", kind: "committee_memo" })).links.map((l) => l.ref)).toEqual([
      "memo-run-7",
    ]);
  });

  it("answers NotFound for an unknown fact or chain, an empty page past a chain's end", async () => {
    expect(await failure(client.getChainFact({ factId: "f-none" }))).toEqual({
      code: Code.NotFound,
      message: "chain fact not found: f-none",
    });
    expect(await failure(client.listChainFactTags({ factId: "f-none" }))).toEqual({
      code: Code.NotFound,
      message: "chain fact not found: f-none",
    });
    expect(await failure(client.listChainSteps({ chainId: "ch-none", limit: 1 }))).toEqual({
      code: Code.NotFound,
      message: "chain not found: ch-none",
    });
    expect((await client.listChainSteps({ chainId: "ch-copper", afterSeq: 3, limit: 5 })).facts).toEqual([]);
  });
});

describe("across facts", () => {
  it("lists chains most recently extended first, with span and authors", async () => {
    const { chains } = await client.listChains({ limit: 5 });
    expect(
      chains.map((c) => [
        c.chainId,
        c.factCount,
        c.firstWorkDate,
        c.lastWorkDate,
        c.analystIds,
        Number(c.lastCreatedAt),
      ]),
    ).toEqual([
      ["ch-copper", 3, "2026-03-01", "2026-03-04", ["a-zeta"], T0 + 300],
      ["ch-rates", 1, "2026-03-05", "2026-03-05", ["a-beta"], T0 + 50],
      ["ch-bulk", BULK_FACTS, "2026-01-05", "2026-01-05", ["a-gamma"], T0 - 10],
    ]);
    expect((await client.listChains({ analystId: "a-beta", limit: 5 })).chains.map((c) => c.chainId)).toEqual([
      "ch-rates",
    ]);
  });

  it("walks one chain in seq order, counts tags, and finds the facts citing an artifact", async () => {
    expect(
      (await client.listChainSteps({ chainId: "ch-copper", afterSeq: 1, limit: 5 })).facts.map((f) => f.seq),
    ).toEqual([2, 3]);
    expect((await client.listChainTags({ limit: 10 })).tags.map((t) => [t.tag, t.factCount])).toEqual([
      ["bulk", BULK_FACTS],
      ["copper", 2],
      ["rates", 1],
      ["supply", 1],
    ]);
    expect(
      (await client.listArtifactCitations({ ref: "reports/a-zeta/copper.md", limit: 5 })).facts.map((f) => f.factId),
    ).toEqual(["f-c3", "f-c1"]);
  });

  it("refuses malformed requests as InvalidArgument", async () => {
    expect(await failure(client.pageChainFacts({ limit: 0 }))).toMatchObject({ code: Code.InvalidArgument });
    expect(await failure(client.listChainLinks({ factId: "f-c1", kind: "memo" }))).toEqual({
      code: Code.InvalidArgument,
      message: "invalid kind 'memo': must be one of committee_memo, analyst_report, fact_card",
    });
    expect(await failure(client.listArtifactCitations({ ref: "", limit: 1 }))).toEqual({
      code: Code.InvalidArgument,
      message: "missing ref",
    });
    expect(await failure(client.pageChainFacts({ limit: 1, after: { at: 2n ** 60n, id: "x" } }))).toMatchObject({
      code: Code.InvalidArgument,
    });
  });
});

describe("origin", () => {
  it("is the project name as a slug, or an explicit identifier when configured", () => {
    expect(projectOrigin({ name: "Institute Research Publishing", description: "", color: "" })).toBe(
      "institute-research-publishing",
    );
    expect(projectOrigin({ name: "  Ünïcode Désk  ", description: "", color: "" })).toBe("unicode-desk");
    expect(projectOrigin({ name: "研究所", description: "", color: "" })).toBe("institute");
    expect(projectOrigin({ name: "x", description: "", color: "", id: "inst-01" } as never)).toBe("inst-01");
  });
});
