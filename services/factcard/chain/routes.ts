import type { ConnectRouter } from "@connectrpc/connect";
import { ChainService } from "../../../gen/institute/factcard/v1/chain_pb.js";
import type { ServiceDeps } from "../../deps.js";
import { createChainService } from "./service.js";

export const chainRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(ChainService, createChainService(deps));
