/**
 * Where a body lives in a bundle, and reading it back safely. An object key made of plain path segments is its own
 * path under objects/ (objects/reports/daily/…/x.md), so a bundle reads like the store; any other key is stored
 * under its SHA-256. Plain means folders without a dot and a file name with one: then no key's file can be another
 * key's folder ("a.md" and "a.md/b.md"), and no plain path is a hashed one. A line's `file` must stay inside the
 * bundle: relative, no `.` or `..` segment.
 */
import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";

const PLAIN_KEY = /^([A-Za-z0-9_][A-Za-z0-9_-]*\/)*[A-Za-z0-9_][A-Za-z0-9_-]*\.[A-Za-z0-9._-]+$/;

export function bodyFileOf(key: string): string {
  if (PLAIN_KEY.test(key)) return `objects/${key}`;
  return `objects/_by-sha256/${createHash("sha256").update(key).digest("hex")}`;
}

/** Why `file` cannot be a body file of the bundle at `dir`, or undefined when it is one. */
export async function bodyFileProblem(dir: string, file: string): Promise<string | undefined> {
  const segments = file.split("/");
  if (path.isAbsolute(file) || file.includes("\\") || segments.some((s) => s === "" || s === "." || s === "..")) {
    return `file ${JSON.stringify(file)} must be a relative path inside the bundle (no leading /, no . or .. segments)`;
  }
  const found = await stat(path.join(dir, file)).catch(() => undefined);
  if (!found) return `body file ${file} is missing`;
  if (!found.isFile()) return `body file ${file} is not a file`;
  return undefined;
}
