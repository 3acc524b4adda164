/**
 * Where a body lives in a bundle, and reading it back safely. An object key made of plain path segments is its own
 * path under objects/ (objects/reports/daily/…/x.md), so a bundle reads like the store; any other key is stored
 * under its SHA-256. Plain means folders without a dot and a file name with one: then no key's file can be another
 * key's folder ("a.md" and "a.md/b.md"), and no plain path is a hashed one.
 *
 * A bundle is hostile input: a body must be a regular file whose real path lies inside the bundle, with no other
 * hard link (one could be a name for any file the importer may read), within the body bound, and UTF-8. It is
 * opened without following a link and checked again on the open descriptor, so a file swapped between the check
 * and the read is refused too, and a FIFO is never opened for reading (that would block).
 */
import { createHash } from "node:crypto";
import { constants } from "node:fs";
import { lstat, open, realpath } from "node:fs/promises";
import path from "node:path";

const PLAIN_KEY = /^([A-Za-z0-9_][A-Za-z0-9_-]*\/)*[A-Za-z0-9_][A-Za-z0-9_-]*\.[A-Za-z0-9._-]+$/;

export function bodyFileOf(key: string): string {
  if (PLAIN_KEY.test(key)) return `objects/${key}`;
  return `objects/_by-sha256/${createHash("sha256").update(key).digest("hex")}`;
}

export type BodyRead = { body: string; problem?: undefined } | { problem: string; body?: undefined };

const refuse = (problem: string): BodyRead => ({ problem });

/** The body at `file` of the bundle at `dir`, or why it cannot be one. */
export async function readBodyFile(dir: string, file: string, maxBytes: number): Promise<BodyRead> {
  const segments = file.split("/");
  if (path.isAbsolute(file) || file.includes("\\") || segments.some((s) => s === "" || s === "." || s === "..")) {
    return refuse(
      `file ${JSON.stringify(file)} must be a relative path inside the bundle (no leading /, no . or .. segments)`,
    );
  }
  const root = await realpath(dir);
  const full = path.join(root, file);
  const link = await lstat(full).catch(() => undefined);
  if (!link) return refuse(`body file ${file} is missing`);
  if (link.isSymbolicLink()) return refuse(`body file ${file} is a symbolic link; a body must be a regular file`);
  const real = await realpath(full).catch(() => full);
  if (!real.startsWith(root.endsWith(path.sep) ? root : root + path.sep))
    return refuse(`body file ${file} lies outside the bundle (a folder on its path is a symbolic link)`);
  if (!link.isFile()) return refuse(`body file ${file} is not a regular file`);
  const handle = await open(full, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(
    () => undefined,
  );
  if (!handle) return refuse(`body file ${file} cannot be opened`);
  try {
    const found = await handle.stat();
    if (!found.isFile() || found.ino !== link.ino || found.dev !== link.dev)
      return refuse(`body file ${file} changed while it was read`);
    if (found.nlink > 1)
      return refuse(
        `body file ${file} has ${found.nlink - 1} other hard link(s); a body must be a file of its own (copy a bundle with cp -r, not cp -l)`,
      );
    if (found.size > maxBytes)
      return refuse(`body file ${file} is ${found.size} bytes, over the body bound (${maxBytes} bytes)`);
    // One byte past the bound shows a file that grew after the stat.
    const buffer = Buffer.alloc(found.size + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length === buffer.length) return refuse(`body file ${file} changed while it was read`);
    }
    try {
      return { body: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(buffer.subarray(0, length)) };
    } catch {
      return refuse(`body file ${file} is not valid UTF-8`);
    }
  } finally {
    await handle.close();
  }
}

/** Why `file` cannot be a body file of the bundle at `dir`, or undefined when it is one. */
export async function bodyFileProblem(dir: string, file: string, maxBytes: number): Promise<string | undefined> {
  return (await readBodyFile(dir, file, maxBytes)).problem;
}
