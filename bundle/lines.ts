/** Reads an NDJSON file one line at a time (constant memory), numbering lines from 1; a missing file has none. */
import { createReadStream } from "node:fs";
import { access } from "node:fs/promises";
import { createInterface } from "node:readline";

export async function fileExists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

export async function* readLines(file: string): AsyncGenerator<{ text: string; lineNo: number }> {
  if (!(await fileExists(file))) return;
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const text of lines) yield { text, lineNo: ++lineNo };
}
