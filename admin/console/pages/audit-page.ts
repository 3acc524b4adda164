/** Audit: every operator action, newest first (who, what, of what, from where, when), 100 to a page. */
import type { FastifyInstance } from "fastify";
import { readAudit } from "../../../lib/audit/audit-log.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when } from "../html.js";
import { page } from "../layout.js";
import { refusePage } from "../refusal.js";

const PAGE_SIZE = 100;

export async function auditRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/audit", async (request, reply) => {
    const before = (request.query as Record<string, unknown>).before;
    if (before !== undefined && (typeof before !== "string" || !/^[1-9][0-9]{0,17}$/.test(before)))
      return refusePage(reply, 400, "Bad request", "before must be an event id (a positive whole number).");
    const rows = await readAudit(deps.owner, { before, limit: PAGE_SIZE + 1 });
    const shown = rows.slice(0, PAGE_SIZE);
    const body = html`<table id="audit">
        <thead>
          <tr>
            <th>When</th>
            <th>Who</th>
            <th>What</th>
            <th>Of what</th>
            <th>From</th>
            <th>Detail</th>
          </tr>
        </thead>
        <tbody>
          ${
            shown.length
              ? shown.map(
                  (r) =>
                    html`<tr>
                      <td>${when(r.at)}</td>
                      <td>${r.actor}</td>
                      <td><code>${r.action}</code></td>
                      <td>${r.target ?? "—"}</td>
                      <td>${r.address ?? "command line"}</td>
                      <td><code>${Object.keys(r.detail).length ? JSON.stringify(r.detail) : ""}</code></td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="6" class="muted">No operator action recorded yet.</td>
                </tr>`
          }
        </tbody>
      </table>
      ${rows.length > PAGE_SIZE ? html`<p><a href="/audit?before=${shown[shown.length - 1]!.eventId}">Older</a></p>` : ""}`;
    return reply.type("text/html; charset=utf-8").send(page(request.consoleSession!, "/audit", "Audit log", body).text);
  });
}
