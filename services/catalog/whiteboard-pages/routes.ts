import type { ConnectRouter } from "@connectrpc/connect";
import { WhiteboardPagesService } from "../../../gen/institute/catalog/v1/whiteboard_pages_pb.js";
import type { ServiceDeps } from "../../deps.js";
import { createWhiteboardPagesService } from "./service.js";

export const whiteboardPagesRoutes = (deps: ServiceDeps) => (router: ConnectRouter) =>
  router.service(WhiteboardPagesService, createWhiteboardPagesService(deps));
