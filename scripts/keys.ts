/**
 * Operator key administration against the configured database, whether or not the service runs:
 *   npm run --silent keys -- mint --name NAME --scopes a,b   prints the new key alone on stdout, once
 *   npm run keys -- list
 *   npm run keys -- revoke KEY_ID
 */
import { parseArgs } from "node:util";
import { KeyAdminError, listKeys, mintKey, revokeKey } from "../gateway/auth/key-admin.js";
import { ALL_SCOPES } from "../gateway/auth/scopes.js";
import { ConfigError, loadConfig } from "../lib/config.js";
import { openDatabase } from "../lib/db/database.js";

const USAGE = `usage: keys mint --name NAME --scopes a,b | keys list | keys revoke KEY_ID
scopes: ${ALL_SCOPES.join(", ")}`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { name: { type: "string" }, scopes: { type: "string" } },
  });
  const [command, ...rest] = positionals;
  if (!command || !["mint", "list", "revoke"].includes(command)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const db = await openDatabase(loadConfig(), (line) => process.stderr.write(`${line}\n`));
  try {
    if (command === "mint") {
      const scopes = (values.scopes ?? "").split(",").map((s) => s.trim()).filter(Boolean);
      const minted = await mintKey(db.owner, { name: values.name ?? "", scopes });
      process.stderr.write(`minted ${minted.keyId} (${scopes.join(", ")}); the key is shown once:\n`);
      process.stdout.write(`${minted.key}\n`);
    } else if (command === "list") {
      for (const k of await listKeys(db.owner)) {
        const state = k.revoked_at ? `revoked ${new Date(k.revoked_at).toISOString()}` : "active";
        process.stdout.write(`${k.key_id}\t${k.name}\t${k.scopes.join(",")}\t${new Date(k.created_at).toISOString()}\t${state}\n`);
      }
    } else {
      const keyId = rest[0];
      if (!keyId) throw new KeyAdminError("revoke needs a KEY_ID (see keys list)");
      if (!(await revokeKey(db.owner, keyId))) throw new KeyAdminError(`no active key ${keyId}`);
      process.stderr.write(`revoked ${keyId}\n`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    const known = e instanceof KeyAdminError || e instanceof ConfigError || (e as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`keys: ${known ? e.message : (e as Error).stack}\n`);
    process.exit(known ? 2 : 1);
  },
);
