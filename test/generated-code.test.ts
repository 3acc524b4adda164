/** Generated code is committed; this fails when it is stale against proto/ (as connect-es diff-checks buf generate). */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const work = mkdtempSync(path.join(tmpdir(), "buf-generate-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function files(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full, base) : [path.relative(base, full)];
  });
}

describe("generated protobuf code", () => {
  it("is what buf generate produces from proto/", () => {
    for (const entry of ["proto", "buf.yaml", "buf.gen.yaml"])
      cpSync(path.join(root, entry), path.join(work, entry), { recursive: true });
    const bin = path.join(root, "node_modules", ".bin");
    execFileSync(path.join(bin, "buf"), ["generate"], {
      cwd: work,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    const fresh = files(path.join(work, "gen")).sort();
    expect(files(path.join(root, "gen")).sort()).toEqual(fresh);
    for (const file of fresh) {
      expect(readFileSync(path.join(root, "gen", file), "utf8"), `gen/${file} is stale: run npm run generate`).toBe(
        readFileSync(path.join(work, "gen", file), "utf8"),
      );
    }
  });

  it("passes buf lint", () => {
    execFileSync(path.join(root, "node_modules", ".bin", "buf"), ["lint"], { cwd: root });
  });
});
