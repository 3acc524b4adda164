import type { ServiceImpl } from "@connectrpc/connect";
import type { CatalogService } from "../../gen/institute/catalog/v1/catalog_pb.js";
import type { ServiceDeps } from "../deps.js";

export function createCatalogService(_deps: ServiceDeps): Partial<ServiceImpl<typeof CatalogService>> {
  return {};
}
