/**
 * coverage_artifacts is granted by party (spec §4.3): a coverage party in the hub roster loads the artifacts, one
 * not in the roster loads nothing and is told why, anyone else is refused. research_queue_pulse answers the
 * governor's pulse, or an empty valid one when no governor serves it.
 */
import { create } from "@bufbuild/protobuf";
import { createClient, createRouterTransport } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GovernorService, QueuePulseSchema } from "../../../gen/institute/governor/v1/governor_pb.js";
import { BULK_COVERAGE, COFFEE, fillCoverage, T0 } from "../../../test/fixtures/coverage.js";
import { createServiceClients, type ServiceTransports } from "../../upstream/clients.js";
import { createToolRunner } from "../tool-runner.js";
import { TOOLS } from "./index.js";
import {
  checkOutput,
  peer,
  refusal,
  startToolHarness,
  tool,
  VIEWER,
  type ToolHarness,
} from "../../../test/helpers/tool-harness.js";

let h: ToolHarness;

beforeAll(async () => {
  h = await startToolHarness({ fill: fillCoverage });
});
afterAll(() => h?.close());

const bound = (limit: number, returned: number, has_more: boolean) => ({ limit, returned, has_more, exact: true });
const granted = peer({ id: "party-a", coverage: true, inHubRoster: true });
const notInRoster = peer({ id: "party-k", coverage: true, inHubRoster: false });
const notGranted = peer({ id: "party-n", coverage: false, inHubRoster: true });

const cov1 = {
  coverage_id: "cov-1",
  topic: "Vietnam coffee",
  requested_by: "party-a",
  status: "completed",
  delivered: true,
  artifact: COFFEE,
  analyst_id: "a-zeta",
  work_date: "2026-03-08",
  created_at: T0,
  ended_at: T0 + 1000,
};
const cov2 = {
  coverage_id: "cov-2",
  topic: "Lithium",
  requested_by: "party-b",
  status: "failed",
  delivered: false,
  artifact: null,
  analyst_id: null,
  work_date: "2026-03-08",
  created_at: T0 + 10,
  ended_at: T0 + 2000,
};
const cov3 = {
  coverage_id: "cov-3",
  topic: "Nickel",
  requested_by: "party-a",
  status: "expired",
  delivered: false,
  artifact: null,
  analyst_id: "a-beta",
  work_date: "2026-03-08",
  created_at: T0 + 20,
  ended_at: T0 + 2000,
};

describe("coverage_artifacts", () => {
  it("serves a granted party in the hub roster: full text, and rows that ended without one, marked", async () => {
    expect(await h.call("coverage_artifacts", { limit: 3 }, granted)).toEqual({
      loaded: true,
      reason: null,
      artifacts: [cov3, cov2, cov1],
      count: 3,
      bound: bound(3, 3, true),
    });
    expect(await h.call("coverage_artifacts", { delivered: false }, granted)).toEqual({
      loaded: true,
      reason: null,
      artifacts: [cov3, cov2],
      count: 2,
      bound: bound(20, 2, false),
    });
    expect((await h.call("coverage_artifacts", { delivered: true, limit: 100 }, granted)).bound).toEqual(
      bound(100, 1 + BULK_COVERAGE, false),
    );
  });

  it("loads nothing for a granted party absent from the hub roster, and says why", async () => {
    expect(await h.call("coverage_artifacts", { limit: 5 }, notInRoster)).toEqual({
      loaded: false,
      reason: "party party-k is granted coverage but is not in the identity hub's roster, so it can load nothing",
      artifacts: [],
      count: 0,
      bound: bound(5, 0, false),
    });
  });

  it("refuses a party not granted coverage, and every institute key or OAuth identity", async () => {
    expect(await refusal(h.call("coverage_artifacts", {}, notGranted))).toEqual({
      category: "auth",
      code: "party_not_granted",
      message: "coverage_artifacts is granted by party, and party party-n is not granted coverage",
    });
    expect(await refusal(h.call("coverage_artifacts", {}, VIEWER))).toMatchObject({
      category: "auth",
      code: "party_not_granted",
    });
    const oauth = { kind: "oauth" as const, subject: "u-1", scopes: new Set(["viewer:read"]) };
    expect(await refusal(h.call("coverage_artifacts", {}, oauth))).toMatchObject({
      category: "auth",
      code: "party_not_granted",
    });
  });

  it("checks the limit even when it loads nothing", async () => {
    // The endpoint's one check of `limit` is the tool runner's, before the tool runs.
    const runner = createToolRunner(TOOLS, { clients: h.clients, cursors: h.cursors });
    const admitted = async () => runner.admit(tool("coverage_artifacts"), notInRoster, { limit: 101 });
    expect(await refusal(admitted())).toMatchObject({
      category: "validation",
      argument: "limit",
    });
  });
});

describe("research_queue_pulse", () => {
  it("is an empty, valid pulse while no governor serves one", async () => {
    expect(await h.call("research_queue_pulse")).toEqual({
      governor_present: false,
      enabled: null,
      in_flight: 0,
      in_flight_by_kind: {},
      submitted_this_hour: 0,
      hourly_ceiling: 60,
      pending_callbacks: 0,
      last_headroom: null,
      reserve: 1,
      last_decision: null,
      last_kickoff: null,
    });
  });

  it("is empty too when the governor client reaches no GovernorService", async () => {
    const clients = {
      ...h.clients,
      governor: createClient(
        GovernorService,
        createRouterTransport(() => {}),
      ),
    };
    const result = await tool("research_queue_pulse").call({}, { clients, principal: VIEWER, cursors: h.cursors });
    expect(result).toMatchObject({ governor_present: false, in_flight: 0, reserve: 1, last_decision: null });
  });

  it("reports the governor's pulse when a governor client is present", async () => {
    const pulse = create(QueuePulseSchema, {
      generatedAt: BigInt(T0),
      enabled: true,
      inFlight: 3,
      inFlightByKind: [
        { kind: "chain_tag", count: 2 },
        { kind: "logic_extract", count: 1 },
      ],
      submittedLastHour: 17,
      hourlyCeiling: 60,
      pendingCallbacks: 2,
      lastTick: {
        slotAt: BigInt(T0),
        decidedAt: BigInt(T0 + 5),
        outcome: "submitted",
        enabled: true,
        reserve: 1,
        headroom: 4,
        headroomBasis: "fleet",
        submittedLastHour: 17,
        budget: 4,
      },
    });
    const transport = createRouterTransport((r) => r.service(GovernorService, { getQueuePulse: () => ({ pulse }) }));
    const clients = {
      ...createServiceClients(new Proxy({}, { get: () => transport }) as ServiceTransports),
      governor: createClient(GovernorService, transport),
    };
    const definition = tool("research_queue_pulse");
    const result = await definition.call({}, { clients, principal: VIEWER, cursors: h.cursors });
    checkOutput(definition, result);
    expect(result).toMatchObject({
      governor_present: true,
      enabled: true,
      in_flight: 3,
      in_flight_by_kind: { chain_tag: 2, logic_extract: 1 },
      submitted_this_hour: 17,
      hourly_ceiling: 60,
      pending_callbacks: 2,
      last_headroom: 4,
      reserve: 1,
      last_kickoff: null,
    });
    expect(result.last_decision).toMatchObject({
      slot_at: T0,
      decided_at: T0 + 5,
      outcome: "submitted",
      headroom: 4,
      reserve: 1,
      fleet_nodes: null,
      drains: [],
    });
  });
});
