/**
 * The process library-alone.ts starts for one graph: reads the vectors and inputs from the folder it is given, runs
 * libraryRun on them and writes the row as JSON on standard output.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LibraryInputs } from "./library-alone.js";
import { libraryRun } from "./library-run.js";

const dir = process.argv[2]!;
const inputs = JSON.parse(readFileSync(path.join(dir, "inputs.json"), "utf8")) as LibraryInputs;
const bytes = readFileSync(path.join(dir, "vectors.f32"));
// A small file's buffer may sit in Node's shared pool at an offset a float32 array cannot start at.
const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes);
const all = new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
const d = inputs.dimensions;
if (all.length !== inputs.ids.length * d) throw new Error("library child: the vectors do not fit the ids");
const vectors = inputs.ids.map((_, i) => all.subarray(i * d, (i + 1) * d));
const queries = inputs.queries.map((q) => Float32Array.from(q));
const row = await libraryRun(inputs.kind, inputs.ids, vectors, queries, inputs.truth, inputs.tuning ?? undefined);
process.stdout.write(JSON.stringify(row));
