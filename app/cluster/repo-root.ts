/**
 * The repository root: the nearest folder above this module holding package.json, so it is the same whether this
 * module runs from its source (app/cluster/) or compiled (dist/app/cluster/, which has no package.json).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
