/**
 * The hand-written baseline's API-key check, as a user would write it: X-API-Key's SHA-256 looked up in
 * auth.api_keys, the answer cached for ten seconds, the route's scope checked.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type pg from "pg";

declare module "fastify" {
  interface FastifyContextConfig {
    scope?: string;
  }
}

export function apiKeyCheck(app: FastifyInstance, pool: pg.Pool) {
  const cache = new Map<string, { scopes: Set<string> | null; until: number }>();
  async function scopesOf(key: string): Promise<Set<string> | null> {
    const digest = createHash("sha256").update(key).digest("hex");
    const hit = cache.get(digest);
    if (hit && hit.until > Date.now()) return hit.scopes;
    const { rows } = await pool.query({
      name: "key",
      text: "SELECT scopes FROM auth.api_keys WHERE key_sha256 = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)",
      values: [digest, Date.now()],
    });
    const scopes = rows[0] ? new Set<string>(rows[0].scopes) : null;
    cache.set(digest, { scopes, until: Date.now() + 10_000 });
    return scopes;
  }
  app.addHook("onRequest", async (request, reply) => {
    const key = request.headers["x-api-key"];
    if (typeof key !== "string") return reply.code(401).send({ error: "missing API key" });
    const scopes = await scopesOf(key);
    if (!scopes) return reply.code(401).send({ error: "invalid API key" });
    const scope = request.routeOptions.config.scope;
    if (scope && !scopes.has(scope)) return reply.code(403).send({ error: `missing scope: ${scope}` });
  });
}
