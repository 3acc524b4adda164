/** JSON Schema of GET /api/v1/meta's answer (spec §2.1). */
import { bool, object, str } from "./common.js";

export const metaResponse = object({
  project: { type: "object", properties: { name: str, description: str, color: str }, required: ["name"] },
  search_enabled: bool,
  storage: object({ d1: bool, kv: bool, r2: bool, vectorize: bool }),
  api_version: str,
});
