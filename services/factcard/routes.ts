import type { ConnectRouter } from "@connectrpc/connect";
import { FactCardService } from "../../gen/institute/factcard/v1/factcard_pb.js";
import type { ServiceDeps } from "../deps.js";
import { createFactCardService } from "./service.js";

export const factCardRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(FactCardService, createFactCardService(deps));
