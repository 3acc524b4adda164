/** The console's assets, served from the package itself: a stylesheet and a script, under the same no-store as every answer of the admin listener. */
import type { FastifyInstance } from "fastify";
import { CONSOLE_CSS } from "./console-css.js";
import { CONSOLE_JS } from "./console-js.js";

export const ASSETS = {
  "/assets/console.css": { type: "text/css; charset=utf-8", body: CONSOLE_CSS },
  "/assets/console.js": { type: "text/javascript; charset=utf-8", body: CONSOLE_JS },
} as const;

export async function assetRoutes(app: FastifyInstance) {
  for (const [path, asset] of Object.entries(ASSETS))
    app.get(path, async (_request, reply) => reply.type(asset.type).send(asset.body));
}
