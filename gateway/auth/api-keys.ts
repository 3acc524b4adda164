/**
 * Resolves an institute API key (`sk_ins_…`) to its principal. Only SHA-256 digests are stored or compared:
 * the lookup is by digest, so the secret itself is never compared byte by byte.
 * Answers (including refusals) are cached briefly; a revocation takes effect within `cacheSeconds`. An expiry never
 * waits for the cache: a cached key is refused from its `expires_at` on.
 */
import { createHash } from "node:crypto";
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
}

export const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

const CACHE_LIMIT = 10_000;

export function createApiKeyResolver(pool: Pool, options: { cacheSeconds: number; now?: () => number }): ApiKeyResolver {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { principal: ApiKeyPrincipal | undefined; until: number; expiresAt: number | null }>();

  async function lookup(digest: string): Promise<{ principal: ApiKeyPrincipal | undefined; expiresAt: number | null }> {
    const { rows } = await pool.query({
      name: "auth.key_by_digest",
      text: "SELECT key_id, name, scopes, expires_at, revoked_at FROM auth.api_keys WHERE key_sha256 = $1",
      values: [digest],
    });
    const row = rows[0];
    if (!row || row.revoked_at !== null || (row.expires_at !== null && row.expires_at <= now())) return { principal: undefined, expiresAt: null };
    return { principal: { kind: "api_key", keyId: row.key_id, name: row.name, scopes: new Set(row.scopes) }, expiresAt: row.expires_at };
  }

  return {
    async resolve(rawKey) {
      if (!rawKey.startsWith(API_KEY_PREFIX) || rawKey.length > 256) return undefined;
      const digest = sha256Hex(rawKey);
      const hit = cache.get(digest);
      if (hit && hit.until > now()) return hit.expiresAt !== null && hit.expiresAt <= now() ? undefined : hit.principal;
      const { principal, expiresAt } = await lookup(digest);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(digest, { principal, until: now() + options.cacheSeconds * 1000, expiresAt });
      return principal;
    },
  };
}
