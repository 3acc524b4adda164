/**
 * `npm run bench -- sdk-server`: the hand-written tool endpoint beside the official SDK's server
 * (@modelcontextprotocol/server 2.4.0) serving the same tools/call (bench/sdk-server/), in both eras, measured in the
 * same run: req/s and the server's CPU µs per request, the SDK's as a ratio of ours. Each server is its own child
 * process; rounds alternate between them so a busy moment of a shared machine falls on both. Short by default
 * (--duration 4 s, --rounds 2, --warmup 2 s, --connections 8).
 */
import path from "node:path";
import { startChild, type BenchChild } from "./http/child-process.js";
import { combineRuns, runLoad, type LoadRequest, type LoadRun } from "./http/load.js";
import { watchProcess } from "./http/process-watch.js";
import { numberOption } from "./number-option.js";
import { table } from "./stats.js";
import { TOOL_NAME } from "./sdk-server/served-tool.js";

export const ENTRIES = {
  "hand-written": "bench/sdk-server/hand-written-endpoint.ts",
  "SDK 2.4.0": "bench/sdk-server/sdk-endpoint.ts",
} as const;
export type ServerName = keyof typeof ENTRIES;

const MODERN_META = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1.0.0" },
};

const call = (id: number, meta?: object) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id,
    method: "tools/call",
    params: { name: TOOL_NAME, arguments: {}, ...(meta ? { _meta: meta } : {}) },
  });

const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };

export const CASES: Record<string, LoadRequest> = {
  "tools/call, 2025-11-25": {
    method: "POST",
    path: "/api/mcp",
    headers: { ...headers, "mcp-protocol-version": "2025-11-25" },
    body: call(1),
    status: 200,
  },
  "tools/call, 2026-07-28": {
    method: "POST",
    path: "/api/mcp",
    headers: {
      ...headers,
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": TOOL_NAME,
    },
    body: call(1, MODERN_META),
    status: 200,
  },
};

interface Measured {
  runs: LoadRun[];
  cpuSeconds: number;
}

/** The tool's answer, whichever server gave it: both must serve the same structuredContent. */
export async function structuredContent(url: string, request: LoadRequest): Promise<string> {
  const res = await fetch(`${url}${request.path}`, { method: "POST", headers: request.headers, body: request.body });
  const body = (await res.json()) as { result?: { structuredContent?: unknown; isError?: boolean } };
  if (res.status !== 200 || !body.result?.structuredContent || body.result.isError)
    throw new Error(`${url} did not answer the call: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return JSON.stringify(body.result.structuredContent);
}

export async function sdkServerBench(argv: string[]) {
  const seconds = numberOption(argv, "duration", 4);
  const rounds = numberOption(argv, "rounds", 2);
  const warmup = numberOption(argv, "warmup", 2, { zero: true });
  const connections = numberOption(argv, "connections", 8);
  const servers = new Map<ServerName, { child: BenchChild; url: string }>();
  try {
    for (const [name, entry] of Object.entries(ENTRIES) as Array<[ServerName, string]>) {
      const child = await startChild({ name, entry: path.normalize(entry), env: {}, ready: /listening on (\d+)/ });
      servers.set(name, { child, url: `http://127.0.0.1:${child.match[1]}` });
    }
    const rows: string[][] = [];
    for (const [label, request] of Object.entries(CASES)) {
      const answers = new Set<string>();
      for (const { url } of servers.values()) answers.add(await structuredContent(url, request));
      if (answers.size !== 1) throw new Error(`${label}: the two servers answered differently`);
      const measured = new Map<ServerName, Measured>();
      for (const { url } of servers.values())
        if (warmup > 0) await runLoad({ url, request, seconds: warmup, connections });
      for (let round = 0; round < rounds; round++) {
        // Alternate which server goes first, so neither always follows the other's garbage collection.
        const order = [...servers.entries()];
        if (round % 2 === 1) order.reverse();
        for (const [name, { child, url }] of order) {
          const watch = watchProcess(child.pid);
          const run = await runLoad({ url, request, seconds, connections });
          const use = watch.stop();
          if (run.errors > 0 || run.unexpected > 0)
            throw new Error(`${name}, ${label}: ${run.errors} errors, ${run.unexpected} unexpected statuses`);
          const m = measured.get(name) ?? { runs: [], cpuSeconds: 0 };
          m.runs.push(run);
          m.cpuSeconds += use.cpuSeconds ?? NaN;
          measured.set(name, m);
        }
      }
      const figures = new Map(
        [...measured].map(([name, m]) => {
          const result = combineRuns(m.runs);
          return [name, { ...result, cpuUs: (m.cpuSeconds * 1e6) / result.requests }] as const;
        }),
      );
      const ours = figures.get("hand-written")!;
      for (const [name, f] of figures)
        rows.push([
          label,
          name,
          f.rps.toFixed(0),
          f.p50.toFixed(2),
          f.p99.toFixed(2),
          f.cpuUs.toFixed(0),
          `${(f.rps / ours.rps).toFixed(2)}x`,
          `${(f.cpuUs / ours.cpuUs).toFixed(2)}x`,
        ]);
    }
    console.log(
      `\nThe tool endpoint beside the SDK's server: ${TOOL_NAME} over an in-memory catalog client, ${connections} connections, ` +
        `${rounds} rounds of ${seconds} s per server and case after ${warmup} s of warm-up\n`,
    );
    console.log(
      table(["case", "server", "req/s", "p50 ms", "p99 ms", "CPU µs/req", "req/s vs ours", "CPU vs ours"], rows),
    );
  } finally {
    for (const { child } of servers.values()) await child.stop();
  }
}
