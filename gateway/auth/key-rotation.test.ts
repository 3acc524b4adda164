/**
 * Key expiry and rotation against the gateway on a test clock: an expired key is refused at once even from the cache,
 * both keys of a rotation work during the overlap and then only the successor, and the refusals of rotate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { createApiKeyResolver } from "./api-keys.js";
import { findKey, mintKey, revokeKey } from "./key-admin.js";
import { rotateKey } from "./key-rotation.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let clock = Date.UTC(2026, 10, 21, 8);
let gw: TestGateway;

const status = async (key: string) =>
  (await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": key } })).statusCode;

beforeAll(async () => {
  gw = await startTestGateway({ now: () => clock });
});
afterAll(() => gw?.close());

describe("key expiry", () => {
  it("refuses a key from its expires_at on, even while its answer is cached", async () => {
    const resolver = createApiKeyResolver(gw.db.reader, { cacheSeconds: 3600, now: () => clock });
    const minted = await mintKey(gw.db.owner, {
      name: "short",
      scopes: ["analysts:read"],
      expiresAt: clock + 1000,
      now: clock,
    });
    expect(await resolver.resolve(minted.key)).toMatchObject({ keyId: minted.keyId });
    clock += 999;
    expect(await resolver.resolve(minted.key)).toMatchObject({ keyId: minted.keyId });
    clock += 1;
    expect(await resolver.resolve(minted.key)).toBeUndefined();
  });

  it("is 401 on the gateway once expired", async () => {
    const minted = await mintKey(gw.db.owner, {
      name: "expiring",
      scopes: ["analysts:read"],
      expiresAt: clock + HOUR,
      now: clock,
    });
    expect(await status(minted.key)).toBe(200);
    clock += HOUR;
    expect(await status(minted.key)).toBe(401);
  });

  it("cannot be minted in the past", async () => {
    await expect(
      mintKey(gw.db.owner, { name: "x", scopes: ["analysts:read"], expiresAt: clock, now: clock }),
    ).rejects.toThrow("the expiry must be in the future");
  });
});

describe("key rotation", () => {
  it("keeps both keys working during the overlap, then only the successor", async () => {
    const old = await mintKey(gw.db.owner, {
      name: "dashboard",
      scopes: ["analysts:read", "reports:read"],
      now: clock,
    });
    const { successor, previous } = await rotateKey(gw.db.owner, { keyId: old.keyId, overlapMs: 2 * HOUR, now: clock });
    expect(successor).toMatchObject({
      name: "dashboard",
      scopes: ["analysts:read", "reports:read"],
      rotatedFrom: old.keyId,
      expiresAt: null,
    });
    expect(successor.key).not.toBe(old.key);
    expect(previous).toEqual({ keyId: old.keyId, expiresAt: clock + 2 * HOUR });
    expect([await status(old.key), await status(successor.key)]).toEqual([200, 200]);
    clock += 2 * HOUR - 1;
    expect([await status(old.key), await status(successor.key)]).toEqual([200, 200]);
    clock += 1;
    expect([await status(old.key), await status(successor.key)]).toEqual([401, 200]);
  });

  it("ends the old key at once with no overlap, and never lengthens its life", async () => {
    const old = await mintKey(gw.db.owner, { name: "now", scopes: ["analysts:read"], now: clock });
    await rotateKey(gw.db.owner, { keyId: old.keyId, overlapMs: 0, now: clock });
    expect(await status(old.key)).toBe(401);
    const soon = await mintKey(gw.db.owner, {
      name: "soon",
      scopes: ["analysts:read"],
      expiresAt: clock + HOUR,
      now: clock,
    });
    const { previous } = await rotateKey(gw.db.owner, { keyId: soon.keyId, overlapMs: DAY, now: clock });
    expect(previous.expiresAt).toBe(clock + HOUR);
  });

  it("gives the successor the old key's lifetime again, unless told otherwise", async () => {
    const old = await mintKey(gw.db.owner, {
      name: "monthly",
      scopes: ["analysts:read"],
      expiresAt: clock + 30 * DAY,
      now: clock,
    });
    clock += 10 * DAY;
    const { successor } = await rotateKey(gw.db.owner, { keyId: old.keyId, now: clock });
    expect(successor.expiresAt).toBe(clock + 30 * DAY);
    expect((await findKey(gw.db.owner, old.keyId))!.expires_at).toBe(clock + DAY);
    const other = await mintKey(gw.db.owner, {
      name: "monthly-2",
      scopes: ["analysts:read"],
      expiresAt: clock + 30 * DAY,
      now: clock,
    });
    expect(
      (await rotateKey(gw.db.owner, { keyId: other.keyId, expiresAt: null, now: clock })).successor.expiresAt,
    ).toBeNull();
  });

  it("refuses to rotate a key twice, a revoked or expired key, or an unknown one", async () => {
    const old = await mintKey(gw.db.owner, { name: "twice", scopes: ["analysts:read"], now: clock });
    const { successor } = await rotateKey(gw.db.owner, { keyId: old.keyId, now: clock });
    await expect(rotateKey(gw.db.owner, { keyId: old.keyId, now: clock })).rejects.toMatchObject({
      kind: "conflict",
      message: `key ${old.keyId} was already rotated to ${successor.keyId}: rotate that one`,
    });
    await revokeKey(gw.db.owner, successor.keyId, clock);
    await expect(rotateKey(gw.db.owner, { keyId: successor.keyId, now: clock })).rejects.toMatchObject({
      kind: "conflict",
      message: expect.stringContaining("is revoked"),
    });
    const gone = await mintKey(gw.db.owner, {
      name: "gone",
      scopes: ["analysts:read"],
      expiresAt: clock + 1,
      now: clock,
    });
    await expect(rotateKey(gw.db.owner, { keyId: gone.keyId, now: clock + 1 })).rejects.toMatchObject({
      message: expect.stringContaining("is expired"),
    });
    await expect(rotateKey(gw.db.owner, { keyId: "key_nope", now: clock })).rejects.toMatchObject({
      kind: "not_found",
      message: "no key key_nope",
    });
    await expect(rotateKey(gw.db.owner, { keyId: old.keyId, overlapMs: -1, now: clock })).rejects.toThrow(
      "the overlap must be from 0 to 365 days",
    );
  });
});
