/**
 * The requests the HTTP benchmark measures, each with the target it is held to: reads at 1.0 or more of the
 * hand-written route in the all-in-one and 0.8 or more in the cluster, 304s at 0.6 or more of the ceiling.
 */
import type { LoadRequest } from "./load.js";

export interface BenchCase {
  id: string;
  label: string;
  request: LoadRequest;
  /** What the row is held to: the ratio to reach in each way to run, and against which baseline. */
  target: { against: "hand-written" | "ceiling"; ratio: Record<"all-in-one" | "cluster", number> };
  /** Built once the unconditional answer is known (a 304 case needs its ETag). */
  conditionalOn?: string;
}

const json = { "content-type": "application/json" };
const READ = { against: "hand-written", ratio: { "all-in-one": 1.0, cluster: 0.8 } } as const;
const NOT_MODIFIED = { against: "ceiling", ratio: { "all-in-one": 0.6, cluster: 0.6 } } as const;

export function benchCases(input: { dailyDate: string; searchQuery: string }): BenchCase[] {
  const get = (path: string): LoadRequest => ({ method: "GET", path, headers: {}, status: 200 });
  const daily = `/api/v1/reports/daily/${input.dailyDate}`;
  return [
    { id: "analysts", label: "GET /api/v1/analysts", request: get("/api/v1/analysts"), target: READ },
    {
      id: "threads",
      label: "GET /api/v1/whiteboard/threads?limit=50",
      request: get("/api/v1/whiteboard/threads?limit=50"),
      target: READ,
    },
    {
      id: "leaderboard",
      label: "GET /api/v1/portfolios/leaderboard",
      request: get("/api/v1/portfolios/leaderboard"),
      target: READ,
    },
    { id: "daily", label: "GET /api/v1/reports/daily/{date}", request: get(daily), target: READ },
    {
      id: "daily-304",
      label: "GET /api/v1/reports/daily/{date} If-None-Match (304)",
      request: { method: "GET", path: daily, headers: {}, status: 304 },
      target: NOT_MODIFIED,
      conditionalOn: "daily",
    },
    {
      id: "search",
      label: "POST /api/v1/search",
      request: {
        method: "POST",
        path: "/api/v1/search",
        headers: json,
        body: JSON.stringify({ query: input.searchQuery, top_k: 8 }),
        status: 200,
      },
      target: READ,
    },
    {
      id: "mcp",
      label: "POST /api/mcp tools/call whiteboard_list_boards",
      request: {
        method: "POST",
        path: "/api/mcp",
        headers: { ...json, accept: "application/json, text/event-stream" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "whiteboard_list_boards", arguments: {} },
        }),
        status: 200,
      },
      target: READ,
    },
  ];
}

/** The conditional case's request once the ETag of the answer it revalidates is known. */
export function withValidator(c: BenchCase, etag: string): BenchCase {
  return { ...c, request: { ...c.request, headers: { ...c.request.headers, "if-none-match": etag } } };
}
