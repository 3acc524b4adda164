/**
 * Connect clients of every service, created once at start-up from whatever transport reaches them, and of the
 * governor when the deployment runs one that serves its queue pulse (absent otherwise: the tools answer without it).
 */
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import { WhiteboardPagesService } from "../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import { WorkspaceService } from "../../gen/institute/catalog/v1/workspace_pb.js";
import { ChainService } from "../../gen/institute/factcard/v1/chain_pb.js";
import { FactCardService } from "../../gen/institute/factcard/v1/factcard_pb.js";
import { GovernorService } from "../../gen/institute/governor/v1/governor_pb.js";
import { PortfolioService } from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import { CoverageService } from "../../gen/institute/reports/v1/coverage_pb.js";
import { ReportsService } from "../../gen/institute/reports/v1/reports_pb.js";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";

export interface ServiceClients {
  catalog: Client<typeof CatalogService>;
  reports: Client<typeof ReportsService>;
  portfolio: Client<typeof PortfolioService>;
  search: Client<typeof SearchService>;
  factcard: Client<typeof FactCardService>;
  workspace: Client<typeof WorkspaceService>;
  whiteboardPages: Client<typeof WhiteboardPagesService>;
  chain: Client<typeof ChainService>;
  coverage: Client<typeof CoverageService>;
  /** GovernorService (the queue pulse), when a governor serves one. */
  governor?: Client<typeof GovernorService>;
}

export type ServiceTransports = Record<Exclude<keyof ServiceClients, "governor">, Transport>;

export function createServiceClients(transports: ServiceTransports, governor?: Transport): ServiceClients {
  return {
    catalog: createClient(CatalogService, transports.catalog),
    reports: createClient(ReportsService, transports.reports),
    portfolio: createClient(PortfolioService, transports.portfolio),
    search: createClient(SearchService, transports.search),
    factcard: createClient(FactCardService, transports.factcard),
    workspace: createClient(WorkspaceService, transports.workspace),
    whiteboardPages: createClient(WhiteboardPagesService, transports.whiteboardPages),
    chain: createClient(ChainService, transports.chain),
    coverage: createClient(CoverageService, transports.coverage),
    ...(governor ? { governor: createClient(GovernorService, governor) } : {}),
  };
}
