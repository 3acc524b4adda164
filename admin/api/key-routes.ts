/**
 * The operator's key routes (admin listener only; payloads in docs/access-control.md):
 *   POST   /api/v1/admin/keys                  mint: {name, scopes, expires_at?} → 201 the key, shown once
 *   GET    /api/v1/admin/keys                  list (never a secret)
 *   GET    /api/v1/admin/keys/{keyId}          one key
 *   DELETE /api/v1/admin/keys/{keyId}          revoke (idempotent)
 *   POST   /api/v1/admin/keys/{keyId}/rotate   {overlap_seconds?, expires_at?} → 201 the successor, shown once
 * Every action is logged with key ids, names and scopes, never a key or the operator token, and writes an audit row
 * (actor `admin-api`, the client address).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Pool } from "../../lib/db/pool.js";
import {
  checkExpiry,
  findKey,
  KeyAdminError,
  keyState,
  listKeys,
  type KeyRow,
  type MintedKey,
} from "../../gateway/auth/key-admin.js";
import { parseExpiry } from "../../gateway/auth/key-expiry.js";
import { mintAudited, revokeAudited, rotateAudited } from "../audited-keys.js";
import { keyViewSchema, mintBodySchema, mintedSchema, rotateBodySchema } from "./key-schemas.js";

/** Where the routes are served: registered under the admin API's prefix (/api), so relative to it. */
export const ADMIN_KEYS_PATH = "/api/v1/admin/keys";
const KEYS = "/v1/admin/keys";

export interface AdminKeyRoutesOptions {
  owner: Pool;
  now: () => number;
}

/** `expires_at` of a payload: epoch milliseconds, a string as `keys --expires` takes it, or null/absent for none. */
function expiryOf(value: unknown, now: number): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value === "number") return checkExpiry(value, now);
  if (typeof value === "string") return parseExpiry(value, now);
  throw new KeyAdminError(
    "expires_at must be epoch milliseconds, a date or instant string, a duration such as 30d, or null",
  );
}

/** Who acts through these routes, as the audit log records it: the holder of the operator token, from an address. */
const byAdminApi = (request: FastifyRequest) => ({ actor: "admin-api", address: request.ip ?? null });

const minted = (k: MintedKey) => ({
  key_id: k.keyId,
  key: k.key,
  name: k.name,
  scopes: k.scopes,
  created_at: k.createdAt,
  expires_at: k.expiresAt,
  rotated_from: k.rotatedFrom,
});

const view = (k: KeyRow, now: number) => ({ ...k, state: keyState(k, now) });

export async function adminKeyRoutes(app: FastifyInstance, opts: AdminKeyRoutesOptions) {
  const { owner, now } = opts;
  const params = {
    type: "object",
    properties: { keyId: { type: "string", maxLength: 100 } },
    required: ["keyId"],
  } as const;

  app.post(KEYS, { schema: { body: mintBodySchema, response: { 201: mintedSchema } } }, async (request, reply) => {
    const body = request.body as { name: string; scopes: string[]; expires_at?: unknown };
    const at = now();
    const expiresAt = expiryOf(body.expires_at, at);
    const key = await mintAudited(owner, { name: body.name, scopes: body.scopes, expiresAt }, byAdminApi(request), at);
    request.log.info(
      { admin: "mint", key_id: key.keyId, name: key.name, scopes: key.scopes, expires_at: key.expiresAt },
      "admin: key minted",
    );
    return reply.code(201).send(minted(key));
  });

  app.get(
    KEYS,
    {
      schema: {
        response: {
          200: {
            type: "object",
            properties: { keys: { type: "array", items: keyViewSchema }, count: { type: "integer" } },
          },
        },
      },
    },
    async () => {
      const at = now();
      const keys = (await listKeys(owner)).map((k) => view(k, at));
      return { keys, count: keys.length };
    },
  );

  app.get(`${KEYS}/:keyId`, { schema: { params, response: { 200: keyViewSchema } } }, async (request) => {
    const { keyId } = request.params as { keyId: string };
    const key = await findKey(owner, keyId);
    if (!key) throw new KeyAdminError(`no key ${keyId}`, "not_found");
    return view(key, now());
  });

  app.delete(`${KEYS}/:keyId`, { schema: { params, response: { 200: keyViewSchema } } }, async (request) => {
    const { keyId } = request.params as { keyId: string };
    const at = now();
    const revoked = await revokeAudited(owner, keyId, byAdminApi(request), at);
    if (revoked) request.log.info({ admin: "revoke", key_id: keyId }, "admin: key revoked");
    const key = await findKey(owner, keyId);
    if (!key) throw new KeyAdminError(`no key ${keyId}`, "not_found");
    return view(key, at);
  });

  app.post(
    `${KEYS}/:keyId/rotate`,
    { schema: { params, body: rotateBodySchema, response: { 201: mintedSchema } } },
    async (request, reply) => {
      const { keyId } = request.params as { keyId: string };
      const body = (request.body ?? {}) as { overlap_seconds?: number; expires_at?: unknown };
      const at = now();
      const overlapMs = body.overlap_seconds === undefined ? undefined : body.overlap_seconds * 1000;
      const { successor, previous } = await rotateAudited(
        owner,
        { keyId, overlapMs, expiresAt: expiryOf(body.expires_at, at) },
        byAdminApi(request),
        at,
      );
      request.log.info(
        {
          admin: "rotate",
          key_id: successor.keyId,
          rotated_from: previous.keyId,
          previous_expires_at: previous.expiresAt,
          expires_at: successor.expiresAt,
        },
        "admin: key rotated",
      );
      return reply
        .code(201)
        .send({ ...minted(successor), previous: { key_id: previous.keyId, expires_at: previous.expiresAt } });
    },
  );
}
