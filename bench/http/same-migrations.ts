/** Whether two checkouts migrate a database alike: every `migrations/` folder's files, by path and content. */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

const SKIPPED = new Set(["node_modules", "dist", ".git"]);

async function migrationFiles(root: string, dir = ""): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    if (!entry.isDirectory() || SKIPPED.has(entry.name)) continue;
    const sub = path.join(dir, entry.name);
    if (entry.name === "migrations")
      for (const file of await readdir(path.join(root, sub)))
        files.set(path.join(sub, file), await readFile(path.join(root, sub, file), "utf8"));
    else for (const [name, text] of await migrationFiles(root, sub)) files.set(name, text);
  }
  return files;
}

/** "" when both trees hold the same migrations, else the first file that differs. */
export async function sameMigrations(a: string, b: string): Promise<string> {
  const [ours, theirs] = await Promise.all([migrationFiles(a), migrationFiles(b)]);
  for (const name of new Set([...ours.keys(), ...theirs.keys()])) if (ours.get(name) !== theirs.get(name)) return name;
  return "";
}
