/**
 * The importer's bounds on a bundle (docs/bundle-format.md, "Bounds"), read from the environment by
 * lib/config/config.ts: a bundle is hostile input until proven otherwise, so every line, body and nesting depth has
 * a limit, and a bundle past one is refused line by line before anything is written.
 */
import { MAX_JSON_DEPTH } from "../json-depth.js";
import type { EnvReader } from "./env.js";

export interface BundleLimits {
  /** Bytes of one NDJSON line (its newline excluded). */
  lineBytes: number;
  /** Bytes of one body: a body file, or a line whose kind holds a document in the line (its bound is this one). */
  bodyBytes: number;
  /** How deep a line's objects and arrays may nest (the tool endpoint's bound). */
  depth: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_BUNDLE_LIMITS: BundleLimits = { lineBytes: 1 * MiB, bodyBytes: 16 * MiB, depth: MAX_JSON_DEPTH };

export function readBundleLimits(env: EnvReader): BundleLimits {
  return {
    lineBytes: env.whole("BUNDLE_MAX_LINE_BYTES", DEFAULT_BUNDLE_LIMITS.lineBytes, 1024, 256 * MiB),
    bodyBytes: env.whole("BUNDLE_MAX_BODY_BYTES", DEFAULT_BUNDLE_LIMITS.bodyBytes, 1024, 256 * MiB),
    depth: env.whole("BUNDLE_MAX_DEPTH", DEFAULT_BUNDLE_LIMITS.depth, 1, MAX_JSON_DEPTH),
  };
}
