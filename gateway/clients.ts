/** Connect clients of every service, created once at start-up from whatever transport reaches them. */
import { createClient, type Client, type Transport } from "@connectrpc/connect";
import { CatalogService } from "../gen/institute/catalog/v1/catalog_pb.js";
import { PortfolioService } from "../gen/institute/portfolio/v1/portfolio_pb.js";
import { ReportsService } from "../gen/institute/reports/v1/reports_pb.js";

export interface ServiceClients {
  catalog: Client<typeof CatalogService>;
  reports: Client<typeof ReportsService>;
  portfolio: Client<typeof PortfolioService>;
}

export type ServiceTransports = Record<keyof ServiceClients, Transport>;

export function createServiceClients(transports: ServiceTransports): ServiceClients {
  return {
    catalog: createClient(CatalogService, transports.catalog),
    reports: createClient(ReportsService, transports.reports),
    portfolio: createClient(PortfolioService, transports.portfolio),
  };
}
