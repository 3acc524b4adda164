/**
 * The Docker command line as the deployment tests use it: every command time-bounded (a hung daemon fails the test
 * with the command and its output, never stalls the run), and one line saying why the tests cannot run here when no
 * daemon answers or no compose is installed. Never installs anything and never starts a daemon: on a machine without
 * one the tests are skipped; CI starts one first (.ci/run, scripts/with-docker-daemon.sh).
 */
import { spawn, spawnSync } from "node:child_process";

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  timeoutMs: number;
  input?: string;
  /** Resolve with the result instead of throwing when the command exits non-zero. */
  allowFailure?: boolean;
  cwd?: string;
}

const tail = (text: string, lines = 25) => text.trimEnd().split("\n").slice(-lines).join("\n");

/** Runs a command to completion within timeoutMs (then SIGKILL), collecting its output. */
export function run(command: string, args: readonly string[], options: RunOptions): Promise<Ran> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(new Error(`${command} ${args.join(" ")}: ${e.message}`));
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      const ran = { code: code ?? -1, stdout, stderr, ms: Date.now() - started };
      const line = `${command} ${args.join(" ")}`;
      if (timedOut)
        reject(new Error(`${line}: no answer within ${options.timeoutMs} ms\n${tail(stdout)}\n${tail(stderr)}`));
      else if (ran.code !== 0 && !options.allowFailure)
        reject(new Error(`${line}: exit ${ran.code}\n${tail(stdout)}\n${tail(stderr)}`));
      else resolve(ran);
    });
    child.stdin.end(options.input ?? "");
  });
}

const answers = (command: string, args: string[]) => {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 15_000 });
  return r.status === 0 ? r.stdout.trim() : null;
};

/** `docker compose` (the CLI plugin) when installed, else the standalone `docker-compose`, else null. */
export function composeCommand(): string[] | null {
  if (answers("docker", ["compose", "version", "--short"])) return ["docker", "compose"];
  if (answers("docker-compose", ["version", "--short"])) return ["docker-compose"];
  return null;
}

/** Why the deployment tests cannot run on this machine, or null when a daemon answers and compose is installed. */
export function dockerMissing(): string | null {
  if (answers("docker", ["--version"]) === null) return "no docker command on PATH";
  const server = answers("docker", ["version", "--format", "{{.Server.Version}}"]);
  if (!server)
    return `no Docker daemon answers at ${process.env.DOCKER_HOST || "the default socket"} (CI starts one: scripts/with-docker-daemon.sh)`;
  if (!composeCommand()) return "neither docker compose nor docker-compose is installed";
  return null;
}
