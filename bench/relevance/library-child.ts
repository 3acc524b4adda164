/**
 * The process library-alone.ts starts for one graph: reads the vectors and inputs from the folder it is given, runs
 * libraryRun on them and writes the row as JSON on standard output.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync } from "node:fs";
import path from "node:path";
import type { LibraryInputs } from "./library-alone.js";
import { libraryRun } from "./library-run.js";

const dir = process.argv[2]!;
const inputs = JSON.parse(readFileSync(path.join(dir, "inputs.json"), "utf8")) as LibraryInputs;
const d = inputs.dimensions;
const all = new Float32Array(inputs.ids.length * d);
// Read in pieces: a million vectors of 384 dimensions come near readFileSync's limit of 2 GiB.
const fd = openSync(path.join(dir, "vectors.f32"), "r");
try {
  const into = new Uint8Array(all.buffer);
  if (fstatSync(fd).size !== into.length) throw new Error("library child: the vectors do not fit the ids");
  for (let at = 0; at < into.length;) {
    const read = readSync(fd, into, at, Math.min(2 ** 28, into.length - at), at);
    if (read === 0) throw new Error("library child: the vectors' file ended early");
    at += read;
  }
} finally {
  closeSync(fd);
}
const vectors = inputs.ids.map((_, i) => all.subarray(i * d, (i + 1) * d));
const queries = inputs.queries.map((q) => Float32Array.from(q));
const row = await libraryRun(inputs.kind, inputs.ids, vectors, queries, inputs.truth, inputs.tuning ?? undefined);
process.stdout.write(JSON.stringify(row));
