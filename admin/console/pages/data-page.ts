/**
 * Data: each kind's row count and newest item, whether the work date's canonical daily is in (past DAILY_DUE_AT,
 * Asia/Singapore, the page says "no daily report for work date D"), and the last imports (when, by whom, rows per
 * kind, duration, outcome), all from lib/usage.
 */
import type { FastifyInstance } from "fastify";
import { dataFreshness, kindCounts, recentImports } from "../../../lib/usage/index.js";
import type { ConsoleDeps } from "../console-deps.js";
import { duration, html, when } from "../html.js";
import { page } from "../layout.js";

const IMPORTS_SHOWN = 20;

export async function dataRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/data", async (request, reply) => {
    const now = deps.now();
    const [kinds, freshness, imports] = await Promise.all([
      kindCounts(deps.owner),
      dataFreshness(deps.owner, now, deps.config.usage.dailyDueAt, deps.config.dailyEditorId),
      recentImports(deps.owner, IMPORTS_SHOWN),
    ]);
    const due = deps.config.usage.dailyDueAt;
    const dueText = `${String(due.hour).padStart(2, "0")}:${String(due.minute).padStart(2, "0")} Asia/Singapore`;
    const body = html`${
        freshness.warning
          ? html`<p class="notice" id="freshness">
              <strong>${freshness.warning}</strong> (due by ${dueText}, ${when(freshness.dueAt)}).
            </p>`
          : html`<p id="freshness">
              The canonical daily for work date ${freshness.workDate} is in (archived ${when(freshness.archivedAt)}; due
              by ${dueText}).
            </p>`
      }
      <p>
        Newest canonical daily (by <code>${deps.config.dailyEditorId}</code>):
        <strong id="newest-daily">${freshness.newestDaily?.workDate ?? "none"}</strong>.
      </p>
      <table id="kinds">
        <thead>
          <tr>
            <th>Kind</th>
            <th class="num">Rows</th>
            <th>Newest</th>
            <th>At</th>
          </tr>
        </thead>
        <tbody>
          ${kinds.map(
            (k) =>
              html`<tr>
                <td>${k.kind}</td>
                <td class="num">${k.rows}</td>
                <td>${k.newest ? html`<code>${k.newest.id}</code>` : "—"}</td>
                <td>${when(k.newest?.at)}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>Last imports</h2>
      <table id="imports">
        <thead>
          <tr>
            <th>Started</th>
            <th>By</th>
            <th>Folder</th>
            <th>Outcome</th>
            <th class="num">Took</th>
            <th>Rows per kind (changed / lines)</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          ${
            imports.length
              ? imports.map(
                  (i) =>
                    html`<tr>
                      <td>${when(i.startedAt)}</td>
                      <td>${i.actor}</td>
                      <td><code>${i.source ?? "—"}</code></td>
                      <td class="${i.outcome === "imported" ? "ok" : "bad"}">${i.outcome}</td>
                      <td class="num">${duration(i.durationMs)}</td>
                      <td>
                        ${Object.entries(i.kinds).map(([kind, n], j) => html`${j ? ", " : ""}${kind} ${n.changed} / ${n.lines}`)}
                      </td>
                      <td>${i.detail ?? ""}</td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="7" class="muted">No import yet (npm run import -- DIR).</td>
                </tr>`
          }
        </tbody>
      </table>`;
    return reply.type("text/html; charset=utf-8").send(page(request.consoleSession!, "/data", "Data", body).text);
  });
}
