/**
 * The console's sign-in link from the command line, against the configured database, whether or not the service runs:
 *   npm run --silent console -- link [--by NAME]   prints a new one-time sign-in link alone: it works once, for
 *                                                  CONSOLE_LINK_MINUTES, on the admin listener (ADMIN_HOST:ADMIN_PORT)
 * For the operator whose link from `npm start` expired, or who was signed out. Writes an audit row (console.link).
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { createSignInLink } from "../admin/console/session/session-store.js";
import { recordAudit } from "../lib/audit/audit-log.js";
import { loadConfig } from "../lib/config/config.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import { runCommand } from "../lib/process/run-command.js";

const USAGE = "usage: console link [--by NAME]";

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { by: { type: "string" } },
  });
  if (positionals.length !== 1 || positionals[0] !== "link") throw new UsageError(USAGE);
  const config = loadConfig();
  const admin = config.access.admin;
  const db = await openOwnerDatabase(config, "console", (line) => process.stderr.write(`${line}\n`));
  try {
    const now = Date.now();
    const token = await createSignInLink(db.owner, { now, lifetimeMs: admin.linkMs });
    await recordAudit(db.owner, {
      actor: values.by ?? `operator:${userInfo().username}`,
      action: "console.link",
      detail: { expires_at: now + admin.linkMs },
      at: now,
    });
    const host = admin.host.includes(":") ? `[${admin.host}]` : admin.host;
    process.stderr.write(`a one-time sign-in link, valid ${admin.linkMs / 60_000} minutes:\n`);
    process.stdout.write(`http://${host}:${admin.port}/sign-in/link?token=${token}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand("console", main, (e) => e instanceof UsageError);
