import type { ConnectRouter } from "@connectrpc/connect";
import { WorkspaceService } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import type { ServiceDeps } from "../../deps.js";
import { createWorkspaceService } from "./service.js";

export const workspaceRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(WorkspaceService, createWorkspaceService(deps));
