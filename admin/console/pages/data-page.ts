/**
 * Data: each kind's row count and newest item, and the newest canonical daily. The last imports and the freshness
 * check (issue 20) come with the import records, which this build does not keep yet: the page says so.
 */
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when } from "../html.js";
import { page } from "../layout.js";
import { kindFacts, newestCanonicalDaily } from "./data-facts.js";

export async function dataRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/data", async (request, reply) => {
    const [kinds, daily] = await Promise.all([
      kindFacts(deps.owner),
      newestCanonicalDaily(deps.owner, deps.config.dailyEditorId),
    ]);
    const body = html`<p>
        Newest canonical daily (by <code>${deps.config.dailyEditorId}</code>):
        <strong id="newest-daily">${daily ?? "none"}</strong>.
      </p>
      <table>
        <thead>
          <tr>
            <th>Kind</th>
            <th class="num">Rows</th>
            <th>Newest</th>
            <th>At</th>
            <th>Note</th>
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
                <td>${k.newest?.note ?? ""}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>Imports</h2>
      <p class="muted">
        Imports (<code>npm run import</code>) do not record themselves in this build yet: when, by whom, rows per kind,
        duration and outcome will be listed here, with the freshness check of the canonical daily.
      </p>`;
    return reply.type("text/html; charset=utf-8").send(page(request.consoleSession!, "/data", "Data", body).text);
  });
}
