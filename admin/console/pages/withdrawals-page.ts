/**
 * Withdrawals: take a published item down with a reason, or put it back (docs/lifecycle.md), through the same
 * operations the command line and a bundle's tombstones use (lib/withdrawals), audited as the console session's
 * operator with the client address. The page lists every withdrawal in force, each with a reinstate button.
 */
import type { FastifyInstance } from "fastify";
import { inTransaction } from "../../../lib/db/transaction.js";
import { withdrawalsInForce } from "../../../lib/withdrawals/in-force.js";
import { reinstate, withdraw } from "../../../lib/withdrawals/withdraw.js";
import {
  itemIdOfLine,
  WITHDRAWAL_KINDS,
  WithdrawalError,
  withdrawalKind,
} from "../../../lib/withdrawals/withdrawal-kinds.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when } from "../html.js";
import { csrfField, page } from "../layout.js";
import { actorOf } from "../operator-action.js";
import { refusePage } from "../refusal.js";

const field = (form: Record<string, unknown>, name: string) => {
  const v = form[name];
  return typeof v === "string" ? v.trim() : "";
};

export async function withdrawalRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  const { owner, now } = deps;

  app.get("/withdrawals", async (request, reply) => {
    const session = request.consoleSession!;
    const csrf = csrfField(session);
    const inForce = await withdrawalsInForce(owner);
    const kinds = WITHDRAWAL_KINDS.map((k) => html`<option value="${k.name}">${k.name} (${k.args.join(" ")})</option>`);
    const body = html`<section class="card">
        <h2>Withdraw</h2>
        <p class="muted">
          Takes the item off every surface at once; nothing is deleted. A daily by its work date, a weekly by any date
          of its week and the analyst, anything else by its id (docs/lifecycle.md).
        </p>
        <form method="post" action="/withdrawals/withdraw" id="withdraw">
          ${csrf}
          <label
            >Kind
            <select name="kind">
              ${kinds}
            </select></label
          >
          <label>Id or date <input name="id" required maxlength="300" /></label>
          <label>Analyst (weekly only) <input name="analyst" maxlength="200" /></label>
          <label>Reason <input name="reason" required maxlength="2000" /></label>
          <button type="submit">Withdraw</button>
        </form>
      </section>
      <h2>In force</h2>
      <table id="withdrawals">
        <thead>
          <tr>
            <th>Kind</th>
            <th>Id</th>
            <th>Reason</th>
            <th>By</th>
            <th>When</th>
            <th></th>
          </tr>
        </thead>
        <tbody>
          ${
            inForce.length
              ? inForce.map(
                  (w) =>
                    html`<tr>
                      <td><code>${w.kind}</code></td>
                      <td><code>${w.itemId}</code></td>
                      <td>${w.reason}</td>
                      <td>${w.withdrawnBy}</td>
                      <td>${when(w.withdrawnAt)}</td>
                      <td>
                        <form method="post" action="/withdrawals/reinstate" class="inline">
                          ${csrf}<input type="hidden" name="kind" value="${w.kind}" /><input
                            type="hidden"
                            name="id"
                            value="${w.itemId}"
                          /><button type="submit" class="secondary">Reinstate</button>
                        </form>
                      </td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="6" class="muted">Nothing is withdrawn.</td>
                </tr>`
          }
        </tbody>
      </table>`;
    return reply.type("text/html; charset=utf-8").send(page(session, "/withdrawals", "Withdrawals", body).text);
  });

  app.post("/withdrawals/withdraw", async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const reason = field(form, "reason");
    let done;
    try {
      const kind = withdrawalKind(field(form, "kind"));
      const args = kind.args.length === 2 ? [field(form, "id"), field(form, "analyst")] : [field(form, "id")];
      const itemId = kind.itemId(args);
      if (reason === "") throw new WithdrawalError("a withdrawal needs a reason");
      const actor = { by: actorOf(request).actor, address: actorOf(request).address, at: now() };
      done = await inTransaction(owner, (client) => withdraw(client, kind, itemId, reason, actor));
    } catch (e) {
      if (e instanceof WithdrawalError) return refusePage(reply, 400, "Not withdrawn", e.message);
      throw e;
    }
    request.log.info({ admin: "withdraw", kind: done.state.kind, id: done.state.itemId }, "console: withdrawn");
    return reply.redirect("/withdrawals", 303);
  });

  app.post("/withdrawals/reinstate", async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    let done;
    try {
      const kind = withdrawalKind(field(form, "kind"));
      const itemId = itemIdOfLine(kind, field(form, "id"));
      const actor = { by: actorOf(request).actor, address: actorOf(request).address, at: now() };
      done = await inTransaction(owner, (client) => reinstate(client, kind, itemId, actor));
    } catch (e) {
      if (e instanceof WithdrawalError) return refusePage(reply, 400, "Not reinstated", e.message);
      throw e;
    }
    request.log.info({ admin: "reinstate", kind: done.state.kind, id: done.state.itemId }, "console: reinstated");
    return reply.redirect("/withdrawals", 303);
  });
}
