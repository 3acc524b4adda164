/**
 * resources/templates/list and resources/read. A URI is matched against the templates; its variables become the
 * arguments of the template's tool, which then refuses the caller and checks the arguments exactly as tools/call
 * would (scope, party grant, withheld from peers), and the document is read whole through that tool. A URI no
 * template describes is "Resource not found" (-32002) naming it; a URI of a template's shape with a bad query or
 * encoding is invalid params (-32602) naming it.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../auth/principal.js";
import { toolAccess } from "../../auth/tool-access.js";
import { INVALID_PARAMS } from "../json-rpc.js";
import type { ToolDefinition } from "../tool.js";
import { PERMANENT_ERROR, RpcError, validationError } from "../tool-errors.js";
import type { ToolRunner } from "../tool-runner.js";
import { RESOURCE_MIME_TYPE, RESOURCE_TEMPLATES, type ResourceTemplate } from "./templates.js";
import { createAppResources } from "../apps/app-resources.js";

/** A template served by this registry: its tool is present. */
export interface ServedTemplate {
  template: ResourceTemplate;
  tool: ToolDefinition;
}

/** The templates whose tools this registry holds (a registry for tests may hold none of them). */
export function servedTemplates(tools: readonly ToolDefinition[]): ServedTemplate[] {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return RESOURCE_TEMPLATES.flatMap((template) => {
    const tool = byName.get(template.tool);
    return tool ? [{ template, tool }] : [];
  });
}

export const listedTemplate = ({ template }: ServedTemplate) => ({
  uriTemplate: template.uriTemplate,
  name: template.name,
  title: template.title,
  description: template.description,
  mimeType: RESOURCE_MIME_TYPE,
});

/** Longer than any URI the templates describe (ids are at most 200 characters). */
export const MAX_URI_LENGTH = 2048;

export const resourceNotFound = (uri: string) =>
  new RpcError(PERMANENT_ERROR, `Resource not found: ${uri}`, "permanent", { code: "resource_not_found", uri });

export interface ResolvedResource {
  served: ServedTemplate;
  args: Record<string, unknown>;
}

export function createResourceReader(tools: readonly ToolDefinition[], runner: ToolRunner) {
  const served = servedTemplates(tools);
  const apps = createAppResources(tools);

  /** The template and admitted tool arguments of a URI, or the refusal its tool would give. */
  function checkUri(uri: unknown): asserts uri is string {
    if (typeof uri !== "string" || uri === "")
      throw validationError("invalid params: 'uri' must be a resource URI", "uri");
    // Errors name the URI, so one longer than any the templates describe is refused without being echoed.
    if (uri.length > MAX_URI_LENGTH)
      throw validationError(`invalid params: 'uri' is longer than ${MAX_URI_LENGTH} characters`, "uri");
  }

  function resolve(uri: unknown, principal: Principal): ResolvedResource {
    checkUri(uri);
    for (const entry of served) {
      const match = entry.template.compiled.match(uri);
      if (match === undefined) continue;
      if (!match.ok)
        throw new RpcError(INVALID_PARAMS, `malformed resource URI ${uri}: ${match.reason}`, "validation", {
          code: "invalid_argument",
          argument: "uri",
          uri,
        });
      return { served: entry, args: runner.admit(entry.tool, principal, match.values) };
    }
    throw resourceNotFound(uri);
  }

  async function readWhole(resolved: ResolvedResource, principal: Principal, log: FastifyBaseLogger) {
    const { template, tool } = resolved.served;
    return runner.run(tool.name, log, () => template.read(tool, resolved.args, runner.context(principal)));
  }

  return {
    served,
    /** The interactive views (ui://), beside the documents. */
    apps,
    /** The templates a caller may read through (a peer key is not shown the memory's). */
    templatesList: (principal: Principal) => ({
      resourceTemplates: served.filter((s) => toolAccess(principal, s.tool).ok).map(listedTemplate),
    }),
    resolve,
    readWhole,
    /** Whether a URI names a document that must never be cached. */
    neverCached: (uri: string) =>
      served.some(({ template }) => template.noStore === true && template.compiled.match(uri)?.ok === true),
    async read(params: Record<string, unknown>, principal: Principal, log: FastifyBaseLogger) {
      const uri = params.uri;
      if (apps.owns(uri)) {
        checkUri(uri);
        const view = apps.read(uri, principal);
        if (view === undefined) throw resourceNotFound(uri);
        return view;
      }
      const document = await readWhole(resolve(params.uri, principal), principal, log);
      return { contents: [{ uri: uri as string, mimeType: RESOURCE_MIME_TYPE, text: document.text }] };
    },
  };
}

export type ResourceReader = ReturnType<typeof createResourceReader>;
