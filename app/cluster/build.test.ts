/**
 * The compiled form the cluster runs (build.ts), built into a temporary folder: one .js and one source map per product
 * module and nothing of the tests, the migrations where the compiled lib/db/migration-sources.js looks for them, a
 * rebuild that writes nothing when nothing changed and removes what no source yields any more, and stack traces that
 * name the TypeScript files under node --enable-source-maps.
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATION_SOURCES } from "../../lib/db/migration-sources.js";
import { APP_VIEWS } from "../../gateway/mcp/apps/app-views.js";
import { buildViews, isViewSource, VIEWS_OUTPUT_DIR } from "./build-views.js";
import { buildDist, PRODUCT_FOLDERS, type BuildResult } from "./build.js";
import { REPO_ROOT } from "./repo-root.js";
import { NODE_FLAGS } from "./topology.js";

let outDir: string;
let first: BuildResult;

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "institute-build-"));
  // Outside the repository the compiled modules need what dist/ finds above it: "type": "module" and node_modules.
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"));
  outDir = path.join(dir, "dist");
  first = await buildDist(REPO_ROOT, outDir);
}, 60_000);

afterAll(() => rmSync(path.dirname(outDir), { recursive: true, force: true }));

const filesUnder = (root: string, folder: string) =>
  (readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }) as string[]).map((f) =>
    path.join(folder, f),
  );

describe("npm run build", () => {
  it("compiles every product module, with its source map, and no test", () => {
    const sources = PRODUCT_FOLDERS.flatMap((folder) => filesUnder(REPO_ROOT, folder)).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !isViewSource(f),
    );
    expect(sources.length).toBeGreaterThan(100);
    for (const source of sources) {
      const compiled = path.join(outDir, source.replace(/\.ts$/, ".js"));
      expect(existsSync(compiled), compiled).toBe(true);
      expect(existsSync(`${compiled}.map`), `${compiled}.map`).toBe(true);
    }
    const built = PRODUCT_FOLDERS.flatMap((folder) => filesUnder(outDir, folder));
    expect(built.filter((f) => f.includes(".test."))).toEqual([]);
    expect(readdirSync(outDir).sort()).toEqual([...PRODUCT_FOLDERS].sort());
  });

  it("bundles each interactive view into one HTML file beside the module that serves it, the same bytes every build", async () => {
    for (const view of APP_VIEWS) {
      const built = readFileSync(path.join(outDir, VIEWS_OUTPUT_DIR, `${view.name}.html`), "utf8");
      expect(built.startsWith("<!doctype html>")).toBe(true);
      expect(built).toContain(`<title>${view.title}</title>`);
    }
    // Browser code is bundled, never compiled into a module of its own.
    expect(existsSync(path.join(outDir, "gateway/mcp/apps/views"))).toBe(false);
    const again = await buildViews(REPO_ROOT);
    for (const [file, html] of again) expect(readFileSync(path.join(outDir, file), "utf8"), file).toBe(html);
  });

  it("puts each migration where the compiled migration-sources.js looks for it", async () => {
    const compiled = (await import(pathToFileURL(path.join(outDir, "lib/db/migration-sources.js")).href)) as {
      MIGRATION_SOURCES: typeof MIGRATION_SOURCES;
    };
    expect(compiled.MIGRATION_SOURCES.map((s) => s.schema)).toEqual(MIGRATION_SOURCES.map((s) => s.schema));
    compiled.MIGRATION_SOURCES.forEach((built, i) => {
      expect(built.dir.startsWith(outDir), built.dir).toBe(true);
      expect(readdirSync(built.dir).sort(), built.schema).toEqual(readdirSync(MIGRATION_SOURCES[i]!.dir).sort());
    });
  });

  it("writes nothing when nothing changed, and removes what no source yields any more", async () => {
    expect(first.written).toBe(first.files);
    const orphan = path.join(outDir, "lib/removed-module.js");
    mkdirSync(path.dirname(orphan), { recursive: true });
    writeFileSync(orphan, "export {};\n");
    const again = await buildDist(REPO_ROOT, outDir);
    expect(again).toMatchObject({ files: first.files, written: 0, removed: 1 });
    expect(existsSync(orphan)).toBe(false);
  }, 60_000);

  it("keeps stack traces on the TypeScript sources under the topology's node flags", () => {
    const config = pathToFileURL(path.join(outDir, "lib/config/config.js")).href;
    const script = `import { loadConfig } from ${JSON.stringify(config)};
try { loadConfig({ PORT: "not-a-port" }); } catch (e) { console.log(e.stack); }`;
    const stackWith = (flags: readonly string[]) =>
      spawnSync(process.execPath, [...flags, "--input-type=module", "-e", script], { encoding: "utf8" }).stdout;
    const mapped = stackWith(NODE_FLAGS);
    expect(mapped).toMatch(new RegExp(`${path.join(REPO_ROOT, "lib/config/")}[\\w-]+\\.ts:\\d+:\\d+`));
    expect(mapped).not.toContain(outDir);
    // Without the flags the same trace names the compiled files: the maps are what the flag reads.
    expect(stackWith([])).toContain(path.join(outDir, "lib/config/"));
  });
});
