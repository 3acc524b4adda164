/**
 * GET /api/contract: the whole surface, derived at run time from the registered REST routes and the tool
 * registry (spec §1.3, §4.2, §9.3), so its counts always equal what the routes and tools/list serve. Each surface
 * hands its own section (sections.ts); this file puts them in the document's order beside what the contract owns.
 */
import { EVENT_TYPES } from "../../lib/relay/callback-event.js";
import { CALLBACK_PATH } from "../relay/callback-route.js";
import { authSection } from "./auth-summary.js";
import { CHANGELOG, CONTRACT_REVISION, CONTRACT_VERSION } from "./changelog.js";
import { limitsSection, submissionSection } from "./limits.js";
import type { ContractSections } from "./sections.js";

export function contractDocument({ config, rest, toolEndpoint, requestRate }: ContractSections, base: string) {
  const relay = config.relay.name;
  const tools = toolEndpoint(base);
  return {
    version: CONTRACT_VERSION,
    revision: CONTRACT_REVISION,
    service: { name: config.project.name, api_version: rest.apiVersion, base_url: base, read_only: true },
    changelog: CHANGELOG,
    rest: rest.listing(),
    tool_endpoint: tools.tool_endpoint,
    tools: tools.tools,
    resources: tools.resources,
    prompts: tools.prompts,
    completion: tools.completion,
    documents: tools.documents,
    auth: authSection(config, base, tools.json_rpc_refusals),
    limits: limitsSection(rest.bounds(), requestRate),
    submission: submissionSection(),
    events: {
      outbound: [],
      callback: {
        method: "POST",
        path: CALLBACK_PATH,
        event_types: [...EVENT_TYPES],
        signature_header: `X-${relay}-Signature`,
        signature: "sha256=<hex HMAC-SHA256 of the raw request body under the shared signing secret>",
        delivery_header: `X-${relay}-Delivery`,
        untracked_task: "answered 200; nothing is done",
      },
    },
    openapi: `${base}/api/openapi.json`,
  };
}
