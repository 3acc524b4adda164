import type { ServiceImpl } from "@connectrpc/connect";
import type { PortfolioService } from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import type { ServiceDeps } from "../deps.js";

export function createPortfolioService(_deps: ServiceDeps): Partial<ServiceImpl<typeof PortfolioService>> {
  return {};
}
