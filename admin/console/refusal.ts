/** The console's way of refusing: a small HTML page with the status, a clear reason and a way back. */
import type { FastifyReply } from "fastify";
import { html } from "./html.js";
import { bare } from "./layout.js";

export function refusePage(reply: FastifyReply, status: number, title: string, reason: string) {
  return reply
    .code(status)
    .type("text/html; charset=utf-8")
    .send(
      bare(
        title,
        html`<p class="error">${reason}</p>
          <p><a href="/">Back to the console</a></p>`,
      ).text,
    );
}
