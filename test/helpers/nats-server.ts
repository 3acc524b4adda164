/**
 * The NATS server a test uses: NATS_URL when set, otherwise `nats-server -js` from PATH on a free loopback port with
 * a temporary store, stopped (and its store removed) by stop(). When neither is possible, `skip` says why, so the
 * test is skipped with that reason printed, never passed.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectNatsBus } from "../../lib/bus/nats-bus.js";
import { freePort } from "../../lib/net/free-port.js";

/** Takes a server this helper started down and brings it back on the same port with the same store (fault tests). */
export interface NatsControl {
  /** SIGTERM by default (a clean stop); SIGKILL kills it as a crash would. */
  down(signal?: NodeJS.Signals): Promise<void>;
  up(): Promise<void>;
}

export type TestNats =
  | { url: string; skip: null; stop(): Promise<void>; control: NatsControl | null }
  | { url: null; skip: string; stop(): Promise<void>; control: null };

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => (socket.end(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}

export async function startTestNats(): Promise<TestNats> {
  // Someone else's server: it cannot be restarted from here.
  if (process.env.NATS_URL) return { url: process.env.NATS_URL, skip: null, stop: async () => {}, control: null };
  const found = spawnSync("nats-server", ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0) {
    const skip = "NATS tests skipped: NATS_URL is unset and no nats-server binary is on PATH";
    process.stderr.write(`${skip}\n`);
    return { url: null, skip, stop: async () => {}, control: null };
  }
  const port = await freePort();
  const store = mkdtempSync(path.join(tmpdir(), "nats-test-"));
  const spawnServer = () =>
    spawn("nats-server", ["-js", "-a", "127.0.0.1", "-p", String(port), "-sd", store], { stdio: "ignore" });
  let child: ChildProcess = spawnServer();
  const down = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await exited;
    }
  };
  const listening = async () => {
    for (let i = 0; i < 100; i++) {
      if (child.exitCode !== null) return false;
      if (await canConnect(port)) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };
  const stop = async () => {
    await down();
    rmSync(store, { recursive: true, force: true });
  };
  const up = async () => {
    if (child.exitCode === null && child.signalCode === null) return;
    child = spawnServer();
    if (!(await listening())) throw new Error(`nats-server did not start again on port ${port}`);
  };
  if (await listening()) return { url: `nats://127.0.0.1:${port}`, skip: null, stop, control: { down, up } };
  await stop();
  const skip = `NATS tests skipped: nats-server did not start on port ${port}`;
  process.stderr.write(`${skip}\n`);
  return { url: null, skip, stop: async () => {}, control: null };
}

/** A run's teardown: its namespace's stream removed (a shared NATS_URL keeps none of the run's), then the server stopped. */
export async function removeRunAndStop(nats: TestNats, namespace: string): Promise<void> {
  if (nats.url) {
    const bus = await connectNatsBus({ servers: nats.url, namespace });
    await bus.removeStream();
    await bus.close();
  }
  await nats.stop();
}
