/**
 * The compiled form of the product the cluster runs (`npm run build`, the launcher at every start, the image):
 * every TypeScript file of the product folders transpiled one by one with esbuild into `dist/` with the same
 * layout (imports already name `.js` files, so nothing is bundled or rewritten), each with a source map, and the
 * files those folders read at run time beside their modules (the migrations, which lib/db/migration-sources.ts
 * finds relative to its own URL), and the interactive views bundled into HTML (build-views.ts). Tests and the
 * benchmark are never built.
 *
 * Only files whose bytes changed are written, each through a temporary file renamed into place, so a build that
 * changes nothing writes nothing and a process that starts while another launch builds never reads half a file.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildViews, isViewSource } from "./build-views.js";
import { compile } from "./esbuild-service.js";

/** The folders whose code runs in production (README, Layout); test/ and bench/ are not among them. */
export const PRODUCT_FOLDERS = [
  "gen",
  "lib",
  "services",
  "gateway",
  "governor",
  "admin",
  "relay-simulator",
  "demo-data",
  "bundle",
  "app",
  "scripts",
] as const;

const isSource = (file: string) =>
  file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts") && !isViewSource(file);
/** Non-TypeScript files read at run time, relative to the module that reads them. */
const isRuntimeAsset = (file: string) => /(^|\/)migrations\/[^/]+\.sql$/.test(file);

export interface BuildResult {
  outDir: string;
  /** Files compiled, with their maps, and assets copied: everything the build produced. */
  files: number;
  /** Of those, the files whose content changed and were written. */
  written: number;
  /** Files left from an earlier build whose source is gone, removed. */
  removed: number;
}

/** Every file of the product folders, relative to `root`, with forward slashes. */
function productFiles(root: string): string[] {
  return PRODUCT_FOLDERS.flatMap((folder) =>
    (readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }) as string[]).map((f) =>
      path.posix.join(folder, f.split(path.sep).join("/")),
    ),
  );
}

/** Writes `contents` unless the file already holds exactly these bytes; true when it wrote. */
export function writeIfChanged(file: string, contents: Uint8Array): boolean {
  try {
    if (Buffer.from(contents).equals(readFileSync(file))) return false;
  } catch {
    // Not there yet.
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, contents);
  renameSync(temporary, file);
  return true;
}

function builtFilesIn(outDir: string): string[] {
  try {
    return (readdirSync(outDir, { recursive: true, encoding: "utf8" }) as string[])
      .map((f) => path.join(outDir, f))
      .filter((f) => /\.(js|js\.map|sql|html)$/.test(f));
  } catch {
    return [];
  }
}

/** Builds `root`'s product folders into `outDir` (default `<root>/dist`). */
export async function buildDist(root: string, outDir = path.join(root, "dist")): Promise<BuildResult> {
  const files = productFiles(root);
  const result = await compile({
    absWorkingDir: root,
    entryPoints: files.filter(isSource),
    outdir: outDir,
    outbase: root,
    bundle: false,
    format: "esm",
    platform: "node",
    target: "node20",
    // Stack traces name the .ts file and line (node --enable-source-maps); the sources themselves are not
    // embedded, which keeps each map, and what a process holds of it, small.
    sourcemap: "linked",
    sourcesContent: false,
    write: false,
    logLevel: "silent",
  });
  const outputs = new Map<string, Uint8Array>(result.outputFiles!.map((f) => [f.path, f.contents]));
  for (const asset of files.filter(isRuntimeAsset))
    outputs.set(path.join(outDir, asset), readFileSync(path.join(root, asset)));
  for (const [file, html] of await buildViews(root)) outputs.set(path.join(outDir, file), Buffer.from(html));
  let written = 0;
  for (const [file, contents] of outputs) if (writeIfChanged(file, contents)) written++;
  let removed = 0;
  for (const file of builtFilesIn(outDir))
    if (!outputs.has(file)) {
      rmSync(file, { force: true });
      removed++;
    }
  return { outDir, files: outputs.size, written, removed };
}
