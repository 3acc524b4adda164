/**
 * Withdrawing and reinstating, one operation each over the owner database (DESIGN §10): the command line, the
 * console and a bundle's `withdrawals` lines all call these. Each writes the withdrawal's state and one audit row in
 * the caller's transaction, so both commit together; the schema's data-version trigger then tells every gateway's
 * read cache, and the published_* views drop (or bring back) the item on every read path at once. Nothing else is
 * touched: nothing is deleted. A call that would change nothing (already withdrawn, already reinstated) writes
 * nothing, so importing the same tombstones twice fires no trigger.
 */
import { recordAudit, type Queryable } from "../audit/audit-log.js";
import { WithdrawalError, type WithdrawalKind } from "./withdrawal-kinds.js";

export interface WithdrawalState {
  kind: string;
  itemId: string;
  reason: string;
  withdrawnBy: string;
  /** Epoch milliseconds. */
  withdrawnAt: number;
  reinstatedBy: string | null;
  reinstatedAt: number | null;
}

export interface Actor {
  /** `operator:<unix user>`, `bundle:<dir>`, the console's operator, … */
  by: string;
  /** Epoch milliseconds. */
  at: number;
  /** The client address, when it came over the network. */
  address?: string | null;
  /** Who the audit row names when it is not `by` (a bundle's import applying a withdrawal someone else made). */
  auditActor?: string;
}

export interface Outcome {
  changed: boolean;
  state: WithdrawalState;
}

async function stateOf(q: Queryable, kind: WithdrawalKind, itemId: string): Promise<WithdrawalState | undefined> {
  const { rows } = await q.query(
    `SELECT kind, item_id, reason, withdrawn_by, withdrawn_at, reinstated_by, reinstated_at
       FROM ${kind.schema}.withdrawals WHERE kind = $1 AND item_id = $2 FOR UPDATE`,
    [kind.name, itemId],
  );
  const r = rows[0];
  return r
    ? {
        kind: r.kind,
        itemId: r.item_id,
        reason: r.reason,
        withdrawnBy: r.withdrawn_by,
        withdrawnAt: Number(r.withdrawn_at),
        reinstatedBy: r.reinstated_by,
        reinstatedAt: r.reinstated_at === null ? null : Number(r.reinstated_at),
      }
    : undefined;
}

export async function withdraw(
  q: Queryable,
  kind: WithdrawalKind,
  itemId: string,
  reason: string,
  actor: Actor,
): Promise<Outcome> {
  if (reason.trim() === "") throw new WithdrawalError("a withdrawal needs a reason (--reason)");
  if (reason.length > 2000) throw new WithdrawalError("the reason is longer than 2000 characters");
  const before = await stateOf(q, kind, itemId);
  if (before && before.reinstatedAt === null) return { changed: false, state: before };
  const { rows } = await q.query(kind.existsSql + " LIMIT 1", kind.existsValues(itemId));
  if (rows.length === 0) throw new WithdrawalError(`there is no ${kind.describe(itemId)} to withdraw`);
  await q.query(
    `INSERT INTO ${kind.schema}.withdrawals (kind, item_id, reason, withdrawn_by, withdrawn_at)
       VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kind, item_id) DO UPDATE
       SET reason = $3, withdrawn_by = $4, withdrawn_at = $5, reinstated_by = NULL, reinstated_at = NULL`,
    [kind.name, itemId, reason, actor.by, actor.at],
  );
  await recordAudit(q, {
    actor: actor.auditActor ?? actor.by,
    action: "withdraw",
    target: `${kind.name} ${itemId}`,
    address: actor.address ?? null,
    detail: actor.auditActor ? { reason, withdrawn_by: actor.by } : { reason },
    at: actor.at,
  });
  const state = { kind: kind.name, itemId, reason, withdrawnBy: actor.by, withdrawnAt: actor.at };
  return { changed: true, state: { ...state, reinstatedBy: null, reinstatedAt: null } };
}

export async function reinstate(q: Queryable, kind: WithdrawalKind, itemId: string, actor: Actor): Promise<Outcome> {
  const before = await stateOf(q, kind, itemId);
  if (!before) throw new WithdrawalError(`${kind.describe(itemId)} was never withdrawn`);
  if (before.reinstatedAt !== null) return { changed: false, state: before };
  await q.query(
    `UPDATE ${kind.schema}.withdrawals SET reinstated_by = $3, reinstated_at = $4 WHERE kind = $1 AND item_id = $2`,
    [kind.name, itemId, actor.by, actor.at],
  );
  await recordAudit(q, {
    actor: actor.by,
    action: "reinstate",
    target: `${kind.name} ${itemId}`,
    address: actor.address ?? null,
    detail: { withdrawn_at: before.withdrawnAt, withdrawn_by: before.withdrawnBy },
    at: actor.at,
  });
  return { changed: true, state: { ...before, reinstatedBy: actor.by, reinstatedAt: actor.at } };
}

/** Every withdrawal in force, in a stable order: what an export writes. */
export const IN_FORCE_SQL = (schema: string) =>
  `SELECT kind, item_id, reason, withdrawn_by, withdrawn_at FROM ${schema}.withdrawals
    WHERE reinstated_at IS NULL ORDER BY withdrawn_at, kind, item_id`;
