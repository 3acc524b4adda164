/** The demo key `npm start` prints: every read scope, replaced (the previous one revoked) at each start. */
import type { Pool } from "../../lib/db/pool.js";
import { mintKey } from "./key-admin.js";
import { ALL_SCOPES } from "../../lib/scopes.js";

export const DEMO_KEY_NAME = "demo (npm start)";

export async function mintDemoKey(owner: Pool, now = Date.now()): Promise<string> {
  await owner.query("UPDATE auth.api_keys SET revoked_at = $2 WHERE name = $1 AND revoked_at IS NULL", [
    DEMO_KEY_NAME,
    now,
  ]);
  return (await mintKey(owner, { name: DEMO_KEY_NAME, scopes: [...ALL_SCOPES], now })).key;
}
