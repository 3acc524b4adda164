/** Report bodies and archived documents by key (the spec's "r2"). PostgreSQL is the default backend. */
import { createHash } from "node:crypto";
import type { Pool } from "../db/pool.js";

export interface StoredObject {
  key: string;
  body: string;
  sha256: string;
  createdAt: number;
}

export interface ObjectStore {
  get(key: string): Promise<StoredObject | undefined>;
  put(key: string, body: string, createdAt?: number): Promise<StoredObject>;
}

export const sha256Hex = (body: string) => createHash("sha256").update(body).digest("hex");

export function createPostgresObjectStore(pool: Pool): ObjectStore {
  return {
    async get(key) {
      const { rows } = await pool.query({
        name: "objects.get",
        text: "SELECT key, body, sha256, created_at FROM objects.blobs WHERE key = $1",
        values: [key],
      });
      const r = rows[0];
      return r ? { key: r.key, body: r.body, sha256: r.sha256, createdAt: r.created_at } : undefined;
    },
    async put(key, body, createdAt = Date.now()) {
      const sha256 = sha256Hex(body);
      await pool.query(
        `INSERT INTO objects.blobs (key, body, sha256, bytes, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (key) DO UPDATE SET body = EXCLUDED.body, sha256 = EXCLUDED.sha256, bytes = EXCLUDED.bytes, created_at = EXCLUDED.created_at`,
        [key, body, sha256, Buffer.byteLength(body), createdAt],
      );
      return { key, body, sha256, createdAt };
    },
  };
}
