/**
 * A server the benchmark runs as a child process: `node --import tsx <entry>` (no wrapper process, so the pid is
 * the server's own and its memory is the server's), started, awaited until a line on stdout says it is up, and
 * killed by id when the bench ends, whatever way it ends.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface BenchChild {
  name: string;
  pid: number;
  /** The first match of `ready` on stdout. */
  match: RegExpMatchArray;
  /** Lines the child wrote, for the error message when it dies. */
  output(): string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, "../..");
const children = new Set<ChildProcess>();

/** Kills every child still running; called on the bench's exit paths. */
export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      process.kill(child.pid, "SIGKILL");
    } catch {
      // One that exited a moment ago (not yet reaped) is gone: that must not hide the error being reported.
    }
  }
}
process.on("exit", killAllChildren);

export async function startChild(options: {
  name: string;
  entry: string;
  env: Record<string, string>;
  ready: RegExp;
  nodeArgs?: string[];
  timeoutMs?: number;
}): Promise<BenchChild> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", options.entry], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 200) lines.shift();
  };
  child.stderr!.on("data", keep);
  let stdout = "";
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `${options.name} did not start within ${(options.timeoutMs ?? 120_000) / 1000} s:\n${lines.join("")}`,
          ),
        ),
      options.timeoutMs ?? 120_000,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      keep(chunk);
      stdout += chunk.toString();
      const m = stdout.match(options.ready);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${options.name} exited (${code ?? signal}) before it was ready:\n${lines.join("")}`));
    });
  });
  child.removeAllListeners("exit");
  return {
    name: options.name,
    pid: child.pid!,
    match,
    output: () => lines.join(""),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return void children.delete(child);
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      children.delete(child);
    },
  };
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAllChildren();
    process.exit(130);
  });
}
