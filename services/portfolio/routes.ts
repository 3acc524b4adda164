import type { ConnectRouter } from "@connectrpc/connect";
import { PortfolioService } from "../../gen/institute/portfolio/v1/portfolio_pb.js";
import type { ServiceDeps } from "../deps.js";
import { createPortfolioService } from "./service.js";

export const portfolioRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(PortfolioService, createPortfolioService(deps));
