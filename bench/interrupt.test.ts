import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { describe, expect, it } from "vitest";

const INTERRUPT = path.join(import.meta.dirname, "interrupt.ts");

/** Runs a script that registers steps, says "ready", and is then sent `signal`; resolves with what it wrote and its exit code. */
async function interrupted(script: string, signal: NodeJS.Signals) {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr.on("data", (c: Buffer) => (out += c.toString()));
  while (!out.includes("ready")) await once(child.stdout, "data");
  child.kill(signal);
  const [code] = (await once(child, "exit")) as [number | null];
  return { out, code };
}

describe("undoOnInterrupt (what an interrupted bench undoes)", () => {
  it("runs the registered steps newest first, waits for each, skips the forgotten and the already undone ones, then exits 130", async () => {
    const script = `
      import { undoOnInterrupt, undoneOnInterrupt } from ${JSON.stringify(INTERRUPT)};
      undoOnInterrupt(() => console.log("stop the server"));
      undoOnInterrupt(async () => { await new Promise((r) => setTimeout(r, 200)); console.log("drop the database"); });
      const forget = undoOnInterrupt(() => console.log("already undone"));
      undoOnInterrupt(() => { throw new Error("the child was gone"); });
      forget();
      const remove = undoneOnInterrupt(() => console.log("removed by the bench"));
      remove();
      console.log("ready");
      setInterval(() => {}, 1000);
    `;
    const { out, code } = await interrupted(script, "SIGTERM");
    expect(code).toBe(130);
    expect(out.split("\n").filter(Boolean)).toEqual([
      "removed by the bench",
      "ready",
      "bench: SIGTERM: stopping what the bench started ...",
      "bench: while stopping: the child was gone",
      "drop the database",
      "stop the server",
    ]);
  });
});
