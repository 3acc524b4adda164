/**
 * withdrawals.ndjson: the bundle's own tombstones (docs/lifecycle.md). A line is a withdrawal in force: the kind
 * (daily, weekly, or a bundle kind's name), the id it is withdrawn by, why, when and by whom. Import applies each
 * after every other kind (so it may withdraw what the same bundle brings) through the same operation as the command
 * line, audited as `bundle:<dir>`; a line already in force changes nothing. Export writes every withdrawal in force.
 * As everywhere in a bundle, nothing is removed: a withdrawal absent from the bundle is not reinstated by it.
 */
import path from "node:path";
import { withdraw } from "../../lib/withdrawals/withdraw.js";
import {
  itemIdOfLine,
  WITHDRAWAL_KINDS,
  WithdrawalError,
  withdrawalKind,
} from "../../lib/withdrawals/withdrawal-kinds.js";
import { epoch, text } from "../columns.js";
import { LineRefused, type Kind } from "../kind.js";
import { lineSchema } from "../table-kind.js";

interface WithdrawalLine {
  kind: string;
  id: string;
  reason: string;
  at: number;
  by: string;
}

const SCHEMAS = [...new Set(WITHDRAWAL_KINDS.map((k) => k.schema))];

export const withdrawals: Kind<WithdrawalLine> = {
  name: "withdrawals",
  describe:
    "a withdrawal in force: the kind (daily, weekly or a bundle kind), the id it is withdrawn by, the reason, when (epoch ms) and by whom",
  schema: lineSchema({
    kind: { type: "string", enum: WITHDRAWAL_KINDS.map((k) => k.name) },
    id: { type: "string", minLength: 1, maxLength: 512 },
    reason: { type: "string", minLength: 1, maxLength: 2000 },
    at: epoch.schema,
    by: { ...text.schema, minLength: 1, maxLength: 200 },
  }),
  exportSql: `SELECT kind, item_id, reason, withdrawn_at, withdrawn_by FROM (${SCHEMAS.map(
    (s) => `SELECT kind, item_id, reason, withdrawn_at, withdrawn_by FROM ${s}.withdrawn`,
  ).join(" UNION ALL ")}) w ORDER BY withdrawn_at, kind, item_id`,
  toLine: (row) => ({
    kind: row.kind as string,
    id: row.item_id as string,
    reason: row.reason as string,
    at: Number(row.withdrawn_at),
    by: row.withdrawn_by as string,
  }),
  check(line) {
    try {
      itemIdOfLine(withdrawalKind(line.kind), line.id);
      return [];
    } catch (e) {
      if (e instanceof WithdrawalError) return [e.message];
      throw e;
    }
  },
  async write(client, batch, { dir }) {
    let changed = 0;
    for (const [i, line] of batch.lines.entries()) {
      const kind = withdrawalKind(line.kind);
      try {
        const actor = { by: line.by, at: line.at, auditActor: `bundle:${path.basename(dir)}` };
        const outcome = await withdraw(client, kind, itemIdOfLine(kind, line.id), line.reason, actor);
        if (outcome.changed) changed++;
      } catch (e) {
        if (e instanceof WithdrawalError) throw new LineRefused(batch.lineNos[i]!, e.message);
        throw e;
      }
    }
    return changed;
  },
};
