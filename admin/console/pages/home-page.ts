/** The overview: the state of things at a glance, each tile linking to its page. */
import type { FastifyInstance } from "fastify";
import { keyState, listKeys } from "../../../gateway/auth/key-admin.js";
import { lastTicks } from "../../../governor/observe/index.js";
import { readKillSwitch } from "../../../governor/settings-store.js";
import { readAudit } from "../../../lib/audit/audit-log.js";
import type { ConsoleDeps } from "../console-deps.js";
import { html, when } from "../html.js";
import { page } from "../layout.js";
import { dataFreshness } from "../../../lib/usage/index.js";

export async function homeRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/", async (request, reply) => {
    const at = deps.now();
    const [keys, kill, ticks, daily, audit] = await Promise.all([
      listKeys(deps.owner),
      readKillSwitch(deps.owner, deps.config.governor.enabled),
      lastTicks(deps.owner, 1),
      dataFreshness(deps.owner, at, deps.config.usage.dailyDueAt, deps.config.dailyEditorId),
      readAudit(deps.owner, { limit: 1 }),
    ]);
    const active = keys.filter((k) => keyState(k, at) === "active").length;
    const tick = ticks[0];
    const body = html`<div class="tiles">
      <div>
        <a href="/keys"><div class="value">${active}</div></a>
        <div class="label">active keys (${keys.length} in all)</div>
      </div>
      <div>
        <a href="/peers"><div class="value">${deps.config.auth.peers.parties.length}</div></a>
        <div class="label">peer parties</div>
      </div>
      <div>
        <a href="/governor"><div class="value ${kill.enabled ? "ok" : "bad"}">${kill.enabled ? "on" : "off"}</div></a>
        <div class="label">governor headroom control</div>
      </div>
      <div>
        <a href="/governor"><div class="value">${tick ? tick.outcome : "—"}</div></a>
        <div class="label">
          last tick
          ${tick ? when(tick.slotAt) : "(none yet)"}${tick?.fleet ? `: ${tick.fleet.nodes} nodes, ${tick.fleet.freeSlots} free slots` : ""}
        </div>
      </div>
      <div>
        <a href="/data"
          ><div class="value ${daily.warning ? "bad" : "ok"}">${daily.newestDaily?.workDate ?? "—"}</div></a
        >
        <div class="label">
          newest canonical daily${daily.warning ? html`: <strong class="bad">${daily.warning}</strong>` : ""}
        </div>
      </div>
      <div>
        <a href="/audit"><div class="value">${audit[0] ? audit[0].action : "—"}</div></a>
        <div class="label">last operator action ${audit[0] ? when(audit[0].at) : ""}</div>
      </div>
    </div>`;
    return reply.type("text/html; charset=utf-8").send(page(request.consoleSession!, "/", "Overview", body).text);
  });
}
