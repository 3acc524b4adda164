/**
 * Signing in and out. Two ways in, both exchanged at once for a session cookie:
 *   GET  /sign-in/link?token=…   the one-time link `npm start` prints (works once, expires within minutes); the only
 *                                URL that ever carries a secret, censored in the request log like every `token=`
 *   POST /sign-in                the operator token (ADMIN_TOKEN_SHA256) posted from the sign-in form
 * Failures are audited and throttled per client address; after SIGN_IN_FAILURES the address is answered 429 until
 * its bucket refills. POST /sign-out ends the session (its row is kept, ended).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { recordAudit } from "../../../lib/audit/audit-log.js";
import type { FailureThrottle } from "../../../gateway/auth/failure-throttle.js";
import { isOperatorToken } from "../../api/operator-token.js";
import type { ConsoleDeps } from "../console-deps.js";
import { refusePage } from "../refusal.js";
import { html } from "../html.js";
import { bare } from "../layout.js";
import { clearSessionCookie, sessionIdOf, setSessionCookie } from "./cookie.js";
import { endSession, openSession, useSignInLink, type SignInMethod } from "./session-store.js";

export const SIGN_IN_PATHS = new Set(["/sign-in", "/sign-in/link"]);

export async function signInRoutes(app: FastifyInstance, opts: { deps: ConsoleDeps; throttle: FailureThrottle }) {
  const { deps, throttle } = opts;
  const admin = deps.config.access.admin;

  const form = (problem?: string) =>
    bare(
      "Sign in",
      html`${problem ? html`<p class="error">${problem}</p>` : ""}
        ${
          admin.tokenSha256
            ? html`<form method="post" action="/sign-in">
                <label for="token">Operator token</label>
                <input type="password" id="token" name="token" autocomplete="current-password" required />
                <p><button type="submit">Sign in</button></p>
              </form>`
            : html`<p class="notice">No operator token is configured (ADMIN_TOKEN_SHA256).</p>`
        }
        <p class="muted">
          Or open the one-time sign-in link <code>npm start</code> printed;
          <code>npm run --silent console -- link</code> prints a new one.
        </p>`,
    ).text;

  const throttled = (reply: FastifyReply, retryAfter: number) => {
    reply.header("retry-after", String(retryAfter));
    return refusePage(
      reply,
      429,
      "Too many attempts",
      `Too many failed sign-ins from this address: wait ${retryAfter} s.`,
    );
  };

  async function signIn(request: FastifyRequest, reply: FastifyReply, method: SignInMethod) {
    const at = deps.now();
    const { id, session } = await openSession(deps.owner, {
      method,
      address: request.ip ?? null,
      now: at,
      lifetimeMs: admin.sessionMs,
    });
    await recordAudit(deps.owner, {
      actor: `console:${session.handle}`,
      action: "console.sign-in",
      target: null,
      address: request.ip ?? null,
      detail: { method, expires_at: session.expiresAt },
      at,
    });
    setSessionCookie(request, reply, id, admin.sessionMs);
    return reply.redirect("/", 303);
  }

  async function failed(request: FastifyRequest, method: SignInMethod, reason: string) {
    request.log.warn({ remoteAddress: request.ip, method, reason }, "console: sign-in refused");
    await recordAudit(deps.owner, {
      actor: "console",
      action: "console.sign-in-failed",
      address: request.ip ?? null,
      detail: { method, reason },
      at: deps.now(),
    });
  }

  app.get("/sign-in", async (request, reply) => {
    if (request.consoleSession) return reply.redirect("/", 303);
    return reply.type("text/html; charset=utf-8").send(form());
  });

  app.post("/sign-in", async (request, reply) => {
    const wait = throttle.take(request.ip);
    if (wait) return throttled(reply, wait);
    const token = ((request.body ?? {}) as Record<string, unknown>).token;
    if (
      admin.tokenSha256 &&
      typeof token === "string" &&
      token.length <= 4096 &&
      isOperatorToken(admin.tokenSha256, token)
    ) {
      throttle.giveBack(request.ip);
      return signIn(request, reply, "operator token");
    }
    const reason = admin.tokenSha256 ? "wrong operator token" : "no operator token is configured";
    await failed(request, "operator token", reason);
    return reply
      .code(401)
      .type("text/html; charset=utf-8")
      .send(form(`Not signed in: ${reason}.`));
  });

  app.get("/sign-in/link", async (request, reply) => {
    const wait = throttle.take(request.ip);
    if (wait) return throttled(reply, wait);
    const token = (request.query as Record<string, unknown>).token;
    if (typeof token === "string" && (await useSignInLink(deps.owner, token, deps.now()))) {
      throttle.giveBack(request.ip);
      return signIn(request, reply, "sign-in link");
    }
    await failed(request, "sign-in link", "unknown, used or expired link");
    return reply
      .code(401)
      .type("text/html; charset=utf-8")
      .send(form("This sign-in link is unknown, already used or expired: each link works once, for minutes."));
  });

  app.post("/sign-out", async (request, reply) => {
    const session = request.consoleSession!;
    const at = deps.now();
    await endSession(deps.owner, sessionIdOf(request)!, at);
    await recordAudit(deps.owner, {
      actor: `console:${session.handle}`,
      action: "console.sign-out",
      address: request.ip ?? null,
      at,
    });
    clearSessionCookie(request, reply);
    return reply.redirect("/sign-in", 303);
  });
}
