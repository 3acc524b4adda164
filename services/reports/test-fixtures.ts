/** Hand-made reports fixtures for the tests: rows written with the owner pool, bodies through the object store. */
import { Code, ConnectError, createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { expect, inject } from "vitest";
import { ReportsService } from "../../gen/institute/reports/v1/reports_pb.js";
import { loadConfig } from "../../lib/config.js";
import type { Pool } from "../../lib/db/pool.js";
import { createPostgresObjectStore, sha256Hex } from "../../lib/object-store/object-store.js";
import { createTestDatabase, type TestDatabase } from "../../test/helpers/test-database.js";
import type { ServiceDeps } from "../deps.js";
import { reportsRoutes } from "./routes.js";

export const EDITOR = "daily-editor";

export interface ReportFixture {
  id: string;
  kind: "daily" | "weekly";
  analyst: string;
  date: string;
  lang: "en" | "zh" | "plain";
  /** Epoch milliseconds. */
  archivedAt: number;
  body: string;
}

export async function addReport(owner: Pool, r: ReportFixture) {
  const key = `reports/${r.kind}/${r.date}/${r.analyst}/${r.id}.md`;
  // The blob's own time differs from archived_at on purpose: Last-Modified must come from the row.
  await createPostgresObjectStore(owner).put(key, r.body, r.archivedAt + 1234);
  await owner.query(
    `INSERT INTO reports.reports (report_id, kind, analyst_id, work_date, lang, title, object_key, archived_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.id, r.kind, r.analyst, r.date, r.lang, `${r.kind} ${r.date}`, key, r.archivedAt],
  );
}

export async function addSnapshot(owner: Pool, id: string, generatedAt: number, body: string) {
  const key = `fleet-health/${id}.md`;
  await createPostgresObjectStore(owner).put(key, body, generatedAt);
  await owner.query(`INSERT INTO reports.fleet_health (snapshot_id, generated_at, object_key) VALUES ($1, $2, $3)`, [id, generatedAt, key]);
}

export async function addKnownTopics(owner: Pool, topics: string[]) {
  for (const [i, topic] of topics.entries()) {
    await owner.query(`INSERT INTO reports.known_topics (topic, sort_order) VALUES ($1, $2)`, [topic, (i + 1) * 10]);
  }
}

export async function addTopic(owner: Pool, date: string, topic: string, json: string, fetchedAt: number | null) {
  await owner.query(`INSERT INTO reports.data_topics (work_date, topic, document, bytes, fetched_at) VALUES ($1, $2, $3::jsonb, $4, $5)`, [
    date,
    topic,
    json,
    Buffer.byteLength(json),
    fetchedAt,
  ]);
}

export const etagOf = (body: string) => `"${sha256Hex(body)}"`;

/** Epoch milliseconds of a Singapore wall-clock time, e.g. sgt("2026-03-05T10:00"). */
export const sgt = (local: string) => Date.parse(`${local}:00+08:00`);

export interface ReportsHarness {
  db: TestDatabase;
  client: Client<typeof ReportsService>;
  close(): Promise<void>;
}

/** A fresh database filled by `fill`, and a client of the service over the in-memory router transport. */
export async function startReportsService(options: { fill?: (owner: Pool) => Promise<void>; now: () => number }): Promise<ReportsHarness> {
  const db = await createTestDatabase(inject("adminUrl"));
  await options.fill?.(db.owner);
  const deps: ServiceDeps = {
    db: db.reader,
    objects: createPostgresObjectStore(db.reader),
    config: loadConfig({ DAILY_EDITOR_ID: EDITOR }),
    now: options.now,
  };
  const client = createClient(ReportsService, createRouterTransport(reportsRoutes(deps)));
  return { db, client, close: () => db.drop() };
}

/** The code and message of the ConnectError a call is refused with. */
export async function refusal(call: Promise<unknown>): Promise<{ code: Code; message: string }> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ConnectError);
  return { code: (err as ConnectError).code, message: (err as ConnectError).rawMessage };
}
