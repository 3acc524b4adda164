/**
 * A server the benchmark runs as a child process: `node --import tsx <entry>` (no wrapper process, so the pid is
 * the server's own and its memory is the server's), started, awaited until a line on stdout says it is up, and
 * killed by id when the bench ends, whatever way it ends. Its standard output and error go to files, as a deployment's
 * logs do, not through a pipe into the bench: at the default LOG_LEVEL=info a server writes a line per request,
 * and reading them would take CPU from the load generator while it measures that server.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, fstatSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { undoOnInterrupt } from "../interrupt.js";

export interface BenchChild {
  name: string;
  pid: number;
  /** The first match of `ready` on stdout. */
  match: RegExpMatchArray;
  /** The last lines the child wrote (standard output, then standard error), for the error message when it dies. */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const children = new Set<ChildProcess>();
const logDirs = new Set<string>();

/** The last `bytes` of a file (all of it when shorter). */
function tail(file: string, bytes: number): string {
  const fd = openSync(file, "r");
  try {
    const size = fstatSync(fd).size;
    const length = Math.min(size, bytes);
    const buffer = Buffer.alloc(length);
    readSync(fd, buffer, 0, length, size - length);
    return buffer.toString("utf8");
  } finally {
    closeSync(fd);
  }
}

/** Kills every child still running and removes their log files; called on the bench's exit paths. */
export function killAllChildren(): void {
  for (const child of children) kill(child);
  for (const dir of logDirs) rmSync(dir, { recursive: true, force: true });
  logDirs.clear();
}
process.on("exit", killAllChildren);

function kill(child: ChildProcess): void {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    process.kill(child.pid, "SIGKILL");
  } catch {
    // One that exited a moment ago (not yet reaped) is gone: that must not hide the error being reported.
  }
}

export async function startChild(options: {
  name: string;
  entry: string;
  env: Record<string, string>;
  ready: RegExp;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<BenchChild> {
  const logDir = mkdtempSync(path.join(tmpdir(), "institute-bench-log-"));
  logDirs.add(logDir);
  const logFile = path.join(logDir, "stdout.log");
  const errFile = path.join(logDir, "stderr.log");
  const stdout = openSync(logFile, "w");
  const stderr = openSync(errFile, "w");
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", options.entry], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", stdout, stderr],
  });
  closeSync(stdout);
  closeSync(stderr);
  children.add(child);
  // Killed before what was started earlier (its database, say) is undone on an interrupt.
  const forget = undoOnInterrupt(() => kill(child));
  const output = () => `${tail(logFile, 16_384)}${tail(errFile, 16_384)}`;
  const timeoutMs = options.timeoutMs ?? 120_000;
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      // Until it is up a server writes a few lines only, so reading the whole file each time is cheap.
      const m = tail(logFile, 1 << 20).match(options.ready);
      if (m) {
        clearInterval(poll);
        resolve(m);
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(poll);
        reject(new Error(`${options.name} did not start within ${timeoutMs / 1000} s:\n${output()}`));
      }
    }, 50);
    child.once("exit", (code, signal) => {
      clearInterval(poll);
      reject(new Error(`${options.name} exited (${code ?? signal}) before it was ready:\n${output()}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    name: options.name,
    pid: child.pid!,
    match,
    output,
    async stop() {
      forget();
      if (child.exitCode !== null || child.signalCode !== null) {
        children.delete(child);
        rmSync(logDir, { recursive: true, force: true });
        return;
      }
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      children.delete(child);
      rmSync(logDir, { recursive: true, force: true });
      logDirs.delete(logDir);
    },
  };
}
