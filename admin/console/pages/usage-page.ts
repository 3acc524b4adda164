/**
 * Usage and readership, from the gateway's usage counts (lib/usage): requests per credential per day, per route and
 * tool, refusals by reason, and readership per published item (which report or thread each key or party read, how
 * often, through which surface, when), with the readership as CSV. Counts a gateway still holds in memory (at most
 * USAGE_FLUSH_MS) are not in the database yet.
 */
import type { FastifyInstance } from "fastify";
import { listKeys } from "../../../gateway/auth/key-admin.js";
import {
  readershipByItem,
  readershipCsv,
  refusalsByReason,
  usageByCredential,
  usageByRoute,
} from "../../../lib/usage/index.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when } from "../html.js";
import { page } from "../layout.js";
import { refusePage } from "../refusal.js";

const DAY_CHOICES = [1, 7, 30] as const;
const READERSHIP_ROWS = 200;

export async function usageRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  /** `key:key_ab12…` with the key's name beside it, so the operator reads who it is. */
  async function credentialNames(): Promise<(credential: string) => string> {
    const names = new Map((await listKeys(deps.owner)).map((k) => [`key:${k.key_id}`, k.name]));
    return (c) => (names.has(c) ? `${c} (${names.get(c)})` : c);
  }

  app.get("/usage", async (request, reply) => {
    const raw = (request.query as Record<string, unknown>).days ?? "7";
    const days = Number(raw);
    if (!DAY_CHOICES.includes(days as (typeof DAY_CHOICES)[number]))
      return refusePage(reply, 400, "Bad request", `days must be one of ${DAY_CHOICES.join(", ")}.`);
    const now = deps.now();
    const window = { days, now };
    const [byCredential, byRoute, refusals, readership, name] = await Promise.all([
      usageByCredential(deps.owner, window),
      usageByRoute(deps.owner, window),
      refusalsByReason(deps.owner, window),
      readershipByItem(deps.owner, { limit: READERSHIP_ROWS }),
      credentialNames(),
    ]);
    const choices = DAY_CHOICES.map((d) =>
      d === days ? html`<strong>${d} d</strong>` : html`<a href="/usage?days=${d}">${d} d</a>`,
    );
    const body = html`<p>
        Window: ${choices.map((c, i) => html`${i ? " · " : ""}${c}`)} (UTC days, today included). Counts reach the
        database every USAGE_FLUSH_MS (${deps.config.usage.flushMs / 1000} s); the newest may not be here yet.
      </p>
      <h2>Requests per credential per day</h2>
      <table id="usage-by-credential">
        <thead>
          <tr>
            <th>Day</th>
            <th>Credential</th>
            <th class="num">Requests</th>
            <th class="num">Refused</th>
            <th>Last</th>
          </tr>
        </thead>
        <tbody>
          ${
            byCredential.length
              ? byCredential.map(
                  (r) =>
                    html`<tr>
                      <td>${r.day}</td>
                      <td>${name(r.credential)}</td>
                      <td class="num">${r.requests}</td>
                      <td class="num">${r.refused}</td>
                      <td>${when(r.lastAt)}</td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="5" class="muted">No request counted in this window.</td>
                </tr>`
          }
        </tbody>
      </table>
      <h2>By route and tool</h2>
      <table id="usage-by-route">
        <thead>
          <tr>
            <th>Surface</th>
            <th>Route or tool</th>
            <th class="num">Requests</th>
            <th class="num">Refused</th>
            <th class="num">Failed (5xx)</th>
          </tr>
        </thead>
        <tbody>
          ${
            byRoute.length
              ? byRoute.map(
                  (r) =>
                    html`<tr>
                      <td>${r.surface}</td>
                      <td><code>${r.route}</code></td>
                      <td class="num">${r.requests}</td>
                      <td class="num">${r.refused}</td>
                      <td class="num">${r.failed}</td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="5" class="muted">No request counted in this window.</td>
                </tr>`
          }
        </tbody>
      </table>
      <h2>Refusals by reason</h2>
      <table id="refusals">
        <thead>
          <tr>
            <th>Reason</th>
            <th class="num">Requests</th>
            <th>Last</th>
          </tr>
        </thead>
        <tbody>
          ${
            refusals.length
              ? refusals.map(
                  (r) =>
                    html`<tr>
                      <td>${r.reason}</td>
                      <td class="num">${r.requests}</td>
                      <td>${when(r.lastAt)}</td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="3" class="muted">No refusal in this window.</td>
                </tr>`
          }
        </tbody>
      </table>
      <h2>Readership</h2>
      <p><a href="/usage/readership.csv" download>Export the readership as CSV</a> (every item and credential).</p>
      <table id="readership">
        <thead>
          <tr>
            <th>Kind</th>
            <th>Item</th>
            <th>Credential</th>
            <th class="num">Reads</th>
            <th class="num">REST</th>
            <th class="num">Tools</th>
            <th>First read</th>
            <th>Last read</th>
          </tr>
        </thead>
        <tbody>
          ${
            readership.length
              ? readership.map(
                  (r) =>
                    html`<tr>
                      <td>${r.kind}</td>
                      <td><code>${r.id}</code></td>
                      <td>${name(r.credential)}</td>
                      <td class="num">${r.reads}</td>
                      <td class="num">${r.restReads}</td>
                      <td class="num">${r.mcpReads}</td>
                      <td>${when(r.firstReadAt)}</td>
                      <td>${when(r.lastReadAt)}</td>
                    </tr>`,
                )
              : html`<tr>
                  <td colspan="8" class="muted">No report or thread read yet.</td>
                </tr>`
          }
        </tbody>
      </table>
      ${readership.length === READERSHIP_ROWS ? html`<p class="muted">The ${READERSHIP_ROWS} most recent; the CSV holds every row.</p>` : ""}`;
    return reply
      .type("text/html; charset=utf-8")
      .send(page(request.consoleSession!, "/usage", "Usage and readership", body).text);
  });

  app.get("/usage/readership.csv", async (_request, reply) => {
    const rows = await readershipByItem(deps.owner, { limit: 1_000_000 });
    const day = new Date(deps.now()).toISOString().slice(0, 10);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="readership-${day}.csv"`)
      .send(readershipCsv(rows));
  });
}
