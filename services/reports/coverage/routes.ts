import type { ConnectRouter } from "@connectrpc/connect";
import { CoverageService } from "../../../gen/institute/reports/v1/coverage_pb.js";
import type { ServiceDeps } from "../../deps.js";
import { createCoverageService } from "./service.js";

export const coverageRoutes = (deps: ServiceDeps) => (router: ConnectRouter) => router.service(CoverageService, createCoverageService(deps));
