/**
 * What the modern era adds to every result: `resultType: "complete"` (this endpoint never asks for more input),
 * the server's identity in `_meta` (kept beside any `_meta` the result already has), and the caching hints of the
 * methods that have them.
 */
import type { CacheHints } from "./cache-hints.js";
import { META_SERVER_INFO } from "./era.js";

export function modernResultFields(
  result: unknown,
  server: { name: string; title: string; version: string },
  hints: CacheHints | undefined,
): Record<string, unknown> {
  const own = (result as { _meta?: Record<string, unknown> })._meta;
  return {
    resultType: "complete",
    ...(hints ?? {}),
    _meta: { ...own, [META_SERVER_INFO]: server },
  };
}
