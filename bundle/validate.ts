/**
 * Validates a whole bundle before anything is written: the manifest, then every line of every kind's file, one
 * line at a time (constant memory). Each problem is `FILE:LINE: what is wrong`; a file whose number of lines is not
 * the manifest's count is a problem too (a truncated copy). The import writes only when there is none.
 * Every line is bounded in bytes and nesting depth and must be UTF-8 (lib/config/bundle.ts); characters XML 1.0
 * cannot carry are accepted (the text is the institute's) and counted per file, in `notices`.
 */
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { DEFAULT_BUNDLE_LIMITS, type BundleLimits } from "../lib/config/bundle.js";
import { nestedDeeperThan } from "../lib/json-depth.js";
import { fileOf, lineBoundOf, type Kind, type LineContext } from "./kind.js";
import { characterTally } from "./character-report.js";
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
  /** What is accepted but worth knowing, one line per file: characters XML 1.0 cannot carry. */
  notices: string[];
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
  context: LineContext,
): Promise<string[]> {
  if (text.trim() === "") return ["empty line"];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ["not JSON"];
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return ["must be a JSON object"];
  if (nestedDeeperThan(value, context.limits.depth))
    return [`nested deeper than ${context.limits.depth} levels (BUNDLE_MAX_DEPTH)`];
  // JSON text holds a NUL only escaped, so the walk runs only for lines that may have one.
  const nul = text.includes("\\u0000") ? nulField(value) : undefined;
  if (nul !== undefined) return [`field "${nul}" holds a NUL character, which PostgreSQL cannot store`];
  if (!validate(value)) return describeErrors(validate.errors ?? [], value);
  return kind.check ? await kind.check(value, context) : [];
}

export async function validateBundle(
  dir: string,
  kinds: readonly Kind<any>[],
  options: { maxProblems?: number; progress?: Progress; limits?: BundleLimits } = {},
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
  const limits = options.limits ?? DEFAULT_BUNDLE_LIMITS;
  const tally = characterTally();
  const context: LineContext = {
    dir,
    limits,
    characters: (file, text) => tally.count(path.join(dir, file), text),
  };
  for (const kind of kinds) {
    const file = path.join(dir, fileOf(kind));
    const bound = lineBoundOf(kind, limits);
    let n = 0;
    progress.start(kind.name);
    for await (const { text, lineNo, problem } of readLines(file, bound.bytes, bound.name)) {
      n = lineNo;
      const problems =
        text === undefined ? [problem!] : await lineProblems(kind, schemas.get(kind.name)!, text, context);
      for (const p of problems) report(`${file}:${lineNo}: ${p}`);
      if (text !== undefined && !problems.length) tally.countStrings(file, text);
      progress.add(kind.name, 1);
    }
    progress.done(kind.name);
    counts[kind.name] = n;
    const expected = manifest.counts[kind.name] ?? 0;
    if (n !== expected) report(`${file}: holds ${n} lines, the manifest counts ${expected}`);
  }
  if (more) problems.push(`… and ${more} more problems`);
  return { manifest, problems, counts, notices: tally.notices() };
}
