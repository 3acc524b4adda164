/**
 * The console's pages and actions through the admin app: a key minted in the console is shown once and works on the
 * public listener; revoke and rotate; the kill switch and the fleet-health button; the admin JSON route for fleet
 * health; each action's audit row, shown on the Audit page. Last, a scan of every page, every log line and every
 * table for any raw key, sign-in link token, session id or the operator token.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Operator, startTestConsole, type TestConsole } from "../../test/helpers/console.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { fillAnalysts, newKey, writePeersFile } from "../../test/mcp/harness.js";
import { fillReportsDataset } from "../../test/fixtures/reports-dataset.js";
import { createUsageRecorder, type UsageRecorder } from "../../lib/usage/usage-recorder.js";
import { PAGES } from "./layout.js";

const token = "console-pages-operator-token-0123456789";
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const peerKey = newKey("acme");
let peers: ReturnType<typeof writePeersFile>;
let gw: TestGateway;
let c: TestConsole;
let op: Operator;
let usage: UsageRecorder;
/** Every secret this test saw: none may appear in a page, a log line or a table. */
const secrets: string[] = [token, peerKey];

beforeAll(async () => {
  peers = writePeersFile([{ id: "acme", keys: [peerKey] }]);
  gw = await startTestGateway({
    env: { ADMIN_TOKEN_SHA256: sha256(token), PEERS_FILE: peers.file },
    fill: async (db) => {
      await fillAnalysts(db);
      await fillReportsDataset(db.owner);
    },
    usage: (db) => (usage = createUsageRecorder({ pool: db.owner, flushMs: 0 })),
  });
  c = await startTestConsole(gw);
  op = await Operator.signIn(c);
  secrets.push(op.cookie.split("=")[1]!, op.linkToken);
});
afterAll(async () => {
  await c?.close();
  await gw?.close();
  peers?.remove();
});

const publicStatus = async (key: string) =>
  (await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": key } })).statusCode;
const shownKey = (body: string) => /<code class="secret" id="new-key">(sk_ins_[A-Za-z0-9_-]+)<\/code>/.exec(body)?.[1];
const audit = async () =>
  (await gw.db.owner.query("SELECT actor, action, target, address FROM audit.events ORDER BY event_id")).rows;

describe("keys", () => {
  let keyId: string;

  it("mints a key from the real scope list, shows it once with a copy button, and it works on the public port", async () => {
    const form = (await op.get("/keys")).body;
    for (const scope of ["analysts:read", "reports:read", "viewer:read", "feeds:read"])
      expect(form).toContain(`name="scopes" value="${scope}"`);
    const res = await op.post("/keys", {
      name: "colleague",
      scopes: ["analysts:read", "reports:read"],
      expires: "30d",
    });
    expect(res.statusCode).toBe(200);
    const key = shownKey(res.body)!;
    expect(key).toMatch(/^sk_ins_/);
    secrets.push(key);
    expect(res.body).toContain('data-copy="new-key"');
    expect(await publicStatus(key)).toBe(200);
    keyId = /Key <code>(key_[0-9a-f]+)<\/code>/.exec(res.body)![1]!;
    const list = (await op.get("/keys")).body;
    expect(list).toContain(`data-key-id="${keyId}"`);
    expect(list).not.toContain(key);
    expect((await audit()).at(-1)).toEqual({
      actor: `console:${/session ([0-9a-f]+)/.exec(list)![1]}`,
      action: "key.mint",
      target: keyId,
      address: "127.0.0.1",
    });
  });

  it("escapes what an operator typed: a key named like markup is shown as text", async () => {
    const res = await op.post("/keys", { name: '<script>alert("x")</script>', scopes: "analysts:read", expires: "" });
    secrets.push(shownKey(res.body)!);
    const list = (await op.get("/keys")).body;
    expect(list).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(list).not.toContain('<script>alert("x")');
  });

  it("refuses a bad mint with the reason, keeping what was typed", async () => {
    const res = await op.post("/keys", { name: "nothing", expires: "" });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("Not minted: a key needs at least one scope");
    expect(res.body).toContain('value="nothing"');
    const late = await op.post("/keys", { name: "late", scopes: "analysts:read", expires: "2001-01-01" });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain("Not minted: the expiry must be in the future");
  });

  it("rotates with an overlap, showing the successor once and the lineage in the list", async () => {
    const res = await op.post(`/keys/${keyId}/rotate`, { overlap_hours: "2" });
    expect(res.statusCode).toBe(200);
    const successor = shownKey(res.body)!;
    secrets.push(successor);
    expect(await publicStatus(successor)).toBe(200);
    const list = (await op.get("/keys")).body;
    expect(list).toContain(`from <code>${keyId}</code>`);
    expect(list).toContain(`to <code>`);
    const again = await op.post(`/keys/${keyId}/rotate`, { overlap_hours: "1" });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain("was already rotated");
  });

  it("revokes, and the public port refuses the key (KEY_CACHE_SECONDS=0 here)", async () => {
    const minted = shownKey(
      (await op.post("/keys", { name: "short-lived", scopes: "analysts:read", expires: "" })).body,
    )!;
    secrets.push(minted);
    const id = (await gw.db.owner.query("SELECT key_id FROM auth.api_keys WHERE name = 'short-lived'")).rows[0].key_id;
    const res = await op.post(`/keys/${id}/revoke`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/keys");
    expect(await publicStatus(minted)).toBe(401);
    expect((await op.post("/keys/key_000000000000/revoke")).statusCode).toBe(404);
  });
});

describe("governor", () => {
  it("flips the kill switch and records who, when and from where", async () => {
    const before = (await op.get("/governor")).body;
    expect(before).toContain('id="governor-state">on<');
    expect((await op.post("/governor/kill-switch", { enabled: "false" })).statusCode).toBe(303);
    const after = (await op.get("/governor")).body;
    expect(after).toContain('id="governor-state">off<');
    const { rows } = await gw.db.owner.query("SELECT value, updated_by FROM governor.settings WHERE name = 'enabled'");
    expect(rows[0].value).toBe(false);
    expect(rows[0].updated_by).toMatch(/^console:[0-9a-f]{10}$/);
    expect((await audit()).at(-1)).toMatchObject({ action: "governor.disable", address: "127.0.0.1" });
    expect((await op.post("/governor/kill-switch", { enabled: "maybe" })).statusCode).toBe(400);
    await op.post("/governor/kill-switch", { enabled: "true" });
  });

  it("writes a fleet-health snapshot on demand, which the public route serves", async () => {
    const res = await op.post("/governor/fleet-health");
    expect(res.statusCode).toBe(200);
    const id = /Snapshot <code>(fh_[^<]+)<\/code>/.exec(res.body)![1]!;
    const key = await gw.key(["reports:read"]);
    secrets.push(key);
    const latest = await gw.app.inject({ url: "/api/v1/reports/fleet-health/latest", headers: { "x-api-key": key } });
    expect(latest.statusCode).toBe(200);
    expect((await audit()).at(-1)).toMatchObject({ action: "fleet-health.generate", target: id });
  });

  it("has an admin JSON route for it behind the operator token", async () => {
    expect((await c.app.inject({ method: "POST", url: "/api/v1/admin/fleet-health" })).statusCode).toBe(401);
    const res = await c.app.inject({
      method: "POST",
      url: "/api/v1/admin/fleet-health",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      snapshot_id: expect.stringMatching(/^fh_/),
      generated_at: expect.any(Number),
      bytes: expect.any(Number),
      relay: expect.stringContaining("RELAY_URL is unset"),
    });
    expect((await audit()).at(-1)).toMatchObject({ actor: "admin-api", action: "fleet-health.generate" });
  });
});

describe("usage and readership", () => {
  it("shows a key's requests, its routes and tools, refusals, and which reports it read, with a CSV", async () => {
    const minted = await op.post("/keys", { name: "reader", scopes: ["reports:read", "viewer:read"], expires: "" });
    const key = shownKey(minted.body)!;
    secrets.push(key);
    const keyId = /Key <code>(key_[0-9a-f]+)<\/code>/.exec(minted.body)![1]!;
    const headers = { "x-api-key": key };
    expect((await gw.app.inject({ url: "/api/v1/reports/daily/2026-03-03", headers })).statusCode).toBe(200);
    const tool = await gw.app.inject({
      method: "POST",
      url: "/api/mcp",
      headers: { ...headers, "content-type": "application/json" },
      payload: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "reports_daily", arguments: { date: "2026-03-03" } },
      },
    });
    expect(tool.json().result.isError).toBe(false);
    expect(
      (await gw.app.inject({ url: "/api/v1/analysts", headers: { "x-api-key": "sk_ins_unknown-key-000000000000" } }))
        .statusCode,
    ).toBe(401);
    await usage.flush();

    const keys = (await op.get("/keys")).body;
    const row = new RegExp(`data-key-id="${keyId}"[\\s\\S]*?</tr>`).exec(keys)![0];
    expect(row).toMatch(/<td class="num">2<\/td>\s*<td class="num">2<\/td>/);

    const page = (await op.get("/usage?days=1")).body;
    expect(page).toContain(`key:${keyId} (reader)`);
    expect(page).toContain("<code>/api/v1/reports/daily/:date</code>");
    expect(page).toContain("<code>reports_daily</code>");
    expect(page).toMatch(/<td>401 [a-z_]+<\/td>/);
    const readership = /<table id="readership">[\s\S]*?<\/table>/.exec(page)![0];
    expect(readership).toMatch(
      /<td>daily<\/td>\s*<td><code>2026-03-03<\/code><\/td>\s*<td>key:key_[0-9a-f]+ \(reader\)<\/td>\s*<td class="num">2<\/td>\s*<td class="num">1<\/td>\s*<td class="num">1<\/td>/,
    );
    expect((await op.get("/usage?days=2")).statusCode).toBe(400);

    const csv = await op.get("/usage/readership.csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(/^attachment; filename="readership-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.split("\r\n")[0]).toBe(
      "item_kind,item_id,credential,reads,rest_reads,mcp_reads,first_read_at,last_read_at",
    );
    expect(csv.body).toContain(`daily,2026-03-03,key:${keyId},2,1,1,`);
  });

  it("shows the data: kinds, the daily's freshness and the imports", async () => {
    const page = (await op.get("/data")).body;
    expect(page).toMatch(/<td>daily reports<\/td>\s*<td class="num">\d+<\/td>/);
    expect(page).toMatch(/id="freshness"/);
    expect(page).toContain("No import yet");
  });
});

describe("peers and audit", () => {
  it("lists the peer parties with their flags and digest counts, never a digest", async () => {
    const body = (await op.get("/peers")).body;
    expect(body).toContain("<code>acme</code>");
    expect(body).not.toContain(sha256(peerKey));
    expect(body).not.toMatch(/[0-9a-f]{64}/);
  });

  it("shows every operator action on the Audit page", async () => {
    const body = (await op.get("/audit")).body;
    for (const action of [
      "console.sign-in",
      "key.mint",
      "key.rotate",
      "key.revoke",
      "governor.disable",
      "fleet-health.generate",
    ])
      expect(body).toContain(`<code>${action}</code>`);
  });
});

describe("no secret leaks", () => {
  it("appears in no page, no log line and no table", async () => {
    const pages = await Promise.all(PAGES.map(([path]) => op.get(path)));
    const texts = [...pages.map((p) => p.body), ...c.lines];
    const { rows: tables } = await gw.db.owner.query(
      `SELECT table_schema || '.' || table_name AS t FROM information_schema.tables
       WHERE table_schema IN ('auth', 'audit', 'console', 'governor') AND table_type = 'BASE TABLE'`,
    );
    for (const { t } of tables) {
      const { rows } = await gw.db.owner.query(`SELECT row_to_json(x)::text AS j FROM ${t} x`);
      texts.push(...rows.map((r) => r.j as string));
    }
    expect(c.lines.length).toBeGreaterThan(10);
    // The one URL that carries a secret is logged, censored.
    expect(c.lines.some((l) => l.includes('"/sign-in/link?token=[Redacted]"'))).toBe(true);
    expect(secrets.length).toBeGreaterThanOrEqual(6);
    for (const secret of secrets)
      for (const text of texts) expect(text.includes(secret), secret.slice(0, 12)).toBe(false);
  });
});
