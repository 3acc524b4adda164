/**
 * The console under test: an admin app over a test gateway's database, with an adjustable clock, and a browser-like
 * client that follows the session cookie, sends its own Origin and reads each form's CSRF token from the page.
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildAdminApp, type AdminAppOptions } from "../../admin/admin-app.js";
import { createSignInLink } from "../../admin/console/session/session-store.js";
import { loggerOptions } from "../../lib/observability/logger.js";
import type { TestGateway } from "./gateway.js";

export const CONSOLE_ORIGIN = "http://localhost:80";

export interface TestConsole {
  app: FastifyInstance;
  clock: { now: number };
  /** Log lines the admin app wrote. */
  lines: string[];
  link(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestConsole(gw: TestGateway, options: Partial<AdminAppOptions> = {}): Promise<TestConsole> {
  const clock = { now: Date.now() };
  const lines: string[] = [];
  const app = await buildAdminApp({
    config: gw.config,
    owner: gw.db.owner,
    now: () => clock.now,
    // The production logger's options (its serializers censor credentials), writing into `lines`.
    logger: loggerOptions({ level: "info", name: "admin", stream: { write: (line: string) => void lines.push(line) } }),
    ...options,
  });
  return {
    app,
    clock,
    lines,
    link: () => createSignInLink(gw.db.owner, { now: clock.now, lifetimeMs: gw.config.access.admin.linkMs }),
    close: () => app.close(),
  };
}

/** The cookie pair (name=value) a response set, or undefined. */
export const cookieOf = (res: LightMyRequestResponse) => {
  const set = res.headers["set-cookie"];
  const first = Array.isArray(set) ? set[0] : set;
  return first?.split(";")[0];
};

/** The CSRF token of the first form on a page. */
export const csrfOf = (body: string) => /name="csrf" value="([^"]+)"/.exec(body)?.[1];

/** A signed-in operator: GET and POST with the session cookie, the console's Origin and the page's CSRF token. */
export class Operator {
  constructor(
    readonly app: FastifyInstance,
    readonly cookie: string,
    /** The one-time link's token it signed in with (used up). */
    readonly linkToken: string,
  ) {}

  static async signIn(c: TestConsole): Promise<Operator> {
    const linkToken = await c.link();
    const res = await c.app.inject({ url: `/sign-in/link?token=${linkToken}` });
    if (res.statusCode !== 303) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return new Operator(c.app, cookieOf(res)!, linkToken);
  }

  get(url: string) {
    return this.app.inject({ url, headers: { cookie: this.cookie } });
  }

  async csrf(): Promise<string> {
    return csrfOf((await this.get("/")).body)!;
  }

  async post(url: string, form: Record<string, string | string[]> = {}, headers: Record<string, string> = {}) {
    const body = new URLSearchParams();
    const csrf = await this.csrf();
    for (const [k, v] of Object.entries({ csrf, ...form })) for (const one of [v].flat()) body.append(k, one);
    return this.app.inject({
      method: "POST",
      url,
      payload: body.toString(),
      headers: {
        cookie: this.cookie,
        origin: CONSOLE_ORIGIN,
        "content-type": "application/x-www-form-urlencoded",
        ...headers,
      },
    });
  }
}
