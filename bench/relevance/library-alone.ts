/**
 * libraryRun (library-run.ts) in a process of its own. A graph's memory is the process's after its build less
 * before it, and V8 frees a graph's half copy (WebAssembly memory) when it chooses: a graph measured after another
 * in one process counted the first one's copy before its build and not after (docs/benchmark.md, "Where 32/384
 * stops finding 0.98"), and the large run's own index, stopped just before, could be counted the same way. A new
 * process starts from the vectors alone. They go to it through a file in the temporary folder, one float32 array
 * end to end, beside the ids, queries and truth as JSON; it answers with the row as JSON on standard output.
 */
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GraphKind } from "../../lib/vector/ann-graph.js";
import type { GraphTuning } from "../../lib/vector/graph-tuning.js";
import type { LibraryRow } from "./library-run.js";
import { undoneOnInterrupt } from "../interrupt.js";

/** What library-child.ts reads beside the vectors' file. */
export interface LibraryInputs {
  kind: GraphKind;
  tuning: GraphTuning | null;
  dimensions: number;
  ids: string[];
  queries: number[][];
  truth: { score: number }[][];
}

const CHILD = path.join(import.meta.dirname, "library-child.ts");
/** The child runs TypeScript and measures after collections, whatever the parent was started with (a test runner). */
const CHILD_FLAGS = ["--import", "tsx", "--expose-gc"];

function writeVectors(file: string, vectors: readonly Float32Array[]): void {
  const fd = openSync(file, "w");
  try {
    for (const v of vectors) writeSync(fd, new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
  } finally {
    closeSync(fd);
  }
}

export async function libraryRunAlone(
  kind: GraphKind,
  ids: string[],
  vectors: Float32Array[],
  queries: Float32Array[],
  truth: { score: number }[][],
  tuning?: GraphTuning,
): Promise<LibraryRow> {
  const dir = mkdtempSync(path.join(tmpdir(), "library-alone-"));
  const removeDir = undoneOnInterrupt(() => rmSync(dir, { recursive: true, force: true }));
  try {
    writeVectors(path.join(dir, "vectors.f32"), vectors);
    const inputs: LibraryInputs = {
      kind,
      tuning: tuning ?? null,
      dimensions: vectors[0]!.length,
      ids,
      queries: queries.map((q) => [...q]),
      truth,
    };
    writeFileSync(path.join(dir, "inputs.json"), JSON.stringify(inputs));
    const child = spawn(process.execPath, [...CHILD_FLAGS, CHILD, dir], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    if (code !== 0) throw new Error(`library run (${kind}) in its own process exited with ${code}`);
    return JSON.parse(out) as LibraryRow;
  } finally {
    removeDir();
  }
}
