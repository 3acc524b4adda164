/**
 * Service: version, uptime, readiness of this process and what it depends on, the read cache's hit ratio and bytes,
 * refusals (429 from the rate limit and the failed-authentication throttle, 401 failed authentications), and the
 * database pools: read from what lib/observability already exposes on /metrics.
 */
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../console-deps.js";
import { duration, html, when } from "../html.js";
import { page } from "../layout.js";
import { metricValues } from "./service-facts.js";

const sum = (values: Array<{ value: number }>) => values.reduce((n, v) => n + v.value, 0);

export async function serviceRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/service", async (request, reply) => {
    const session = request.consoleSession!;
    const facts = deps.service;
    if (!facts) {
      const body = html`<p class="notice">This admin listener was built without the process's facts.</p>`;
      return reply.type("text/html; charset=utf-8").send(page(session, "/service", "Service", body).text);
    }
    const [readiness, metric] = await Promise.all([facts.readiness(), metricValues(facts.registry)]);
    const hits = sum(metric("read_cache_hits"));
    const misses = sum(metric("read_cache_misses"));
    const requests = metric("http_requests_total");
    const byStatus = (status: number) => sum(requests.filter((r) => String(r.labels.status) === String(status)));
    const pools = metric("db_pool_connections");
    const poolNames = [...new Set(pools.map((p) => String(p.labels.pool)))];
    const checks = Object.entries(readiness.checks);
    const body = html`<div class="tiles">
        <div>
          <div class="value">${facts.version}</div>
          <div class="label">version (${facts.mode})</div>
        </div>
        <div>
          <div class="value">${duration(deps.now() - facts.startedAt)}</div>
          <div class="label">up since ${when(facts.startedAt)}</div>
        </div>
        <div>
          <div class="value ${readiness.ready ? "ok" : "bad"}">${readiness.ready ? "ready" : "not ready"}</div>
          <div class="label">readiness (${checks.length} checks)</div>
        </div>
        <div>
          <div class="value">${hits + misses ? `${((100 * hits) / (hits + misses)).toFixed(1)} %` : "—"}</div>
          <div class="label">read-cache hit ratio (${hits} hits, ${misses} misses)</div>
        </div>
        <div>
          <div class="value">${(sum(metric("read_cache_bytes")) / 1_048_576).toFixed(1)} MiB</div>
          <div class="label">read cache held (${sum(metric("read_cache_entries"))} answers)</div>
        </div>
        <div>
          <div class="value">${byStatus(429)}</div>
          <div class="label">429 refusals (rate limit, failed-authentication throttle)</div>
        </div>
        <div>
          <div class="value">${byStatus(401)}</div>
          <div class="label">401 refusals (failed authentication)</div>
        </div>
        <div>
          <div class="value">${sum(requests)}</div>
          <div class="label">requests answered since start</div>
        </div>
      </div>
      <h2>Processes and readiness</h2>
      <table>
        <thead>
          <tr>
            <th>Check</th>
            <th>State</th>
          </tr>
        </thead>
        <tbody>
          ${checks.map(
            ([name, state]) =>
              html`<tr>
                <td>${name}</td>
                <td class="${state === "ok" ? "ok" : "bad"}">${state}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <h2>Database pools</h2>
      <table>
        <thead>
          <tr>
            <th>Pool</th>
            <th class="num">Total</th>
            <th class="num">Idle</th>
            <th class="num">Waiting</th>
          </tr>
        </thead>
        <tbody>
          ${poolNames.map((name) => {
            const of = (state: string) => sum(pools.filter((p) => p.labels.pool === name && p.labels.state === state));
            return html`<tr>
              <td>${name}</td>
              <td class="num">${of("total")}</td>
              <td class="num">${of("idle")}</td>
              <td class="num">${of("waiting")}</td>
            </tr>`;
          })}
        </tbody>
      </table>
      <p class="muted">Counts since this process started, as its /metrics (METRICS_PORT) serves them.</p>`;
    return reply.type("text/html; charset=utf-8").send(page(session, "/service", "Service", body).text);
  });
}
