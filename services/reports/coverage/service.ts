/**
 * CoverageService: one-shot coverage research, read from the reports schema. Every row reached a terminal state;
 * those that came back with an artifact carry it in full. Who may read it is the gateway's party grant.
 */
import type { ServiceImpl } from "@connectrpc/connect";
import type { CoverageService } from "../../../gen/institute/reports/v1/coverage_pb.js";
import type { ServiceDeps } from "../../deps.js";
import { fetchLimit } from "../../request-checks.js";
import { createCoverageStore } from "./store.js";

export function createCoverageService(deps: Pick<ServiceDeps, "db">): ServiceImpl<typeof CoverageService> {
  const store = createCoverageStore(deps.db);
  return {
    async listCoverageArtifacts(req) {
      const limit = fetchLimit(req.limit);
      return { artifacts: await store.list({ delivered: req.delivered, limit }) };
    },
  };
}
