/**
 * The console's Withdrawals page: the form withdraws through the same operation as the command line, audited as the
 * session's operator with the client address, and the public route answers 404 "withdrawn"; the list shows what is
 * in force, and its button reinstates. A weekly takes its analyst; bad input is a 400 page naming what is wrong; a
 * post without the session's CSRF token is refused before anything runs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Operator, startTestConsole, type TestConsole } from "../../test/helpers/console.js";
import { startTestGateway, type TestGateway } from "../../test/helpers/gateway.js";
import { fillReportsDataset, TODAY_NOW } from "../../test/fixtures/reports-dataset.js";

let gw: TestGateway;
let c: TestConsole;
let op: Operator;
let reader: string;

beforeAll(async () => {
  gw = await startTestGateway({ now: () => TODAY_NOW, fill: (db) => fillReportsDataset(db.owner) });
  c = await startTestConsole(gw);
  op = await Operator.signIn(c);
  reader = await gw.key(["reports:read"]);
}, 120_000);
afterAll(async () => {
  await c?.close();
  await gw?.close();
});

const publicGet = (url: string) => gw.app.inject({ url, headers: { "x-api-key": reader } });
const lastAudit = async () =>
  (
    await gw.db.owner.query(
      "SELECT actor, action, target, address, detail FROM audit.events ORDER BY event_id DESC LIMIT 1",
    )
  ).rows[0];
const handle = async () => /session ([0-9a-f]+)/.exec((await op.get("/withdrawals")).body)![1]!;

describe("the Withdrawals page", () => {
  it("withdraws a daily by its date, audited as the session's operator, and the public route says it was withdrawn", async () => {
    const form = (await op.get("/withdrawals")).body;
    expect(form).toContain('<option value="daily">daily (DATE)</option>');
    expect(form).toContain('<option value="weekly">weekly (DATE ANALYST_ID)</option>');
    expect(form).toContain("Nothing is withdrawn.");
    const res = await op.post("/withdrawals/withdraw", { kind: "daily", id: "2026-03-03", reason: "wrong figure" });
    expect([res.statusCode, res.headers.location]).toEqual([303, "/withdrawals"]);
    const who = `console:${await handle()}`;
    expect(await lastAudit()).toEqual({
      actor: who,
      action: "withdraw",
      target: "daily 2026-03-03",
      address: "127.0.0.1",
      detail: { reason: "wrong figure" },
    });
    await expect
      .poll(async () => {
        const r = await publicGet("/api/v1/reports/daily/2026-03-03");
        return [r.statusCode, r.json().error];
      })
      .toEqual([404, "the daily report for 2026-03-03 was withdrawn"]);
    const list = (await op.get("/withdrawals")).body;
    expect(list).toMatch(
      new RegExp(
        `<td><code>daily</code></td>\\s*<td><code>2026-03-03</code></td>\\s*<td>wrong figure</td>\\s*<td>${who}</td>`,
      ),
    );
    // Withdrawing it again changes nothing and writes nothing.
    await op.post("/withdrawals/withdraw", { kind: "daily", id: "2026-03-03", reason: "again" });
    expect((await lastAudit()).detail).toEqual({ reason: "wrong figure" });
  });

  it("reinstates from the list's button, and the route serves it again", async () => {
    const res = await op.post("/withdrawals/reinstate", { kind: "daily", id: "2026-03-03" });
    expect(res.statusCode).toBe(303);
    expect(await lastAudit()).toMatchObject({
      actor: `console:${await handle()}`,
      action: "reinstate",
      target: "daily 2026-03-03",
      address: "127.0.0.1",
    });
    await expect.poll(async () => (await publicGet("/api/v1/reports/daily/2026-03-03")).statusCode).toBe(200);
    expect((await op.get("/withdrawals")).body).toContain("Nothing is withdrawn.");
  });

  it("withdraws a weekly by any date of its week and the analyst, listed and reinstated by its stored id", async () => {
    const res = await op.post("/withdrawals/withdraw", {
      kind: "weekly",
      id: "2026-03-04",
      analyst: "chen-yu",
      reason: "not for publication",
    });
    expect(res.statusCode).toBe(303);
    expect((await lastAudit()).target).toBe("weekly 2026-03-02/chen-yu");
    await expect.poll(async () => (await publicGet("/api/v1/reports/weekly/2026-03-02/chen-yu")).statusCode).toBe(404);
    expect((await op.get("/withdrawals")).body).toMatch(/name="id"\s+value="2026-03-02\/chen-yu"/);
    expect((await op.post("/withdrawals/reinstate", { kind: "weekly", id: "2026-03-02/chen-yu" })).statusCode).toBe(
      303,
    );
    await expect.poll(async () => (await publicGet("/api/v1/reports/weekly/2026-03-02/chen-yu")).statusCode).toBe(200);
  });

  it("refuses bad input with a 400 page naming what is wrong, and withdraws nothing", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ kind: "pets", id: "1", reason: "x" }, "unknown kind &#39;pets&#39;"],
      [{ kind: "daily", id: "2026-03-03", reason: " " }, "a withdrawal needs a reason"],
      [{ kind: "daily", id: "03/03/2026", reason: "x" }, "must be a YYYY-MM-DD date"],
      [{ kind: "daily", id: "1999-01-01", reason: "x" }, "there is no"],
    ];
    for (const [form, reason] of cases) {
      const res = await op.post("/withdrawals/withdraw", form);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.body, JSON.stringify(form)).toContain(reason);
    }
    const never = await op.post("/withdrawals/reinstate", { kind: "fact-cards", id: "fc-none" });
    expect([never.statusCode, never.body.includes("was never withdrawn")]).toEqual([400, true]);
    expect((await op.get("/withdrawals")).body).toContain("Nothing is withdrawn.");
  });

  it("refuses a post without the session's CSRF token before anything runs", async () => {
    const res = await c.app.inject({
      method: "POST",
      url: "/withdrawals/withdraw",
      payload: new URLSearchParams({ kind: "daily", id: "2026-03-03", reason: "x" }).toString(),
      headers: {
        cookie: op.cookie,
        origin: "http://localhost:80",
        "content-type": "application/x-www-form-urlencoded",
      },
    });
    expect(res.statusCode).toBe(403);
    expect((await publicGet("/api/v1/reports/daily/2026-03-03")).statusCode).toBe(200);
  });
});
