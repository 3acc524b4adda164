/** The admin listener over a real socket: off without an operator token, on loopback by default, its own port. */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../lib/config/config.js";
import { startTestGateway, type TestGateway } from "../test/helpers/gateway.js";
import { startAdminListener } from "./admin-app.js";

const token = "another-operator-token-9876543210";
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({
    env: { ADMIN_TOKEN_SHA256: createHash("sha256").update(token).digest("hex"), ADMIN_PORT: "0" },
  });
  await gw.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => gw?.close());

describe("startAdminListener", () => {
  it("is off unless ADMIN_TOKEN_SHA256 is set", async () => {
    expect(await startAdminListener({ config: loadConfig({}), owner: gw.db.owner })).toBeUndefined();
  });

  it("opens without an operator token when asked (npm start): the console answers, the admin routes refuse", async () => {
    const config = loadConfig({ ADMIN_PORT: "0" });
    const admin = (await startAdminListener({ config, owner: gw.db.owner, always: true }))!;
    try {
      const signIn = await fetch(`${admin.url}/sign-in`);
      expect(signIn.status).toBe(200);
      expect(await signIn.text()).toContain("No operator token is configured (ADMIN_TOKEN_SHA256).");
      const keys = await fetch(`${admin.url}/api/v1/admin/keys`, { headers: { authorization: "Bearer anything" } });
      expect(keys.status).toBe(401);
      expect(await keys.json()).toEqual({
        error: "no operator token is configured (ADMIN_TOKEN_SHA256): use the console",
      });
    } finally {
      await admin.app.close();
    }
  });

  it("listens on loopback, on a port of its own, and mints a key the public listener accepts", async () => {
    const admin = (await startAdminListener({ config: gw.config, owner: gw.db.owner }))!;
    try {
      const publicPort = (gw.app.server.address() as { port: number }).port;
      expect(admin.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(admin.url).not.toBe(`http://127.0.0.1:${publicPort}`);
      const minted = await fetch(`${admin.url}/api/v1/admin/keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "over-the-wire", scopes: ["analysts:read"], expires_at: "1d" }),
      });
      expect(minted.status).toBe(201);
      const { key } = (await minted.json()) as { key: string };
      const served = await fetch(`http://127.0.0.1:${publicPort}/api/v1/analysts`, { headers: { "x-api-key": key } });
      expect(served.status).toBe(200);
      const onPublic = await fetch(`http://127.0.0.1:${publicPort}/api/v1/admin/keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(onPublic.status).toBe(401);
    } finally {
      await admin.app.close();
    }
  });
});
