/** Mounts GovernorService on a Connect router: served by the governor process, or in process in the all-in-one. */
import type { ConnectRouter } from "@connectrpc/connect";
import { GovernorService } from "../../gen/institute/governor/v1/governor_pb.js";
import { createGovernorService, type PulseDeps } from "./service.js";

export const governorRoutes = (deps: PulseDeps) => (router: ConnectRouter) =>
  router.service(GovernorService, createGovernorService(deps));
