import type { ConnectRouter } from "@connectrpc/connect";
import { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { ServiceDeps } from "../deps.js";
import { createCatalogService } from "./service.js";

export const catalogRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(CatalogService, createCatalogService(deps));
