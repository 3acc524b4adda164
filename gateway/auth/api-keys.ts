/**
 * Resolves an institute API key (`sk_ins_…`) to its principal. Only SHA-256 digests are stored or compared:
 * the lookup is by digest, so the secret itself is never compared byte by byte.
 * Answers are cached briefly; a revocation takes effect within `cacheSeconds`. An expiry never waits for the cache: a
 * cached key is refused from its `expires_at` on. Valid keys and refusals live in separate least-recently-used caches,
 * so a flood of random keys churns the refusals only and never pushes a live key out.
 */
import { createHash } from "node:crypto";
import { LruTtl } from "../../lib/cache/lru-ttl.js";
import type { Pool } from "../../lib/db/pool.js";

export const API_KEY_PREFIX = "sk_ins_";

export interface ApiKeyPrincipal {
  kind: "api_key";
  keyId: string;
  name: string;
  scopes: ReadonlySet<string>;
}

export interface ApiKeyResolver {
  resolve(rawKey: string): Promise<ApiKeyPrincipal | undefined>;
  /** The principal when the key's last look-up is still fresh and valid: answered from memory, never the database. */
  remembered(rawKey: string): ApiKeyPrincipal | undefined;
  /** True when the key resolved to a principal at its last look-up (even if that answer has gone stale since). */
  known(rawKey: string): boolean;
}

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

const VALID_LIMIT = 10_000;
const REFUSED_LIMIT = 100_000;

export function createApiKeyResolver(
  pool: Pool,
  options: { cacheSeconds: number; now?: () => number; validLimit?: number; refusedLimit?: number },
): ApiKeyResolver {
  const now = options.now ?? Date.now;
  const ttl = options.cacheSeconds * 1000;
  const valid = new LruTtl<string, { principal: ApiKeyPrincipal; expiresAt: number | null }>(
    options.validLimit ?? VALID_LIMIT,
    ttl,
    now,
  );
  const refused = new LruTtl<string, true>(options.refusedLimit ?? REFUSED_LIMIT, ttl, now);

  async function lookup(digest: string): Promise<{ principal: ApiKeyPrincipal | undefined; expiresAt: number | null }> {
    const { rows } = await pool.query({
      name: "auth.key_by_digest",
      text: "SELECT key_id, name, scopes, expires_at, revoked_at FROM auth.api_keys WHERE key_sha256 = $1",
      values: [digest],
    });
    const row = rows[0];
    if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now()))
      return { principal: undefined, expiresAt: null };
    return {
      principal: { kind: "api_key", keyId: row.key_id, name: row.name, scopes: new Set(row.scopes) },
      expiresAt: row.expires_at,
    };
  }

  const wellFormed = (rawKey: string) => rawKey.startsWith(API_KEY_PREFIX) && rawKey.length <= 256;
  const unexpired = (hit: { principal: ApiKeyPrincipal; expiresAt: number | null }) =>
    hit.expiresAt !== null && hit.expiresAt <= now() ? undefined : hit.principal;

  return {
    async resolve(rawKey) {
      if (!wellFormed(rawKey)) return undefined;
      const digest = sha256Hex(rawKey);
      const hit = valid.get(digest);
      if (hit) return unexpired(hit);
      if (refused.get(digest)) return undefined;
      const { principal, expiresAt } = await lookup(digest);
      if (principal) {
        valid.set(digest, { principal, expiresAt });
        refused.delete(digest);
      } else {
        valid.delete(digest);
        refused.set(digest, true);
      }
      return principal;
    },
    remembered(rawKey) {
      const hit = wellFormed(rawKey) ? valid.get(sha256Hex(rawKey)) : undefined;
      return hit && unexpired(hit);
    },
    known(rawKey) {
      return wellFormed(rawKey) && valid.peekStale(sha256Hex(rawKey)) !== undefined;
    },
  };
}
