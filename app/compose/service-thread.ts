/**
 * Runs service groups on a thread of this process (app/service-thread.ts) and calls them through a transport that
 * crosses to it (lib/rpc/thread-transport.ts). The all-in-one puts search there: a search is milliseconds of CPU at
 * an archive's real size, and on the gateway's thread every other request would wait behind it; on its own thread
 * it runs beside them, on another core.
 *
 * The thread's log lines go to `log`. The interceptors given run on this side, so the call metrics are this
 * process's (the server's duration includes the crossing). A thread that exits unasked is started again, after a
 * second and then twice as long each time it exits within a minute (at most 30 s); meanwhile its calls are
 * Unavailable and its health not serving, so the process is not ready.
 */
import { Code, ConnectError, type Interceptor, type Transport } from "@connectrpc/connect";
import { Worker } from "node:worker_threads";
import type { Config } from "../../lib/config/config.js";
import { createThreadTransport, type ThreadTransport } from "../../lib/rpc/thread-transport.js";
import type { ServiceGroup } from "../../services/groups.js";
import type { ServiceThreadData, ServiceThreadNews } from "../service-thread.js";

export interface ServiceThreadOptions {
  groups: ServiceGroup[];
  config: Config;
  /** The SELECT-only role's address: the thread opens a pool of its own. */
  readerUrl: string;
  indexesInBackground: boolean;
  interceptors: Interceptor[];
  /** The first wait before starting a thread that exited again (default 1 s). */
  restartAfterMs?: number;
}

export interface ThreadLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface ServiceThread {
  /** Calls the groups' services on the thread (whichever thread runs now); Unavailable before `start()`. */
  transport: Transport;
  /** Where the thread's lines go (set it before `start()`). */
  log: ThreadLog;
  /** Starts the thread; settles when it says it started: with its indexes loaded, unless loading in the background. */
  start(): Promise<void>;
  /** The thread running now, if any. */
  current(): Worker | undefined;
  /** Asks the thread to finish (its calls cancelled, its pool ended) and waits for it to exit. */
  stop(): Promise<void>;
}

const MAX_RESTART_MS = 30_000;
/** A thread up this long is trusted again: its next exit waits only the first delay. */
const STABLE_MS = 60_000;
const STOP_WAIT_MS = 10_000;

/** The thread's entry: the TypeScript source through the loader when this runs from sources, else the build's. */
function entry(): { url: URL; module: string | undefined } {
  if (!import.meta.url.endsWith(".ts"))
    return { url: new URL("../service-thread.js", import.meta.url), module: undefined };
  return {
    url: new URL("../../lib/process/typescript-thread.mjs", import.meta.url),
    module: new URL("../service-thread.ts", import.meta.url).href,
  };
}

export function createServiceThread(options: ServiceThreadOptions): ServiceThread {
  const name = options.groups.join(" and ");
  const first = options.restartAfterMs ?? 1_000;
  const { url, module } = entry();
  const data: ServiceThreadData & { module: string | undefined } = {
    module,
    groups: options.groups,
    config: options.config,
    readerUrl: options.readerUrl,
    indexesInBackground: options.indexesInBackground,
  };
  let current: { worker: Worker; transport: ThreadTransport } | undefined;
  let stopping = false;
  let delay = first;
  let restart: NodeJS.Timeout | undefined;

  function spawn(): Promise<void> {
    const worker = new Worker(url, { workerData: data, name: `${name} services` });
    const transport = createThreadTransport(worker, { interceptors: options.interceptors });
    const bornAt = Date.now();
    current = { worker, transport };
    return new Promise((resolve, reject) => {
      worker.on("message", (news: ServiceThreadNews) => {
        if (news.kind === "log") thread.log[news.level](news.message);
        else if (news.kind === "started") resolve();
      });
      worker.on("error", (e: Error) => thread.log.error(`the ${name} thread failed: ${e.stack ?? e.message}`));
      worker.on("exit", (code) => {
        const reason = `the ${name} thread exited (code ${code})`;
        transport.fail(reason);
        reject(new Error(reason));
        if (stopping) return;
        const wait = Date.now() - bornAt >= STABLE_MS ? first : delay;
        delay = Math.min(wait * 2, MAX_RESTART_MS);
        thread.log.error(`${reason}; starting it again in ${wait} ms`);
        restart = setTimeout(() => void spawn().catch(() => {}), wait);
      });
    });
  }

  const notStarted = new ConnectError(`the ${name} thread has not started`, Code.Unavailable);
  const thread: ServiceThread = {
    transport: {
      unary: (...call) => (current ? current.transport.unary(...call) : Promise.reject(notStarted)),
      stream: (...call) => (current ? current.transport.stream(...call) : Promise.reject(notStarted)),
    },
    log: { info: () => {}, warn: () => {}, error: () => {} },
    start: spawn,
    current: () => current?.worker,
    async stop() {
      stopping = true;
      clearTimeout(restart);
      if (!current) return;
      const { worker } = current;
      const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
      if (worker.threadId < 0) return;
      worker.postMessage({ kind: "stop" });
      const timer = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  return thread;
}
