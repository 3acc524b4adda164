/**
 * manifest.json: what a bundle is (format and version), when it was exported, and how many lines each kind's file
 * holds. The export writes it last, so a folder whose export did not finish has none and is refused.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

export const FORMAT = "institute-bundle";
export const FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";

export interface Manifest {
  format: typeof FORMAT;
  format_version: number;
  /** ISO 8601, UTC. */
  exported_at: string;
  /** Lines per kind (every kind the exporter knows, zero included). */
  counts: Record<string, number>;
}

/** A bundle refused as a whole (no manifest, another format or version); the message is the one line to show. */
export class BundleRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BundleRefused";
  }
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
}

const isCounts = (v: unknown): v is Record<string, number> =>
  typeof v === "object" &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((n) => Number.isSafeInteger(n) && (n as number) >= 0);

export async function readManifest(dir: string): Promise<Manifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new BundleRefused(
      code === "ENOENT"
        ? `${file}: missing; ${dir} is not a bundle (or its export did not finish)`
        : `${file}: cannot be read (${code})`,
    );
  }
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text);
  } catch {
    throw new BundleRefused(`${file}: not JSON`);
  }
  if (typeof m !== "object" || m === null || m.format !== FORMAT)
    throw new BundleRefused(`${file}: not an institute bundle (format must be "${FORMAT}")`);
  if (m.format_version !== FORMAT_VERSION) {
    throw new BundleRefused(
      `${file}: bundle format version ${JSON.stringify(m.format_version)} is not supported; this importer reads version ${FORMAT_VERSION}`,
    );
  }
  if (typeof m.exported_at !== "string" || Number.isNaN(Date.parse(m.exported_at)))
    throw new BundleRefused(`${file}: exported_at must be an ISO 8601 time`);
  if (!isCounts(m.counts)) throw new BundleRefused(`${file}: counts must map each kind to its number of lines`);
  return m as unknown as Manifest;
}
