/**
 * How long a restarted search process takes to answer: the search service group as the cluster runs it (`node
 * --enable-source-maps dist/app/service-group.js search`, compiled first), started on the benchmark's database with
 * the INDEX_DIR its indexes were saved to, timed from the spawn to its first search answered with search_ready true
 * and results (its /readyz polled every 50 ms meanwhile, then one Search call over the Connect protocol). The
 * process is stopped by its id afterwards.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import { buildDist } from "../../app/cluster/build.js";
import { REPO_ROOT } from "../../app/cluster/repo-root.js";

export interface RestartRun {
  /** Seconds from the spawn to the first search answered with results. */
  seconds: number;
  /** The process's resident set once it answered, MiB. */
  rssMib: number;
  /** Its log lines about snapshots. */
  lines: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN) / 1024;
}

const messageOf = (line: string) => {
  try {
    return (JSON.parse(line) as { msg?: string }).msg ?? line;
  } catch {
    return line;
  }
};

export async function restartRun(readerUrl: string, indexDir: string, query: string): Promise<RestartRun> {
  await buildDist(REPO_ROOT);
  const started = performance.now();
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/app/service-group.js", "search"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_READER_URL: readerUrl,
      INDEX_DIR: indexDir,
      HOST: "127.0.0.1",
      PORT: "0",
      METRICS_PORT: "0",
      LOG_LEVEL: "info",
      INDEX_REFRESH_MS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  try {
    let port: string | undefined;
    while (!port) {
      if (child.exitCode !== null) throw new Error(`the search process exited (${child.exitCode}):\n${output}`);
      port = output.match(/listening on [^\s:]+:(\d+), internal (\d+)/)?.[1];
      if (performance.now() - started > 600_000) throw new Error(`the search process did not listen:\n${output}`);
      if (!port) await sleep(20);
    }
    const search = createClient(
      SearchService,
      createConnectTransport({ baseUrl: `http://127.0.0.1:${port}`, httpVersion: "2" }),
    );
    for (;;) {
      const answer = await search.search({ query, topK: 8 }).catch(() => null);
      if (answer?.searchReady && answer.results.length > 0) break;
      if (child.exitCode !== null) throw new Error(`the search process exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 900_000) throw new Error(`the search process never answered:\n${output}`);
      await sleep(50);
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      rssMib: rssOf(child.pid!),
      lines: output
        .split("\n")
        .filter((l) => /snapshot|loaded from|saved to/.test(l))
        .map(messageOf),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}
