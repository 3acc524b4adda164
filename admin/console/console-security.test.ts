/**
 * The console's doors: the one-time link works once and expires; the operator token signs in through a form; failed
 * sign-ins are audited and throttled; a state change is refused without a session, without the CSRF token, from a
 * foreign or missing Origin, and after sign-out; sessions expire; every answer carries the security headers; the
 * public port serves no console path.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSOLE_ORIGIN, cookieOf, Operator, startTestConsole, type TestConsole } from "../../test/helpers/console.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { fillAnalysts } from "../../test/mcp/harness.js";
import { PAGES } from "./layout.js";
import { CONTENT_SECURITY_POLICY } from "./security-headers.js";

const token = "console-operator-token-0123456789abcdef";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
let gw: TestGateway;
let c: TestConsole;

beforeAll(async () => {
  gw = await startTestGateway({ env: { ADMIN_TOKEN_SHA256: sha256(token) }, fill: fillAnalysts });
  c = await startTestConsole(gw);
});
afterAll(async () => {
  await c?.close();
  await gw?.close();
});

const signInWithToken = (t: string, address = "10.0.0.1") =>
  c.app.inject({
    method: "POST",
    url: "/sign-in",
    payload: `token=${encodeURIComponent(t)}`,
    remoteAddress: address,
    headers: { origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
  });

const auditActions = async () =>
  (await gw.db.owner.query("SELECT action FROM audit.events ORDER BY event_id")).rows.map((r) => r.action);

describe("signing in", () => {
  it("exchanges the one-time link for a session cookie, once", async () => {
    const link = await c.link();
    const first = await c.app.inject({ url: `/sign-in/link?token=${link}` });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe("/");
    expect(first.headers["set-cookie"]).toMatch(
      /^console_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=28800; HttpOnly; SameSite=Strict$/,
    );
    const again = await c.app.inject({ url: `/sign-in/link?token=${link}`, remoteAddress: "10.9.9.9" });
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain("unknown, already used or expired");
    expect(again.headers["set-cookie"]).toBeUndefined();
    // The session opens the pages.
    const home = await c.app.inject({ url: "/", headers: { cookie: cookieOf(first)! } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("<h1>Overview</h1>");
  });

  it("refuses a link past its minutes", async () => {
    const link = await c.link();
    c.clock.now += gw.config.access.admin.linkMs + 1;
    try {
      const res = await c.app.inject({ url: `/sign-in/link?token=${link}`, remoteAddress: "10.9.9.8" });
      expect(res.statusCode).toBe(401);
    } finally {
      c.clock.now -= gw.config.access.admin.linkMs + 1;
    }
  });

  it("is Secure when the console is reached over https", async () => {
    const res = await c.app.inject({
      url: `/sign-in/link?token=${await c.link()}`,
      headers: { "x-forwarded-proto": "https" },
    });
    // No proxy is trusted: the protocol is what the socket says, so the cookie is not marked Secure over http.
    expect(res.headers["set-cookie"]).not.toContain("Secure");
  });

  it("signs in with the operator token posted from the form, and throttles failures per address", async () => {
    const ok = await signInWithToken(token, "10.1.1.1");
    expect(ok.statusCode).toBe(303);
    expect(cookieOf(ok)).toMatch(/^console_session=/);
    for (let i = 0; i < 5; i++) {
      const bad = await signInWithToken("wrong-token", "10.2.2.2");
      expect(bad.statusCode).toBe(401);
      expect(bad.body).toContain("Not signed in: wrong operator token.");
    }
    const throttled = await signInWithToken(token, "10.2.2.2");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers["retry-after"]).toBe("12");
    // Another address is not held back by the first one's failures.
    expect((await signInWithToken(token, "10.3.3.3")).statusCode).toBe(303);
    // The bucket refills with time.
    c.clock.now += 13_000;
    expect((await signInWithToken(token, "10.2.2.2")).statusCode).toBe(303);
    const failed = (await auditActions()).filter((a) => a === "console.sign-in-failed");
    expect(failed.length).toBeGreaterThanOrEqual(5);
  });

  it("refuses a sign-in posted from another origin", async () => {
    const res = await c.app.inject({
      method: "POST",
      url: "/sign-in",
      payload: `token=${token}`,
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers["set-cookie"]).toBeUndefined();
  });
});

describe("a state change", () => {
  let op: Operator;
  beforeAll(async () => {
    op = await Operator.signIn(c);
  });
  const mintForm = { name: "csrf-probe", scopes: "analysts:read", expires: "" };

  it("is refused without the CSRF token", async () => {
    const res = await c.app.inject({
      method: "POST",
      url: "/keys",
      payload: new URLSearchParams(mintForm).toString(),
      headers: { cookie: op.cookie, origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain("CSRF token");
    const wrong = await op.post("/keys", mintForm);
    expect(wrong.statusCode).toBe(200); // the real token passes
    const forged = await c.app.inject({
      method: "POST",
      url: "/keys",
      payload: new URLSearchParams({ ...mintForm, csrf: "x".repeat(43) }).toString(),
      headers: { cookie: op.cookie, origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("is refused from a foreign Origin, or with none", async () => {
    expect(
      (await op.post("/governor/kill-switch", { enabled: "false" }, { origin: "http://evil.example" })).statusCode,
    ).toBe(403);
    const none = await op.post("/governor/kill-switch", { enabled: "false" }, { origin: "" });
    expect(none.statusCode).toBe(403);
    const opaque = await op.post("/governor/kill-switch", { enabled: "false" }, { origin: "null" });
    expect(opaque.statusCode).toBe(403);
    const crossSite = { origin: "null", "sec-fetch-site": "cross-site" };
    expect((await op.post("/governor/kill-switch", { enabled: "false" }, crossSite)).statusCode).toBe(403);
  });

  it("is accepted with Origin: null when the browser's fetch metadata says it came from this origin", async () => {
    // What Chromium sends for a form post under Referrer-Policy: no-referrer.
    const sameOrigin = { origin: "null", "sec-fetch-site": "same-origin" };
    expect((await op.post("/governor/kill-switch", { enabled: "true" }, sameOrigin)).statusCode).toBe(303);
  });

  it("is refused without a session, and pages send the browser to sign in", async () => {
    const res = await c.app.inject({
      method: "POST",
      url: "/governor/kill-switch",
      payload: "enabled=false",
      headers: { origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(401);
    for (const [path] of PAGES) {
      const page = await c.app.inject({ url: path });
      expect(page.statusCode, path).toBe(303);
      expect(page.headers.location).toBe("/sign-in");
    }
    const bogus = await c.app.inject({ url: "/keys", headers: { cookie: "console_session=" + "A".repeat(43) } });
    expect(bogus.statusCode).toBe(303);
  });

  it("is refused after sign-out", async () => {
    const other = await Operator.signIn(c);
    const out = await other.post("/sign-out");
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe("/sign-in");
    expect(out.headers["set-cookie"]).toContain("Max-Age=0");
    expect((await other.get("/keys")).statusCode).toBe(303);
    const after = await c.app.inject({
      method: "POST",
      url: "/keys",
      payload: new URLSearchParams(mintForm).toString(),
      headers: { cookie: other.cookie, origin: CONSOLE_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(after.statusCode).toBe(401);
  });

  it("is refused once the session has expired", async () => {
    const other = await Operator.signIn(c);
    expect((await other.get("/keys")).statusCode).toBe(200);
    c.clock.now += gw.config.access.admin.sessionMs;
    try {
      expect((await other.get("/keys")).statusCode).toBe(303);
    } finally {
      c.clock.now -= gw.config.access.admin.sessionMs;
    }
  });
});

describe("every answer", () => {
  it("carries the strict CSP, forbids framing, sends no referrer and is never stored", async () => {
    const op = await Operator.signIn(c);
    const answers = [
      ...(await Promise.all(PAGES.map(([path]) => op.get(path)))),
      await c.app.inject({ url: "/sign-in" }),
      await c.app.inject({ url: "/assets/console.css" }),
      await c.app.inject({ url: "/assets/console.js" }),
      await op.get("/no-such-page"),
      await c.app.inject({ url: "/api/v1/admin/keys" }),
    ];
    for (const res of answers) {
      expect(res.headers["content-security-policy"]).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toContain("unsafe-inline");
    expect(answers.slice(0, PAGES.length).map((r) => r.statusCode)).toEqual(PAGES.map(() => 200));
    // No page holds an inline script or style.
    for (const res of answers.slice(0, PAGES.length + 1)) {
      expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
      expect(res.body).not.toMatch(/<style|\sstyle="/);
    }
  });
});

describe("the public port", () => {
  it("serves no console path, whatever is sent", async () => {
    const op = await Operator.signIn(c);
    const link = await c.link();
    for (const url of ["/", "/keys", "/sign-in", `/sign-in/link?token=${link}`, "/assets/console.css", "/audit"]) {
      const res = await gw.app.inject({ url, headers: { cookie: op.cookie } });
      expect([401, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain("Institute console");
    }
    // The link was not used up by the public port.
    expect((await c.app.inject({ url: `/sign-in/link?token=${link}` })).statusCode).toBe(303);
  });
});
