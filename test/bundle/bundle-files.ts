/** Writes bundle folders for the tests: lines per kind (objects or raw text), body files, and a manifest counting them. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FORMAT, FORMAT_VERSION } from "../../bundle/manifest.js";

export interface BundleSpec {
  lines?: Record<string, (object | string)[]>;
  files?: Record<string, string>;
  manifest?: Record<string, unknown>;
}

export function tempFolder(prefix = "bundle-test-"): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeBundle(dir: string, spec: BundleSpec): void {
  const counts: Record<string, number> = {};
  for (const [kind, lines] of Object.entries(spec.lines ?? {})) {
    writeFileSync(
      path.join(dir, `${kind}.ndjson`),
      lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n",
    );
    counts[kind] = lines.length;
  }
  for (const [file, body] of Object.entries(spec.files ?? {})) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
  const manifest = {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    exported_at: "2026-11-20T10:00:00.000Z",
    counts,
    ...spec.manifest,
  };
  writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(manifest));
}

/** A valid line of each kind the tests edit. */
export const BOARD = "0b6f3c1e-8d5a-4a8e-9f3b-1c2d3e4f5a6b";

export const topicPoolLine = (over: object = {}) => ({
  pool_id: "pool_1",
  topic: "Copper and the grid build-out",
  question: null,
  suggested_analyst_id: "metals",
  rationale: null,
  source_kind: "manual",
  source_run_id: null,
  source_analyst_id: null,
  priority: "normal",
  score: 0.5,
  status: "candidate",
  promoted_board_id: null,
  created_at: 1763632800000,
  promoted_at: null,
  expires_at: 1764237600000,
  ...over,
});

export const cardLine = (over: object = {}) => ({
  card_id: "card_1",
  board_id: BOARD,
  card_index: 0,
  analyst_id: "metals",
  hand: null,
  topic: "Copper",
  question: null,
  stance: null,
  status: "completed",
  work_date: "2026-11-20",
  summary: "Tight.",
  report_path: null,
  report_r2_key: null,
  report_url: null,
  started_at: 1763632800000,
  completed_at: 1763636400000,
  follow_up_analyst_id: null,
  follow_up_topic: null,
  ...over,
});

export const threadLine = (over: object = {}) => ({
  board_id: BOARD,
  work_date: "2026-11-20",
  root_analyst_id: "metals",
  root_topic: "Copper",
  root_question: null,
  status: "completed",
  card_count: 1,
  max_cards: 4,
  created_at: 1763632800000,
  updated_at: 1763636400000,
  cards: [cardLine()],
  ...over,
});
