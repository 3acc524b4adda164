/**
 * Validates a whole bundle before anything is written: the manifest, then every line of every kind's file, one
 * line at a time (constant memory). Each problem is `FILE:LINE: what is wrong`; a file whose number of lines is not
 * the manifest's count is a problem too (a truncated copy). The import writes only when there is none.
 */
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { fileOf, type Kind } from "./kind.js";
import { describeErrors, nulField } from "./line-errors.js";
import { readLines } from "./lines.js";
import { MANIFEST_FILE, readManifest, type Manifest } from "./manifest.js";
import { silentProgress, type Progress } from "./progress.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv,
) => Ajv;

export interface ValidationResult {
  manifest: Manifest;
  /** At most `maxProblems`, then one line saying how many more there were. */
  problems: string[];
  /** Lines per kind, as found. */
  counts: Record<string, number>;
}

export function compileLineSchemas(kinds: readonly Kind<any>[]): Map<string, ValidateFunction> {
  const ajv = addFormats(new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false }));
  return new Map(kinds.map((k) => [k.name, ajv.compile(k.schema)]));
}

/** The problems of one line's text (empty when it is a good line of `kind`). */
export async function lineProblems(
  kind: Kind<any>,
  validate: ValidateFunction,
  text: string,
  dir: string,
): Promise<string[]> {
  if (text.trim() === "") return ["empty line"];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ["not JSON"];
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return ["must be a JSON object"];
  // JSON text holds a NUL only escaped, so the walk runs only for lines that may have one.
  const nul = text.includes("\\u0000") ? nulField(value) : undefined;
  if (nul !== undefined) return [`field "${nul}" holds a NUL character, which PostgreSQL cannot store`];
  if (!validate(value)) return describeErrors(validate.errors ?? [], value);
  return kind.check ? await kind.check(value, { dir }) : [];
}

export async function validateBundle(
  dir: string,
  kinds: readonly Kind<any>[],
  options: { maxProblems?: number; progress?: Progress } = {},
): Promise<ValidationResult> {
  const manifest = await readManifest(dir);
  const maxProblems = options.maxProblems ?? 200;
  const problems: string[] = [];
  let more = 0;
  const report = (problem: string) => (problems.length < maxProblems ? problems.push(problem) : more++);
  const known = new Set(kinds.map((k) => k.name));
  for (const name of Object.keys(manifest.counts))
    if (!known.has(name))
      report(`${path.join(dir, MANIFEST_FILE)}: counts a kind this importer does not know: "${name}"`);
  const schemas = compileLineSchemas(kinds);
  const progress = options.progress ?? silentProgress;
  const counts: Record<string, number> = {};
  for (const kind of kinds) {
    const file = path.join(dir, fileOf(kind));
    let n = 0;
    progress.start(kind.name);
    for await (const { text, lineNo } of readLines(file)) {
      n = lineNo;
      for (const problem of await lineProblems(kind, schemas.get(kind.name)!, text, dir))
        report(`${file}:${lineNo}: ${problem}`);
      progress.add(kind.name, 1);
    }
    progress.done(kind.name);
    counts[kind.name] = n;
    const expected = manifest.counts[kind.name] ?? 0;
    if (n !== expected) report(`${file}: holds ${n} lines, the manifest counts ${expected}`);
  }
  if (more) problems.push(`… and ${more} more problems`);
  return { manifest, problems, counts };
}
