/**
 * The contract's `resources`, `prompts` and `completion` sections, derived from the resource templates and the prompt
 * registry as the endpoint serves them (a template or prompt whose tools the registry lacks is left out, as the
 * endpoint leaves it out), so the contract lists exactly what resources/templates/list and prompts/list can show.
 */
import { argumentsSchema } from "../prompts/prompt-methods.js";
import type { PromptDefinition } from "../prompts/prompt.js";
import { DAILY_DAYS, PAGE_SIZE } from "../resources/resource-list.js";
import { RESOURCE_MIME_TYPE, RESOURCE_TEMPLATES } from "../resources/templates.js";
import type { ToolDefinition } from "../tool.js";
import { DEFAULT_MAX_CHARS, MAX_MAX_CHARS } from "../tools/document-window.js";
import { MAX_VALUES } from "../completion/rank.js";
import { APP_MIME_TYPE, APP_RESOURCE_META, APP_VIEWS } from "../apps/app-views.js";

export function agentSections(tools: readonly ToolDefinition[], prompts: readonly PromptDefinition[]) {
  const names = new Set(tools.map((t) => t.name));
  const templates = RESOURCE_TEMPLATES.filter((t) => names.has(t.tool));
  const served = prompts.filter((p) => p.tools.every((t) => names.has(t)));
  return {
    resources: {
      capability: { subscribe: false, listChanged: false },
      mime_type: RESOURCE_MIME_TYPE,
      templates: templates.map((t) => ({
        uri_template: t.uriTemplate,
        name: t.name,
        title: t.title,
        description: t.description,
        tool: t.tool,
        variables: t.compiled.variables,
      })),
      list: {
        holds: `the daily reports of the last ${DAILY_DAYS} work dates, this week's weekly reports, the latest fleet-health snapshot and the institute memory, newest first, those the caller may read; then the views of the tools the caller may call`,
        page_size: PAGE_SIZE,
      },
      refusals: "a resource is refused exactly as its template's tool would refuse the caller",
      // The MCP Apps extension's views: each named by its tool's _meta.ui.resourceUri in tools/list.
      views: {
        mime_type: APP_MIME_TYPE,
        meta: APP_RESOURCE_META,
        served: APP_VIEWS.filter((v) => names.has(v.tool)).map((v) => ({
          uri: v.uri,
          name: v.name,
          title: v.title,
          tool: v.tool,
        })),
      },
    },
    prompts: served.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments.map((a) => ({
        name: a.name,
        title: a.title,
        description: a.description,
        required: a.required,
        completes_from: a.complete,
      })),
      arguments_schema: argumentsSchema(p),
      tools: p.tools,
    })),
    completion: {
      refs: ["ref/prompt", "ref/resource"],
      max_values: MAX_VALUES,
      ranking: "values beginning with the typed text first, then those containing it, each in the source's order",
      resource_variables: Object.fromEntries(templates.map((t) => [t.uriTemplate, t.complete])),
    },
    documents: {
      tools: tools
        .filter((t) => t.readDocument !== undefined || "max_chars" in t.inputSchema.properties)
        .map((t) => t.name),
      max_chars: { default: DEFAULT_MAX_CHARS, max: MAX_MAX_CHARS },
      window:
        "code points; never inside a UTF-8 sequence or a fenced code block; returns offset, total_chars, truncated, next_offset",
    },
  };
}
