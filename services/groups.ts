/**
 * Service processes, grouped by the schema they read: each group runs as one process in a cluster (app/service-group.ts)
 * and all of them share the gateway's process in the all-in-one. A group's routes, its health (grpc.health.v1) and
 * the indexes it keeps in memory are defined here once, for both ways to run.
 */
import type { ConnectRouter } from "@connectrpc/connect";
import { CatalogService } from "../gen/institute/catalog/v1/catalog_pb.js";
import { WhiteboardPagesService } from "../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { WorkspaceService } from "../gen/institute/catalog/v1/workspace_pb.js";
import { ChainService } from "../gen/institute/factcard/v1/chain_pb.js";
import { FactCardService } from "../gen/institute/factcard/v1/factcard_pb.js";
import { PortfolioService } from "../gen/institute/portfolio/v1/portfolio_pb.js";
import { CoverageService } from "../gen/institute/reports/v1/coverage_pb.js";
import { ReportsService } from "../gen/institute/reports/v1/reports_pb.js";
import { SearchService } from "../gen/institute/search/v1/search_pb.js";
import { poolCheck } from "../lib/observability/readiness.js";
import { unionOf, type IndexSelection } from "../lib/vector/index-selection.js";
import type { ServiceDeps } from "./deps.js";
import type { HealthSource } from "../lib/health/health-service.js";
import { SERVICE_ROUTES } from "./routes.js";

export const SERVICE_GROUPS = ["catalog", "reports", "portfolio", "search", "factcard"] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];
export type ServiceKey = keyof typeof SERVICE_ROUTES;

/** Which services each process serves. */
export const GROUP_MEMBERS: Record<ServiceGroup, readonly ServiceKey[]> = {
  catalog: ["catalog", "workspace", "whiteboardPages"],
  reports: ["reports", "coverage"],
  portfolio: ["portfolio"],
  search: ["search"],
  factcard: ["factcard", "chain"],
};

/** The process that serves each service (the gateway's client of `key` goes to this group's address). */
export const GROUP_OF = Object.fromEntries(
  SERVICE_GROUPS.flatMap((group) => GROUP_MEMBERS[group].map((key) => [key, group])),
) as Record<ServiceKey, ServiceGroup>;

/**
 * The in-process indexes each group searches, kept with an embedder by a vector runtime (each replica its own, kept
 * current by polling); null: no runtime. Search ranks documents by their vectors and BM25 and expands queries with
 * the bilingual bridge, which learns from the documents' and the fact cards' pairs; similar facts rank fact cards by
 * their vectors and BM25, without the bridge (similar-by-mode.ts).
 */
export const GROUP_INDEXES: Record<ServiceGroup, IndexSelection | null> = {
  catalog: null,
  reports: null,
  portfolio: null,
  search: { vectors: ["documents"], keywords: ["documents"], bridge: true },
  factcard: { vectors: ["factCards"], keywords: ["factCards"], bridge: false },
};

/** What a process serving `groups` keeps: the union of their indexes, loaded once. */
export const indexesOf = (groups: readonly ServiceGroup[]): IndexSelection | null =>
  unionOf(groups.map((group) => GROUP_INDEXES[group]));

/** Full protobuf names, as grpc.health.v1 and the metrics name them. */
export const SERVICE_NAMES: Record<ServiceKey, string> = {
  catalog: CatalogService.typeName,
  workspace: WorkspaceService.typeName,
  whiteboardPages: WhiteboardPagesService.typeName,
  reports: ReportsService.typeName,
  coverage: CoverageService.typeName,
  portfolio: PortfolioService.typeName,
  search: SearchService.typeName,
  factcard: FactCardService.typeName,
  chain: ChainService.typeName,
};

export const SEARCH_SERVICE_NAME = SearchService.typeName;

export function groupRoutes(groups: readonly ServiceGroup[], deps: ServiceDeps) {
  return (router: ConnectRouter) => {
    for (const group of groups) for (const key of GROUP_MEMBERS[group]) SERVICE_ROUTES[key](deps)(router);
  };
}

/** What grpc.health.v1 reports for these groups: the read pool answers; search also needs its index and embedder. */
export function groupHealth(
  groups: readonly ServiceGroup[],
  deps: ServiceDeps,
  shuttingDown: () => boolean = () => false,
): HealthSource {
  const database = poolCheck(deps.db);
  const services: HealthSource["services"] = {};
  for (const group of groups) for (const key of GROUP_MEMBERS[group]) services[SERVICE_NAMES[key]] = () => true;
  if (groups.includes("search")) services[SEARCH_SERVICE_NAME] = () => deps.vectors?.searchReady() ?? false;
  return {
    async server() {
      if (shuttingDown()) return false;
      await database();
      return true;
    },
    services,
  };
}
