import type { ConnectRouter } from "@connectrpc/connect";
import { ReportsService } from "../../gen/institute/reports/v1/reports_pb.js";
import type { ServiceDeps } from "../deps.js";
import { createReportsService } from "./service.js";

export const reportsRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(ReportsService, createReportsService(deps));
