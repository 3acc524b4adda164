import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeUserinfo, type FakeUserinfo } from "../../test/identity-hub/fake-userinfo.js";
import { createOAuthResolver, identityFromAnswer } from "./oauth-tokens.js";

let hub: FakeUserinfo;
beforeAll(async () => {
  hub = await startFakeUserinfo({
    "tok-a": { status: 200, body: { sub: "a" } },
    "tok-list": { status: 200, body: { sub: "l", scope: ["analysts:read", "events:read"] } },
    "tok-moved": { status: 302, headers: { location: "/elsewhere" } },
  });
});
afterAll(() => hub?.close());

const callsFor = (token: string) => hub.calls.filter((c) => c.token === token).length;
const resolver = (extra: { cacheSeconds?: number; now?: () => number } = {}) =>
  createOAuthResolver({
    identityUrl: hub.url,
    defaultScopes: ["viewer:read", "analysts:read"],
    cacheSeconds: extra.cacheSeconds ?? 30,
    now: extra.now,
  });

describe("OAuth token resolution", () => {
  it("shares one upstream GET among concurrent look-ups of one token", async () => {
    const r = resolver();
    const before = callsFor("tok-a");
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => r.resolve("tok-a")));
    expect(callsFor("tok-a") - before).toBe(1);
    for (const o of outcomes)
      expect(o).toEqual({
        principal: { kind: "oauth", subject: "a", scopes: new Set(["viewer:read", "analysts:read"]) },
      });
  });

  it("asks again once the cached answer has expired, and every time with a cache of 0 seconds", async () => {
    let t = 1_000_000;
    const r = resolver({ now: () => t });
    const before = callsFor("tok-a");
    await r.resolve("tok-a");
    t += 29_000;
    await r.resolve("tok-a");
    expect(callsFor("tok-a") - before).toBe(1);
    t += 2_000;
    await r.resolve("tok-a");
    expect(callsFor("tok-a") - before).toBe(2);
    const uncached = resolver({ cacheSeconds: 0 });
    await uncached.resolve("tok-a");
    await uncached.resolve("tok-a");
    expect(callsFor("tok-a") - before).toBe(4);
  });

  it("narrows the default scopes by a scope claim given as a list", async () => {
    expect(await resolver().resolve("tok-list")).toEqual({
      principal: { kind: "oauth", subject: "l", scopes: new Set(["analysts:read"]) },
    });
    expect(
      identityFromAnswer({ sub: "x", scope: "viewer:read openid" }, ["viewer:read", "analysts:read"])?.scopes,
    ).toEqual(new Set(["viewer:read"]));
    expect(identityFromAnswer({ sub: "" }, ["viewer:read"])).toBeUndefined();
    expect(identityFromAnswer([], ["viewer:read"])).toBeUndefined();
  });

  it("never follows a redirect, so the token reaches no other address", async () => {
    const outcome = await resolver().resolve("tok-moved");
    expect(outcome).toEqual({ unavailable: "the identity hub answered 302" });
    expect(hub.calls.some((c) => c.path === "/elsewhere")).toBe(false);
  });

  it("refuses a malformed or oversized token without any upstream call", async () => {
    const before = hub.calls.length;
    for (const token of ["has space", "x".repeat(5000), "bad\u00e9char"]) {
      expect(await resolver().resolve(token)).toEqual({ refused: "malformed access token" });
    }
    expect(hub.calls.length).toBe(before);
  });

  it("reports an unreachable hub as unavailable, not as a refusal", async () => {
    const r = createOAuthResolver({
      identityUrl: "http://127.0.0.1:1/oauth/userinfo",
      defaultScopes: ["viewer:read"],
      cacheSeconds: 30,
      timeoutMs: 2000,
    });
    expect(await r.resolve("tok-a")).toEqual({ unavailable: "the identity hub did not answer" });
  });
});
