import { execFileSync } from "node:child_process";
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { tempFolder } from "../test/bundle/bundle-files.js";
import { bodyFileOf, bodyFileProblem as problemOf, readBodyFile } from "./body-files.js";

const BOUND = 1024;
const bodyFileProblem = (dir: string, bound: number, file: string) => problemOf(dir, file, bound);

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
    expect(await bodyFileProblem(folder.dir, BOUND, "objects/memos/a.md")).toBeUndefined();
    expect(await bodyFileProblem(folder.dir, BOUND, "../outside.md")).toBe(`file "../outside.md" ${inside}`);
    expect(await bodyFileProblem(folder.dir, BOUND, "/etc/passwd")).toBe(`file "/etc/passwd" ${inside}`);
    expect(await bodyFileProblem(folder.dir, BOUND, "objects/./memos/a.md")).toBe(
      `file "objects/./memos/a.md" ${inside}`,
    );
    expect(await bodyFileProblem(folder.dir, BOUND, "objects/memos/b.md")).toBe(
      "body file objects/memos/b.md is missing",
    );
    expect(await bodyFileProblem(folder.dir, BOUND, "objects/memos")).toBe(
      "body file objects/memos is not a regular file",
    );
    folder.remove();
  });
});

describe("a body file, as hostile input", () => {
  const refusedAs = async (setUp: (dir: string) => void, file = "objects/a.md") => {
    const folder = tempFolder();
    try {
      mkdirSync(`${folder.dir}/objects`, { recursive: true });
      setUp(folder.dir);
      return await problemOf(folder.dir, file, BOUND);
    } finally {
      folder.remove();
    }
  };

  it("is never a symbolic link, to a file outside the bundle or inside it", async () => {
    expect(await refusedAs((dir) => symlinkSync("/etc/passwd", `${dir}/objects/a.md`))).toBe(
      "body file objects/a.md is a symbolic link; a body must be a regular file",
    );
    expect(
      await refusedAs((dir) => {
        writeFileSync(`${dir}/objects/b.md`, "# B\n");
        symlinkSync(`${dir}/objects/b.md`, `${dir}/objects/a.md`);
      }),
    ).toBe("body file objects/a.md is a symbolic link; a body must be a regular file");
  });

  it("never lies outside the bundle through a linked folder on its path", async () => {
    const outside = tempFolder();
    writeFileSync(`${outside.dir}/a.md`, "# secret\n");
    try {
      expect(await refusedAs((dir) => symlinkSync(outside.dir, `${dir}/objects/linked`), "objects/linked/a.md")).toBe(
        "body file objects/linked/a.md lies outside the bundle (a folder on its path is a symbolic link)",
      );
    } finally {
      outside.remove();
    }
  });

  it("is never a hard link: another name could be any file the importer may read", async () => {
    const outside = tempFolder();
    writeFileSync(`${outside.dir}/secret`, "root:x:0:0\n");
    try {
      expect(await refusedAs((dir) => linkSync(`${outside.dir}/secret`, `${dir}/objects/a.md`))).toBe(
        "body file objects/a.md has 1 other hard link(s); a body must be a file of its own (copy a bundle with cp -r, not cp -l)",
      );
    } finally {
      outside.remove();
    }
  });

  it("is never a FIFO or a device, and reading one does not block", async () => {
    expect(await refusedAs((dir) => execFileSync("mkfifo", [`${dir}/objects/a.md`]))).toBe(
      "body file objects/a.md is not a regular file",
    );
    expect(await problemOf("/", "dev/zero", BOUND)).toBe("body file dev/zero is not a regular file");
  });

  it("is at most the body bound, and UTF-8", async () => {
    expect(await refusedAs((dir) => writeFileSync(`${dir}/objects/a.md`, "x".repeat(BOUND)))).toBeUndefined();
    expect(await refusedAs((dir) => writeFileSync(`${dir}/objects/a.md`, "x".repeat(BOUND + 1)))).toBe(
      `body file objects/a.md is ${BOUND + 1} bytes, over the body bound (${BOUND} bytes)`,
    );
    expect(
      await refusedAs((dir) => writeFileSync(`${dir}/objects/a.md`, Buffer.from([0x23, 0x20, 0xff, 0xfe, 0xc3]))),
    ).toBe("body file objects/a.md is not valid UTF-8");
  });

  it("reads back exactly, a byte-order mark and control characters included", async () => {
    const folder = tempFolder();
    mkdirSync(`${folder.dir}/objects`);
    const body = "\uFEFF# A\u000b\u0007 😀\n";
    writeFileSync(`${folder.dir}/objects/a.md`, body);
    expect(await readBodyFile(folder.dir, "objects/a.md", BOUND)).toEqual({ body });
    folder.remove();
  });
});
