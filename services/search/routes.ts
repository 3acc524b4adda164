import type { ConnectRouter } from "@connectrpc/connect";
import { SearchService } from "../../gen/institute/search/v1/search_pb.js";
import type { ServiceDeps } from "../deps.js";
import { createSearchService } from "./service.js";

export const searchRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(SearchService, createSearchService(deps));
