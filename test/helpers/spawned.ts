/**
 * A TypeScript entry point run as a process of its own (node with tsx's loader), for fault tests that kill processes: started,
 * awaited until it prints its ready line, killed with any signal, its output kept for a failure's message.
 */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface Spawned {
  pid: number;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** Sends the signal and resolves once the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  readonly exited: boolean;
}

export async function spawnReady(
  script: string,
  env: Record<string, string>,
  options: { ready: RegExp; timeoutMs?: number },
): Promise<Spawned> {
  // node itself with tsx's loader, not the tsx launcher, which would run the script in a child: the pid is the script's.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exit = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} was not ready in time:\n${output}`)),
      options.timeoutMs ?? 60_000,
    );
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (options.ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", seen);
    child.stderr!.on("data", seen);
    void exit.then(() => {
      clearTimeout(timer);
      reject(new Error(`${script} exited before it was ready:\n${output}`));
    });
  });
  await ready;
  return {
    pid: child.pid!,
    output: () => output,
    get exited() {
      return child.exitCode !== null || child.signalCode !== null;
    },
    async kill(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exit;
    },
  };
}
