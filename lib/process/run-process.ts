/**
 * How every entry point runs when started directly: build, listen, then on SIGTERM (or SIGINT) close in the
 * process's own order (stop accepting, let in-flight work finish within SHUTDOWN_TIMEOUT_MS, drain NATS, end the
 * pools) and exit 0. A close that overruns its bound is cut short with exit 1, so a stuck dependency can never
 * keep a pod terminating forever. A start that fails prints one line, naming the variable to change where it can (a
 * configuration error, a port in use), exit 1; LOG_LEVEL=debug adds the stack.
 */
import { pathToFileURL } from "node:url";
import { ConfigError } from "../config/config.js";
import { collectStartUpGarbage } from "./collect-start-up-garbage.js";
import { keepShortLivedObjectsYoung } from "./short-lived-stay-young.js";
import { StartError } from "./start-error.js";
import { failureLine, wantsStack } from "./failure-line.js";

/** True when the module at `moduleUrl` is the script node was started with (not imported by a test). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  return Boolean(script) && moduleUrl === pathToFileURL(script!).href;
}

export interface Running {
  /** Stops everything, in order; resolves when done. */
  close(): Promise<void>;
  /** One line on standard error once listening (the launcher and operators read it). */
  banner?: string;
  log?: { info(fields: object, message?: string): void; error(fields: object, message?: string): void };
  /** SHUTDOWN_TIMEOUT_MS: the in-flight bound the process's close() honours. */
  shutdownTimeoutMs: number;
}

/** Grace beyond the in-flight bound for draining the bus and ending the pools. */
const TEARDOWN_GRACE_MS = 5_000;

export function runProcess(name: string, start: () => Promise<Running>) {
  keepShortLivedObjectsYoung();
  start()
    .then(async (running) => {
      await collectStartUpGarbage();
      if (running.banner) process.stderr.write(`${running.banner}\n`);
      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) return;
        stopping = true;
        running.log?.info({ signal }, `${name} shutting down`);
        const bound = running.shutdownTimeoutMs + TEARDOWN_GRACE_MS;
        const timer = setTimeout(() => {
          running.log?.error({ boundMs: bound }, `${name} did not stop in time; exiting`);
          process.exit(1);
        }, bound);
        timer.unref();
        running.close().then(
          () => process.exit(0),
          (err) => {
            running.log?.error({ err }, `${name} failed while shutting down`);
            process.exit(1);
          },
        );
      };
      process.on("SIGTERM", () => stop("SIGTERM"));
      process.on("SIGINT", () => stop("SIGINT"));
    })
    .catch((e: unknown) => {
      process.stderr.write(`${name} failed to start: ${explain(e)}\n`);
      if (wantsStack() && e instanceof Error) process.stderr.write(`${e.stack}\n`);
      process.exit(1);
    });
}

function explain(e: unknown): string {
  if (e instanceof ConfigError || e instanceof StartError) return e.message;
  const { code, address, port } = (e ?? {}) as { code?: string; address?: string; port?: number };
  if (code === "EADDRINUSE")
    return `${address}:${port} is already in use: change the variable that names this port (PORT, METRICS_PORT)`;
  if (code === "EACCES" && port !== undefined)
    return `this user may not listen on ${address}:${port}: choose a port above 1023`;
  return failureLine(e);
}
