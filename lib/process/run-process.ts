/**
 * How every entry point runs when started directly: build, listen, then on SIGTERM (or SIGINT) close in the
 * process's own order (stop accepting, let in-flight work finish within SHUTDOWN_TIMEOUT_MS, drain NATS, end the
 * pools) and exit 0. A close that overruns its bound is cut short with exit 1, so a stuck dependency can never
 * keep a pod terminating forever. A start that fails prints one line (a configuration error) or the stack, exit 1.
 */
import { pathToFileURL } from "node:url";
import { ConfigError } from "../config.js";

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
  start()
    .then((running) => {
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
    .catch((e) => {
      process.stderr.write(e instanceof ConfigError ? `${e.message}\n` : `${name} failed to start: ${(e as Error).stack}\n`);
      process.exit(1);
    });
}
