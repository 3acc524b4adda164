/**
 * coverage_artifacts (spec §4.3): one-shot coverage research in full text, plus the rows that reached a terminal
 * state without an artifact, each marked `delivered` (an artifact came back; not that the gap closed). Granted by
 * party, not by scope: the peer parties whose entry says coverage. A granted party that is not in the identity
 * hub's roster loads nothing: it gets an empty, valid answer whose `reason` says why.
 */
import { CoverageArtifactSchema } from "../../../gen/institute/reports/v1/coverage_pb.js";
import { protoToJson } from "../../../lib/proto-json.js";
import { bool, int, nullableStr, object, str } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { boundedTool, overFetch } from "./bounded.js";
import { assertAccess } from "./peer-guard.js";

const COVERAGE_BOUND = { default: 20, max: 100 };

export const coverageArtifact = object({
  coverage_id: str,
  topic: str,
  requested_by: str,
  status: { type: "string", enum: ["completed", "failed", "expired", "cancelled"] },
  delivered: { ...bool, description: "An artifact came back. It does not mean the gap closed." },
  artifact: { ...nullableStr, description: "The artifact in full (markdown); null when the run ended without one." },
  analyst_id: nullableStr,
  work_date: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
  created_at: int,
  ended_at: int,
});

const coverage: ToolDefinition<{ delivered?: boolean; limit?: number }> = boundedTool({
  name: "coverage_artifacts",
  title: "Coverage research artifacts",
  description:
    "One-shot coverage research, most recently ended first: full-text artifacts and requests that ended without one. Granted to configured peer parties; one absent from the hub's roster loads nothing (loaded false, with the reason).",
  grant: { party: "coverage" },
  toolset: "coverage",
  args: {
    delivered: {
      type: "boolean",
      description: "true: only delivered rows; false: only rows that ended without an artifact; omitted: both.",
    },
  },
  bound: COVERAGE_BOUND,
  rows: "artifacts",
  counts: "rows",
  row: coverageArtifact,
  context: {
    loaded: { ...bool, description: "false when this party can load nothing; `reason` says why." },
    reason: nullableStr,
  },
  async fetch(args: { delivered?: boolean; limit?: number }, limit, { clients, principal }) {
    assertAccess(principal, coverage);
    if (principal.kind === "peer" && !principal.party.inHubRoster) {
      const reason = `party ${principal.party.id} is granted coverage but is not in the identity hub's roster, so it can load nothing`;
      return { rows: [], hasMore: false, context: { loaded: false, reason } };
    }
    const page = await overFetch(limit, async (n) =>
      (await clients.coverage.listCoverageArtifacts({ delivered: args.delivered, limit: n })).artifacts.map((a) =>
        protoToJson(CoverageArtifactSchema, a),
      ),
    );
    return { ...page, context: { loaded: true, reason: null } };
  },
});

export const COVERAGE_TOOLS: ToolDefinition[] = [coverage];
