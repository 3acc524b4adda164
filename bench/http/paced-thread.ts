/**
 * runPaced on a thread of its own. Inside the bench's main thread, the generator shared a heap with every run's
 * latencies and captured answers, and the ceiling's p99 at a few thousand requests a second read 14-16 ms where the
 * same generator in a process of its own read under 2 ms: requests fell due while the main thread collected
 * garbage. A worker has its own heap, collector and event loop.
 */
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import type { LoadRun } from "./load.js";
import { runPaced } from "./paced-load.js";

type PacedOptions = Parameters<typeof runPaced>[0];

const MARK = "paced-load-thread";

export function runPacedOnThread(options: PacedOptions): Promise<LoadRun> {
  const worker = new Worker(new URL("./typescript-worker.mjs", import.meta.url), {
    workerData: { module: import.meta.url, [MARK]: options },
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (run: LoadRun) => resolve(run));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the load thread exited (code ${code}) before its answer`)));
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[MARK]) {
  const run = await runPaced((workerData as Record<string, PacedOptions>)[MARK]!);
  parentPort!.postMessage(run, [run.latencies.buffer as ArrayBuffer]);
}
