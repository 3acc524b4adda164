/**
 * Withdrawing and reinstating what was published, against the configured database whether or not the service runs
 * (docs/lifecycle.md):
 *   npm run --silent withdraw -- daily DATE --reason "…"             every draft and language of that daily
 *   npm run --silent withdraw -- weekly DATE ANALYST_ID --reason "…"  that analyst's weekly of DATE's ISO week
 *   npm run --silent withdraw -- KIND ID --reason "…"                 KIND a bundle kind (reports, data-topics, …)
 *   npm run --silent reinstate -- (the same arguments, without --reason)
 * Each writes an audit row; the actor is operator:<unix user>, or --by NAME. Every surface follows at commit.
 */
import { userInfo } from "node:os";
import { parseArgs } from "node:util";
import { loadConfig } from "../lib/config/config.js";
import { openOwnerDatabase } from "../lib/db/owner-database.js";
import { inTransaction } from "../lib/db/transaction.js";
import { runCommand } from "../lib/process/run-command.js";
import { reinstate, withdraw } from "../lib/withdrawals/withdraw.js";
import { WITHDRAWAL_KINDS, WithdrawalError, withdrawalKind } from "../lib/withdrawals/withdrawal-kinds.js";

const KIND_LINES = WITHDRAWAL_KINDS.map((k) => `  ${k.name} ${k.args.join(" ")}`).join("\n");
const USAGE = `usage: withdraw KIND ARGS --reason "WHY" [--by NAME]
       reinstate KIND ARGS [--by NAME]
KIND ARGS:
${KIND_LINES}`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { reason: { type: "string" }, by: { type: "string" } },
  });
  const [command, kindName, ...args] = positionals;
  if ((command !== "withdraw" && command !== "reinstate") || !kindName) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // Checked before the database opens, so a typo costs nothing.
  const kind = withdrawalKind(kindName);
  if (args.length !== kind.args.length)
    throw new WithdrawalError(`${kind.name} takes ${kind.args.join(" ")}, got ${args.length} argument(s)`);
  const itemId = kind.itemId(args);
  if (command === "withdraw" && (values.reason ?? "").trim() === "")
    throw new WithdrawalError('a withdrawal needs a reason: --reason "…"');
  if (command === "reinstate" && values.reason !== undefined)
    throw new WithdrawalError("reinstate takes no --reason (the audit log keeps the withdrawal's)");
  const actor = { by: values.by ?? `operator:${userInfo().username}`, at: Date.now() };
  const db = await openOwnerDatabase(loadConfig(), command, (line) => process.stderr.write(`${line}\n`));
  try {
    const outcome = await inTransaction(db.owner, (client) =>
      command === "withdraw"
        ? withdraw(client, kind, itemId, values.reason!, actor)
        : reinstate(client, kind, itemId, actor),
    );
    const s = outcome.state;
    const what = kind.describe(itemId);
    process.stderr.write(
      command === "withdraw"
        ? outcome.changed
          ? `withdrawn: ${what} (${s.withdrawnBy}); every surface drops it now\n`
          : `already withdrawn: ${what}, since ${new Date(s.withdrawnAt).toISOString()} by ${s.withdrawnBy}\n`
        : outcome.changed
          ? `reinstated: ${what} (${s.reinstatedBy}); every surface serves it again now\n`
          : `already reinstated: ${what}, since ${new Date(s.reinstatedAt!).toISOString()} by ${s.reinstatedBy}\n`,
    );
    process.stdout.write(
      `${JSON.stringify({
        kind: s.kind,
        id: s.itemId,
        withdrawn: s.reinstatedAt === null,
        reason: s.reason,
        withdrawn_by: s.withdrawnBy,
        withdrawn_at: s.withdrawnAt,
        reinstated_by: s.reinstatedBy,
        reinstated_at: s.reinstatedAt,
        changed: outcome.changed,
      })}\n`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(process.argv[2] === "reinstate" ? "reinstate" : "withdraw", main, (e) => e instanceof WithdrawalError);
