/**
 * Peers: the parties of PEERS_FILE, their roster and coverage flags, which tools their keys are granted (the same rule
 * the tool endpoint applies: gateway/auth/tool-access.ts), how many key digests each lists and their last use. Never
 * a digest: only how many.
 */
import type { FastifyInstance } from "fastify";
import { toolAccess } from "../../../gateway/auth/tool-access.js";
import { TOOLS } from "../../../gateway/mcp/tools/index.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when } from "../html.js";
import { page } from "../layout.js";
import { keyActivity } from "../../../lib/usage/index.js";

export async function peerRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/peers", async (request, reply) => {
    const peers = deps.config.auth.peers;
    const digestsOf = new Map<string, number>();
    for (const parties of peers.digests.values())
      for (const p of parties) digestsOf.set(p.id, (digestsOf.get(p.id) ?? 0) + 1);
    const lastUse = new Map((await keyActivity(deps.owner, deps.now())).map((a) => [a.credential, a.lastUsedAt]));
    const rows = peers.parties.map((party) => {
      const granted = TOOLS.filter((t) => toolAccess({ kind: "peer", party }, t).ok).length;
      return html`<tr>
        <td><code>${party.id}</code></td>
        <td>${party.name}</td>
        <td>${party.inHubRoster ? "yes" : "no"}</td>
        <td>${party.coverage ? "yes" : "no"}</td>
        <td class="num">${granted} of ${TOOLS.length}</td>
        <td>${peers.writeAllowlist.has(party.id) ? "yes" : "no"}</td>
        <td class="num">${digestsOf.get(party.id) ?? 0}</td>
        <td>${when(lastUse.get(`peer:${party.id}`) ?? null)}</td>
      </tr>`;
    });
    const body = html`<p class="muted">
        Loaded from PEERS_FILE at
        start${deps.config.auth.peersFile ? html` (<code>${deps.config.auth.peersFile}</code>)` : ""}; a change takes a
        restart. Tools granted: what the party's keys may call on the tool endpoint (coverage tools need the coverage
        flag; tools withheld from peers are never granted).
      </p>
      <table>
        <thead>
          <tr>
            <th>Party</th>
            <th>Name</th>
            <th>In hub roster</th>
            <th>Coverage</th>
            <th class="num">Tools granted</th>
            <th>Write allowlist</th>
            <th class="num">Key digests</th>
            <th>Last use</th>
          </tr>
        </thead>
        <tbody>
          ${
            rows.length
              ? rows
              : html`<tr>
                  <td colspan="8" class="muted">No peer parties (PEERS_FILE is unset or lists none).</td>
                </tr>`
          }
        </tbody>
      </table>`;
    return reply.type("text/html; charset=utf-8").send(page(request.consoleSession!, "/peers", "Peers", body).text);
  });
}
