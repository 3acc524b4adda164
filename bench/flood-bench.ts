/**
 * `npm run bench -- flood`: what a flood of invalid credentials costs a valid caller. The all-in-one service answers
 * a valid key's GET /api/v1/analysts, first alone (quiet), then while `--flood` connections (50) present a fresh
 * random key with every request; the valid caller's p99 under the flood beside its quiet p99 is the ratio (target
 * at most 2x). Once with the failed-authentication throttle as configured by default, once with it off
 * (AUTH_FAILURE_PER_MINUTE=0), so what the throttle buys is visible. Options: --duration (s, 5), --connections (the
 * valid caller's, 10), --flood (50), --scale (1).
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { openBenchDatabase } from "./http/bench-database.js";
import { combineRuns, runLoad, type LoadResult } from "./http/load.js";
import { serviceEnv, startService } from "./http/targets.js";
import { ms, ratio, table } from "./stats.js";
import { numberOption } from "./number-option.js";

const say = (line: string) => process.stderr.write(`${line}\n`);

interface FloodOutcome {
  requests: number;
  statuses: Map<number, number>;
}

/** `connections` clients sending GETs, each with a key no one minted, for `seconds`. */
function flood(url: string, connections: number, seconds: number): Promise<FloodOutcome> {
  const statuses = new Map<number, number>();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/api/v1/analysts`,
        connections,
        duration: seconds,
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, "x-api-key": `sk_ins_${randomBytes(24).toString("base64url")}` },
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ requests: result.requests.total, statuses })),
    );
    instance.on("response", (_client: unknown, status: number) =>
      statuses.set(status, (statuses.get(status) ?? 0) + 1),
    );
  });
}

async function validCaller(url: string, key: string, connections: number, seconds: number): Promise<LoadResult> {
  const run = await runLoad({
    url,
    connections,
    seconds,
    request: { method: "GET", path: "/api/v1/analysts", headers: { "x-api-key": key }, status: 200 },
  });
  return combineRuns([run]);
}

export async function floodBench(argv: string[]): Promise<void> {
  const seconds = numberOption(argv, "duration", 5);
  const connections = numberOption(argv, "connections", 10);
  const floodConnections = numberOption(argv, "flood", 50);
  const bench = await openBenchDatabase({ scale: numberOption(argv, "scale", 1), seed: 1, asOf: "2026-11-20", say });
  const rows: string[][] = [];
  try {
    for (const [label, perMinute] of [
      ["throttle on (default)", undefined],
      ["throttle off", "0"],
    ] as const) {
      const env = { ...serviceEnv(bench.db), ...(perMinute ? { AUTH_FAILURE_PER_MINUTE: perMinute } : {}) };
      const { target, key } = await startService(env, { cache: true });
      try {
        say(`flood: ${label}: warming up, then quiet, then flooded (${seconds} s each)`);
        await validCaller(target.url, key, connections, 1);
        const quiet = await validCaller(target.url, key, connections, seconds);
        const [flooded, noise] = await Promise.all([
          validCaller(target.url, key, connections, seconds),
          flood(target.url, floodConnections, seconds),
        ]);
        const refused = [...noise.statuses].map(([status, n]) => `${n} × ${status}`).join(", ");
        rows.push([
          label,
          `${ms(quiet.p50)} / ${ms(quiet.p99)}`,
          `${ms(flooded.p50)} / ${ms(flooded.p99)}`,
          ratio(flooded.p99 / quiet.p99),
          String(flooded.unexpected + quiet.unexpected),
          `${Math.round(noise.requests / seconds)} req/s: ${refused}`,
        ]);
      } finally {
        await target.stop();
      }
    }
  } finally {
    await bench.close();
  }
  process.stdout.write(
    `\nA valid caller (${connections} connections, GET /api/v1/analysts) quiet and under a flood of ${floodConnections} connections of random keys:\n`,
  );
  process.stdout.write(
    `${table(["", "quiet p50 / p99 ms", "flooded p50 / p99 ms", "p99 flooded / quiet (target ≤ 2.0x)", "valid caller's non-200s", "the flood"], rows)}\n`,
  );
}
