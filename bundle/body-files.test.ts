import { mkdirSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../test/bundle/bundle-files.js";
import { bodyFileOf, bodyFileProblem } from "./body-files.js";

describe("body files", () => {
  it("keep a key of plain segments as its own path, and any other key under its SHA-256", () => {
    expect(bodyFileOf("reports/daily/2026-11-20/daily-editor.en.md")).toBe(
      "objects/reports/daily/2026-11-20/daily-editor.en.md",
    );
    expect(bodyFileOf("../escape.md")).toMatch(/^objects\/_by-sha256\/[0-9a-f]{64}$/);
    expect(bodyFileOf("a b.md")).toMatch(/^objects\/_by-sha256\/[0-9a-f]{64}$/);
    expect(bodyFileOf(".hidden")).toMatch(/^objects\/_by-sha256\//);
    // A file name without a dot, or a folder with one, could be another key's folder or file.
    expect(bodyFileOf("notes/readme")).toMatch(/^objects\/_by-sha256\//);
    expect(bodyFileOf("a.md/b.md")).toMatch(/^objects\/_by-sha256\//);
    expect(bodyFileOf("a.md")).toBe("objects/a.md");
  });

  it("must stay inside the bundle and exist as a file", async () => {
    const folder = tempFolder();
    mkdirSync(`${folder.dir}/objects/memos`, { recursive: true });
    writeFileSync(`${folder.dir}/objects/memos/a.md`, "# A\n");
    const inside = "must be a relative path inside the bundle (no leading /, no . or .. segments)";
    expect(await bodyFileProblem(folder.dir, "objects/memos/a.md")).toBeUndefined();
    expect(await bodyFileProblem(folder.dir, "../outside.md")).toBe(`file "../outside.md" ${inside}`);
    expect(await bodyFileProblem(folder.dir, "/etc/passwd")).toBe(`file "/etc/passwd" ${inside}`);
    expect(await bodyFileProblem(folder.dir, "objects/./memos/a.md")).toBe(`file "objects/./memos/a.md" ${inside}`);
    expect(await bodyFileProblem(folder.dir, "objects/memos/b.md")).toBe("body file objects/memos/b.md is missing");
    expect(await bodyFileProblem(folder.dir, "objects/memos")).toBe("body file objects/memos is not a file");
    folder.remove();
  });
});
