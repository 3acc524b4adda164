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
import { fetchBounded, limitInput, limitOf } from "./bounded.js";
import { assertAccess } from "./peer-guard.js";
import { boundedList, input } from "./tool-schemas.js";

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

const coverage: ToolDefinition<{ delivered?: boolean; limit?: number }> = {
  name: "coverage_artifacts",
  title: "Coverage research artifacts",
  description:
    "One-shot coverage research, most recently ended first: full-text artifacts and requests that ended without one. Granted to configured peer parties; one absent from the hub's roster loads nothing (loaded false, with the reason).",
  grant: { party: "coverage" },
  toolset: "coverage",
  inputSchema: input({
    delivered: {
      type: "boolean",
      description: "true: only delivered rows; false: only rows that ended without an artifact; omitted: both.",
    },
    limit: limitInput(COVERAGE_BOUND, "rows"),
  }),
  outputSchema: boundedList("artifacts", coverageArtifact, {
    loaded: { ...bool, description: "false when this party can load nothing; `reason` says why." },
    reason: nullableStr,
  }),
  bound: COVERAGE_BOUND,
  pager: "none",
  async call(args, { clients, principal }) {
    assertAccess(principal, coverage);
    if (principal.kind === "peer" && !principal.party.inHubRoster) {
      const limit = limitOf(args.limit, COVERAGE_BOUND);
      return {
        loaded: false,
        reason: `party ${principal.party.id} is granted coverage but is not in the identity hub's roster, so it can load nothing`,
        artifacts: [],
        count: 0,
        bound: { limit, returned: 0, has_more: false, exact: true },
      };
    }
    const { rows, bound } = await fetchBounded(
      args,
      COVERAGE_BOUND,
      async (n) => (await clients.coverage.listCoverageArtifacts({ delivered: args.delivered, limit: n })).artifacts,
    );
    return {
      loaded: true,
      reason: null,
      artifacts: rows.map((a) => protoToJson(CoverageArtifactSchema, a)),
      count: rows.length,
      bound,
    };
  },
};

export const COVERAGE_TOOLS: ToolDefinition[] = [coverage];
