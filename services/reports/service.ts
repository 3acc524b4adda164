import type { ServiceImpl } from "@connectrpc/connect";
import type { ReportsService } from "../../gen/institute/reports/v1/reports_pb.js";
import type { ServiceDeps } from "../deps.js";

export function createReportsService(_deps: ServiceDeps): Partial<ServiceImpl<typeof ReportsService>> {
  return {};
}
