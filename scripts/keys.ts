/**
 * Operator key administration against the configured database, whether or not the service runs:
 *   npm run --silent keys -- mint --name NAME --scopes a,b [--expires 30d|2027-01-01]   prints the new key alone, once
 *   npm run --silent keys -- rotate KEY_ID [--overlap 24h] [--expires …]               prints the successor alone, once
 *   npm run keys -- list
 *   npm run keys -- revoke KEY_ID
 */
import { parseArgs } from "node:util";
import { KeyAdminError, keyState, listKeys, mintKey, revokeKey } from "../gateway/auth/key-admin.js";
import { parseDuration, parseExpiry } from "../gateway/auth/key-expiry.js";
import { rotateKey } from "../gateway/auth/key-rotation.js";
import { ALL_SCOPES, FEED_SCOPE } from "../lib/scopes.js";
import { loadConfig } from "../lib/config/config.js";
import { runCommand } from "../lib/process/run-command.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";

const USAGE = `usage: keys mint --name NAME --scopes a,b [--expires WHEN]
       keys rotate KEY_ID [--overlap 24h] [--expires WHEN]
       keys list | keys revoke KEY_ID
WHEN: a duration (30d, 12h, 90m), a date (2027-01-01, midnight UTC), an instant (2027-01-01T00:00:00Z) or never
      (rotate without --expires gives the successor the old key's lifetime again, from now)
list columns: key_id, name, scopes, created, state (active, expired, revoked <when>), expires (or never), rotated_from (or -)
scopes: ${ALL_SCOPES.join(", ")}; or ${FEED_SCOPE} alone: a feed token, the one credential a feed URL may carry (?token=)`;

const iso = (ms: number | null) => (ms === null ? "never" : new Date(ms).toISOString());

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      scopes: { type: "string" },
      expires: { type: "string" },
      overlap: { type: "string" },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || !["mint", "rotate", "list", "revoke"].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Parsed before the database opens, so a typo costs nothing.
  const now = Date.now();
  const expiresAt =
    values.expires === undefined ? undefined : values.expires === "never" ? null : parseExpiry(values.expires, now);
  const overlapMs = values.overlap === undefined ? undefined : parseDuration(values.overlap, "--overlap");
  const keyId = rest[0];
  if ((command === "rotate" || command === "revoke") && !keyId)
    throw new KeyAdminError(`${command} needs a KEY_ID (see keys list)`);
  const db = await openOwnerDatabase(loadConfig(), "keys", (line) => process.stderr.write(`${line}\n`));
  try {
    if (command === "mint") {
      const scopes = (values.scopes ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const minted = await mintKey(db.owner, { name: values.name ?? "", scopes, expiresAt, now });
      const expiry = minted.expiresAt === null ? "" : `, expires ${iso(minted.expiresAt)}`;
      process.stderr.write(`minted ${minted.keyId} (${minted.scopes.join(", ")}${expiry}); the key is shown once:\n`);
      process.stdout.write(`${minted.key}\n`);
    } else if (command === "rotate") {
      const { successor, previous } = await rotateKey(db.owner, { keyId: keyId!, overlapMs, expiresAt, now });
      process.stderr.write(
        `rotated ${previous.keyId} to ${successor.keyId} (expires ${iso(successor.expiresAt)}); ` +
          `${previous.keyId} keeps working until ${iso(previous.expiresAt)}. The new key is shown once:\n`,
      );
      process.stdout.write(`${successor.key}\n`);
    } else if (command === "list") {
      for (const k of await listKeys(db.owner)) {
        const state = keyState(k, now);
        const shown = state === "revoked" ? `revoked ${iso(k.revoked_at)}` : state;
        const columns = [
          k.key_id,
          k.name,
          k.scopes.join(","),
          iso(k.created_at),
          shown,
          iso(k.expires_at),
          k.rotated_from ?? "-",
        ];
        process.stdout.write(`${columns.join("\t")}\n`);
      }
    } else {
      if (!(await revokeKey(db.owner, keyId!))) throw new KeyAdminError(`no active key ${keyId}`);
      process.stderr.write(`revoked ${keyId}\n`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

runCommand("keys", main, (e) => e instanceof KeyAdminError);
