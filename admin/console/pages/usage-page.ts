/**
 * Usage and readership: requests per credential per day by route and tool, refusals by reason, readership per
 * published item, with a CSV export. Rendered from the usage counts (usage-seam.ts) where the process has them.
 */
import type { FastifyInstance } from "fastify";
import type { ConsoleDeps } from "../console-deps.js";
import { html } from "../html.js";
import { page } from "../layout.js";
import { NOT_COUNTED } from "./usage-seam.js";

export async function usageRoutes(app: FastifyInstance, deps: ConsoleDeps) {
  app.get("/usage", async (request, reply) => {
    const body = deps.usage
      ? html`<p>Per-key usage is shown on the Keys page; per-route and readership tables follow the usage counts.</p>`
      : html`<p class="notice">
          Usage and readership are ${NOT_COUNTED}: requests per credential per day, refusals by reason and readership
          per published item appear here once the gateway counts them.
        </p>`;
    return reply
      .type("text/html; charset=utf-8")
      .send(page(request.consoleSession!, "/usage", "Usage and readership", body).text);
  });
}
