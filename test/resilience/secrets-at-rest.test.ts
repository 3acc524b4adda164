/**
 * Keys and tokens never appear in the clear in logs or in the database (spec §5.2: only SHA-256 digests of keys and
 * tokens are kept), so a leaked log or dump hands no one a credential. After a run that handled every kind of secret
 * (secret-exposure-run.ts), the captured logs are searched for each one, and so is the text of every row of every table
 * of the database; no error answer echoes a credential back either. Institute keys are stored as their SHA-256 digest,
 * and only that.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runWithSecrets, type SecretRun } from "./secret-exposure-run.js";

let run: SecretRun;
beforeAll(async () => {
  run = await runWithSecrets();
}, 120_000);
afterAll(() => run?.close());

const found = (haystack: string, secrets: Record<string, string>) =>
  Object.entries(secrets)
    .filter(([, value]) => haystack.includes(value))
    .map(([what]) => what);

describe("secrets at rest", () => {
  it("the run really used every credential", () => {
    expect(run.statuses).toMatchObject({
      "rest key": 200,
      "rest revoked": 401,
      "rest wrong": 401,
      "rest bearer key": 401,
      "rest bad url": 400,
      "mcp key": 200,
      "mcp peer bearer": 200,
      "mcp peer x-api-key": 200,
      "mcp oauth": 200,
      "mcp oauth refused": 401,
      "mcp oauth hub down": 503,
      "callback signed": 200,
      "callback forged": 401,
      "admin mint": 201,
      "admin rotate": 201,
      "admin wrong token": 401,
      "rest admin-minted key": 200,
    });
    // One line per answered request, at least one per request above.
    expect(run.lines.filter((l) => l.includes('"msg":"request completed"')).length).toBeGreaterThanOrEqual(17);
    expect(run.lines.some((l) => l.includes("relay callback"))).toBe(true);
  });

  it("no log line holds a key, a token, a signature, the signing secret or a database password", () => {
    expect(found(run.lines.join("\n"), run.secrets)).toEqual([]);
  });

  it("no answer echoes a credential back", () => {
    expect(Object.entries(run.statuses).filter(([label, echoes]) => label.endsWith(":echoes") && echoes === 1)).toEqual(
      [],
    );
  });

  it("no row of any table holds one in the clear", async () => {
    const { rows: tables } = await run.db.owner.query(
      `SELECT table_schema AS schema, table_name AS table FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    );
    expect(tables.map((t) => t.schema)).toEqual(expect.arrayContaining(["auth", "governor", "catalog", "objects"]));
    const dump: string[] = [];
    for (const { schema, table } of tables) {
      const { rows } = await run.db.owner.query(`SELECT t::text AS row FROM "${schema}"."${table}" t`);
      dump.push(...rows.map((r) => `${schema}.${table}: ${r.row}`));
    }
    expect(dump.some((r) => r.startsWith("governor.deliveries"))).toBe(true);
    // Usage was counted for every credential, refused ones included, and is searched like the rest.
    expect(dump.some((r) => r.startsWith("usage.requests") && r.includes("401 invalid_credential"))).toBe(true);
    expect(dump.some((r) => r.startsWith("usage.requests") && r.includes("peer:"))).toBe(true);
    const { signature: _signature, forgedSignature: _forged, ...secrets } = run.secrets;
    // Signatures are computed from bodies the inbox keeps, so only the signing secret and credentials are searched.
    expect(found(dump.join("\n"), secrets)).toEqual([]);
  });

  it("keeps an institute key as its SHA-256 digest only", async () => {
    const digest = createHash("sha256").update(run.secrets.instituteKey!).digest("hex");
    const { rows } = await run.db.owner.query("SELECT key_sha256 FROM auth.api_keys WHERE name = 'secrets-all'");
    expect(rows).toEqual([{ key_sha256: digest }]);
  });
});
