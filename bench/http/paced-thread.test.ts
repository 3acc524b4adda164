import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runPaced } from "./paced-load.js";
import { runPacedOnThread } from "./paced-thread.js";

/** Holds the calling thread's event loop for `ms`, as a long collection in the bench's main thread would. */
function hold(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe("runPacedOnThread (the steady-rate run apart from the bench's main thread)", () => {
  let server: ChildProcess;
  let url: string;
  const ok = { method: "GET" as const, path: "/", headers: {}, status: 200 };

  beforeAll(async () => {
    // The server answers from a process of its own, so holding this thread holds only the generator under test.
    const serve = `require("node:http").createServer((q, s) => s.end("ok")).listen(0, "127.0.0.1", function () { console.log(this.address().port); })`;
    server = spawn(process.execPath, ["-e", serve], { stdio: ["ignore", "pipe", "inherit"] });
    const [line] = (await once(server.stdout!, "data")) as [Buffer];
    url = `http://127.0.0.1:${line.toString().trim()}`;
  });
  afterAll(() => {
    server.kill();
  });

  it("answers as runPaced does: every request counted, its latencies handed back", async () => {
    const run = await runPacedOnThread({ url, request: ok, seconds: 1, connections: 2, rate: 40 });
    expect(run).toMatchObject({ requests: 40, seconds: 1, errors: 0, unexpected: 0 });
    expect(run.latencies).toBeInstanceOf(Float64Array);
    expect(run.latencies).toHaveLength(40);
  });

  it("is not held up while the main thread is busy, where runPaced in it counts the wait", async () => {
    const apart = runPacedOnThread({ url, request: ok, seconds: 1, connections: 2, rate: 50 });
    await new Promise((started) => setTimeout(started, 300));
    hold(400);
    const apartRun = await apart;
    expect(apartRun.requests).toBe(50);
    expect(Math.max(...apartRun.latencies)).toBeLessThan(200);

    const inline = runPaced({ url, request: ok, seconds: 1, connections: 2, rate: 50 });
    await new Promise((started) => setTimeout(started, 300));
    hold(400);
    const inlineRun = await inline;
    expect(Math.max(...inlineRun.latencies)).toBeGreaterThan(300);
  });
});
