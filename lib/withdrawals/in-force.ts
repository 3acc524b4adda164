/** Every withdrawal in force, across the schemas that hold withdrawable kinds, newest first: what the console lists. */
import type { Queryable } from "../audit/audit-log.js";
import { IN_FORCE_SQL } from "./withdraw.js";
import { WITHDRAWAL_KINDS } from "./withdrawal-kinds.js";

export interface InForce {
  kind: string;
  itemId: string;
  reason: string;
  withdrawnBy: string;
  /** Epoch milliseconds. */
  withdrawnAt: number;
}

export async function withdrawalsInForce(q: Queryable): Promise<InForce[]> {
  const schemas = [...new Set(WITHDRAWAL_KINDS.map((k) => k.schema))];
  const all: InForce[] = [];
  for (const schema of schemas) {
    const { rows } = await q.query(IN_FORCE_SQL(schema));
    for (const r of rows)
      all.push({
        kind: r.kind,
        itemId: r.item_id,
        reason: r.reason,
        withdrawnBy: r.withdrawn_by,
        withdrawnAt: Number(r.withdrawn_at),
      });
  }
  return all.sort((a, b) => b.withdrawnAt - a.withdrawnAt || a.kind.localeCompare(b.kind));
}
