import { create } from "@bufbuild/protobuf";
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  PortfolioMetricsSchema,
  PortfolioService,
  type PortfolioMetrics,
} from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { loadConfig } from "../../lib/config/config.js";
import { createPostgresObjectStore } from "../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import type { ServiceDeps } from "../deps.js";
import { computeMetrics, type NavPoint } from "./metrics.js";
import { portfolioRoutes } from "./routes.js";
import { createPortfolioService } from "./service.js";
import { createPortfolioStore } from "./store.js";
import {
  fillPortfolios,
  fixture,
  insertPortfolio,
  insertSnapshots,
  LEADERBOARD_ORDER,
  sgTime,
} from "../../test/fixtures/portfolio.js";

let db: TestDatabase;
let deps: ServiceDeps;
let client: Client<typeof PortfolioService>;

beforeAll(async () => {
  db = await createTestDatabase(inject("adminUrl"));
  await fillPortfolios(db.owner);
  deps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({ LOG_LEVEL: "silent" }),
    now: Date.now,
  };
  client = createClient(PortfolioService, createRouterTransport(portfolioRoutes(deps)));
});
afterAll(() => db?.drop());

/** What the service must answer for a portfolio: the pure metrics of its expected daily series. */
function expected(
  id: string,
  benchmarkId: string | null,
  daily: NavPoint[],
  benchmarkDaily: NavPoint[] | null,
): PortfolioMetrics {
  const values = Object.fromEntries(
    Object.entries(computeMetrics(daily, benchmarkDaily)).map(([k, v]) => [k, v ?? undefined]),
  );
  return create(PortfolioMetricsSchema, { ...values, portfolioId: id, benchmarkId: benchmarkId ?? undefined });
}
const expectedFixture = (id: string) => {
  const p = fixture(id);
  return expected(id, p.benchmarkId, p.daily, p.benchmarkId ? fixture(p.benchmarkId).daily : null);
};

async function connectError(call: Promise<unknown>): Promise<ConnectError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectError);
  return error as ConnectError;
}

describe("GetMetrics", () => {
  it("collapses several snapshots a day to the last of each Singapore work date", async () => {
    const { metrics } = await client.getMetrics({ portfolioId: "p-alpha" });
    expect(metrics).toEqual(expectedFixture("p-alpha"));
    // The 23:30 UTC snapshot of 03-04 is the 03-05 point; the 10:00 and 22:00 UTC ones lost to later ones.
    expect(metrics).toMatchObject({
      nSnapshots: 4,
      nReturns: 3,
      firstAt: sgTime("2026-03-03", "09:00"),
      lastAt: sgTime("2026-03-06", "17:00"),
      startNav: 100,
      latestNav: 106,
      benchmarkId: "bench-sti",
    });
    expect(metrics!.totalReturnPct).toBeCloseTo(6, 12);
    expect(metrics!.maxDrawdownPct).toBeCloseTo((102 / 104 - 1) * 100, 12);
    expect(metrics!.currentDrawdownPct).toBe(0);
    expect(metrics!.benchmarkReturnPct).toBeCloseTo((1040 / 1010 - 1) * 100, 12); // 03-03 .. 03-06
    expect(metrics!.alphaPct).toBeCloseTo(6 - (1040 / 1010 - 1) * 100, 12);
  });

  it("answers for a benchmark portfolio too", async () => {
    const { metrics } = await client.getMetrics({ portfolioId: "bench-sti" });
    expect(metrics).toEqual(expectedFixture("bench-sti"));
    expect(metrics!.benchmarkId).toBeUndefined();
    expect(metrics!.alphaPct).toBeUndefined();
  });

  it("leaves undefined values unset: a single snapshot, and none", async () => {
    const lone = (await client.getMetrics({ portfolioId: "p-lone" })).metrics!;
    expect(lone).toEqual(
      create(PortfolioMetricsSchema, {
        portfolioId: "p-lone",
        nSnapshots: 1,
        nReturns: 0,
        firstAt: fixture("p-lone").daily[0]!.at,
        lastAt: fixture("p-lone").daily[0]!.at,
        startNav: 100,
        latestNav: 100,
        benchmarkId: "bench-sti",
      }),
    );
    const empty = (await client.getMetrics({ portfolioId: "p-empty" })).metrics!;
    expect(empty).toEqual(
      create(PortfolioMetricsSchema, { portfolioId: "p-empty", nSnapshots: 0, nReturns: 0, benchmarkId: "bench-sti" }),
    );
  });

  it("is NotFound for an unknown portfolio and InvalidArgument for an empty id", async () => {
    const missing = await connectError(client.getMetrics({ portfolioId: "no-such-portfolio" }));
    expect(missing.code).toBe(Code.NotFound);
    expect(missing.rawMessage).toBe("unknown portfolio: no-such-portfolio");
    expect((await connectError(client.getMetrics({ portfolioId: "" }))).code).toBe(Code.InvalidArgument);
  });
});

describe("GetLeaderboard", () => {
  it("holds every persona portfolio, by Sharpe descending, nulls last, ties by portfolio_id", async () => {
    const res = await client.getLeaderboard({ limit: 0 });
    expect(res.leaderboard.map((m) => m.portfolioId)).toEqual(LEADERBOARD_ORDER);
    expect(res.count).toBe(LEADERBOARD_ORDER.length);
    expect(res.leaderboard).toEqual(LEADERBOARD_ORDER.map(expectedFixture));
    const sharpes = res.leaderboard.map((m) => m.sharpe);
    expect(sharpes.slice(0, 4).every((s) => typeof s === "number")).toBe(true);
    expect(sharpes.slice(4)).toEqual([undefined, undefined, undefined]);
    expect(sharpes[1]).toBe(sharpes[2]); // p-delta and p-gamma tie
  });

  it("cuts to a positive limit and counts what it returns", async () => {
    const res = await client.getLeaderboard({ limit: 2 });
    expect(res.leaderboard.map((m) => m.portfolioId)).toEqual(["p-alpha", "p-delta"]);
    expect(res.count).toBe(2);
    expect((await client.getLeaderboard({ limit: 100 })).count).toBe(LEADERBOARD_ORDER.length);
    expect((await connectError(client.getLeaderboard({ limit: -1 }))).code).toBe(Code.InvalidArgument);
  });
});

describe("the metrics cache", () => {
  // Benchmark-kind portfolios, so the leaderboard above is untouched by what these tests write.
  const start = [
    [sgTime("2026-03-02", "12:00"), 200],
    [sgTime("2026-03-03", "12:00"), 210],
    [sgTime("2026-03-04", "12:00"), 205],
  ] as Array<[number, number]>;

  function countingService() {
    const store = createPortfolioStore(db.reader);
    const calls = { series: 0 };
    const counting = { ...store, dailySeries: (ids: readonly string[]) => (calls.series++, store.dailySeries(ids)) };
    const service = createPortfolioService(deps, { store: counting });
    return {
      calls,
      client: createClient(
        PortfolioService,
        createRouterTransport((router) => router.service(PortfolioService, service)),
      ),
    };
  }

  beforeAll(async () => {
    await insertPortfolio(db.owner, { id: "cache-ref", kind: "benchmark", benchmarkId: null });
    await insertPortfolio(db.owner, { id: "cache-mut", kind: "benchmark", benchmarkId: "cache-ref" });
    await insertSnapshots(db.owner, "cache-ref", [
      [sgTime("2026-03-02", "12:00"), 10],
      [sgTime("2026-03-04", "12:00"), 11],
    ]);
    await insertSnapshots(db.owner, "cache-mut", start);
  });

  it("serves repeated calls without reading the series again", async () => {
    const { calls, client: c } = countingService();
    const first = await c.getLeaderboard({ limit: 0 });
    const second = await c.getLeaderboard({ limit: 0 });
    expect(second).toEqual(first);
    expect(calls.series).toBe(1);
    await c.getMetrics({ portfolioId: "p-alpha" });
    expect(calls.series).toBe(1);
  });

  it("recomputes when a snapshot arrives, is corrected, or the benchmark moves", async () => {
    const { calls, client: c } = countingService();
    const metrics = async () => (await c.getMetrics({ portfolioId: "cache-mut" })).metrics!;
    const refDaily = [
      { at: sgTime("2026-03-02", "12:00"), nav: 10 },
      { at: sgTime("2026-03-04", "12:00"), nav: 11 },
    ];
    const daily = (rows: Array<[number, number]>) => rows.map(([at, nav]) => ({ at, nav }));

    expect(await metrics()).toEqual(expected("cache-mut", "cache-ref", daily(start), refDaily));
    expect(await metrics()).toEqual(expected("cache-mut", "cache-ref", daily(start), refDaily));
    expect(calls.series).toBe(1);

    // A later snapshot the same work date replaces that day's point.
    const later: [number, number] = [sgTime("2026-03-04", "18:00"), 220];
    await insertSnapshots(db.owner, "cache-mut", [later]);
    const afterInsert = [...start.slice(0, 2), later];
    expect(await metrics()).toEqual(expected("cache-mut", "cache-ref", daily(afterInsert), refDaily));
    expect(calls.series).toBe(2);

    // A corrected NAV keeps count and newest taken_at, and still invalidates.
    await db.owner.query(
      "UPDATE portfolio.nav_snapshots SET nav = 199 WHERE portfolio_id = 'cache-mut' AND taken_at = $1",
      [start[0]![0]],
    );
    const corrected = [[start[0]![0], 199] as [number, number], ...afterInsert.slice(1)];
    expect(await metrics()).toEqual(expected("cache-mut", "cache-ref", daily(corrected), refDaily));
    expect(calls.series).toBe(3);

    // The benchmark's series is part of the key.
    await insertSnapshots(db.owner, "cache-ref", [[sgTime("2026-03-04", "20:00"), 12]]);
    const movedRef = [refDaily[0]!, { at: sgTime("2026-03-04", "20:00"), nav: 12 }];
    const moved = await metrics();
    expect(moved).toEqual(expected("cache-mut", "cache-ref", daily(corrected), movedRef));
    expect(moved.benchmarkReturnPct).toBeCloseTo(20, 12);
    expect(calls.series).toBe(4);
  });
});
