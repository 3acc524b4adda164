/**
 * The operator's console: an encapsulated context of the admin listener with its own hooks and its own way of
 * refusing (an HTML page). Every request is matched to its session (the cookie's id, looked up by digest); pages
 * without one send the browser to the sign-in page. Every state-changing request must come from this origin (Origin)
 * and carry the session's CSRF token in a form field, or it is refused before any handler runs.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { createFailureThrottle } from "../../gateway/auth/failure-throttle.js";
import { assetRoutes, ASSETS } from "./assets/asset-routes.js";
import type { ConsoleDeps } from "./console-deps.js";
import { refusePage } from "./refusal.js";
import { auditRoutes } from "./pages/audit-page.js";
import { dataRoutes } from "./pages/data-page.js";
import { governorRoutes } from "./pages/governor-page.js";
import { homeRoutes } from "./pages/home-page.js";
import { keyRoutes } from "./pages/keys-page.js";
import { peerRoutes } from "./pages/peers-page.js";
import { serviceRoutes } from "./pages/service-page.js";
import { usageRoutes } from "./pages/usage-page.js";
import { withdrawalRoutes } from "./pages/withdrawals-page.js";
import { sessionIdOf } from "./session/cookie.js";
import { csrfMatches, findSession, type Session } from "./session/session-store.js";
import { SIGN_IN_PATHS, signInRoutes } from "./session/sign-in-routes.js";

declare module "fastify" {
  interface FastifyRequest {
    consoleSession: Session | null;
  }
}

/** Failed sign-ins one address may make at once, and how many a minute it gets back. */
export const SIGN_IN_FAILURES = { burst: 5, perMinute: 5 };

/** The origin this request was sent to, as a browser names it in Origin. */
const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Whether a state-changing request comes from the console's own pages. Under Referrer-Policy: no-referrer a browser
 * sends `Origin: null` with a form post, so then its fetch metadata (Sec-Fetch-Site, which a page cannot forge) decides.
 */
function fromOwnOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== "null") return origin === ownOrigin(request);
  return request.headers["sec-fetch-site"] === "same-origin";
}

function parseForm(_request: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) {
  const form: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(body)) {
    const had = form[k];
    form[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  done(null, form);
}

export async function consolePlugin(app: FastifyInstance, deps: ConsoleDeps) {
  const throttle = createFailureThrottle({ ...SIGN_IN_FAILURES, holdMs: 0 }, deps.now);
  app.decorateRequest("consoleSession", null);
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, parseForm);

  app.addHook("onRequest", async (request, reply) => {
    const path = request.url.split("?")[0]!;
    const id = sessionIdOf(request);
    request.consoleSession = id ? await findSession(deps.owner, id, deps.now()) : null;
    const changesState = request.method !== "GET" && request.method !== "HEAD";
    if (changesState && !fromOwnOrigin(request))
      return refusePage(reply, 403, "Refused", "This request did not come from the console's own pages (Origin).");
    if (SIGN_IN_PATHS.has(path) || path in ASSETS) return;
    if (!request.consoleSession) {
      if (changesState) return refusePage(reply, 401, "Signed out", "There is no open session: sign in again.");
      return reply.redirect("/sign-in", 303);
    }
  });
  // The CSRF token is a form field, so it is checked once the body is parsed.
  app.addHook("preHandler", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD" || !request.consoleSession) return;
    if (SIGN_IN_PATHS.has(request.url.split("?")[0]!)) return;
    const form = (request.body ?? {}) as Record<string, unknown>;
    if (!csrfMatches(sessionIdOf(request)!, form.csrf))
      return refusePage(reply, 403, "Refused", "This form did not carry the session's CSRF token: reload the page.");
  });

  app.setNotFoundHandler((request, reply) =>
    refusePage(reply, 404, "Not found", `There is no console page ${request.url.split("?")[0]}.`),
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, "console: request failed");
    return refusePage(
      reply,
      status >= 400 && status < 500 ? status : 500,
      "Something went wrong",
      status < 500 ? error.message : "The console could not answer: see the service's log.",
    );
  });

  await app.register(assetRoutes);
  await app.register(signInRoutes, { deps, throttle });
  await app.register(homeRoutes, deps);
  await app.register(keyRoutes, deps);
  await app.register(peerRoutes, deps);
  await app.register(usageRoutes, deps);
  await app.register(governorRoutes, deps);
  await app.register(dataRoutes, deps);
  await app.register(withdrawalRoutes, deps);
  await app.register(serviceRoutes, deps);
  await app.register(auditRoutes, deps);
}
