/**
 * prompts/list and prompts/get. A caller sees the prompts whose tools it may all use (as tools/list shows tools),
 * and prompts/get refuses it as the first tool it may not use would. Arguments are strings: an unknown one, a
 * missing required one or one outside its schema is invalid params naming it. The messages embed resources read
 * live, as resources/read reads them.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../auth/principal.js";
import { toolAccess } from "../../auth/tool-access.js";
import type { ServiceClients } from "../../upstream/clients.js";
import { relevantError } from "../../schemas/relevant-error.js";
import { createSchemaCompiler, describeArgumentError } from "../argument-validator.js";
import type { ResourceReader } from "../resources/resource-reader.js";
import { RESOURCE_MIME_TYPE } from "../resources/templates.js";
import type { JsonSchema, ToolDefinition } from "../tool.js";
import { authorize, type ToolRunner } from "../tool-runner.js";
import { RpcError, validationError } from "../tool-errors.js";
import type { PromptContext, PromptDefinition } from "./prompt.js";

/** A prompt's arguments as one JSON Schema object, for validation and the contract. */
export function argumentsSchema(prompt: PromptDefinition): JsonSchema {
  return {
    type: "object",
    properties: Object.fromEntries(prompt.arguments.map((a) => [a.name, a.schema])),
    required: prompt.arguments.filter((a) => a.required).map((a) => a.name),
    additionalProperties: false,
  };
}

export const listedPrompt = (p: PromptDefinition) => ({
  name: p.name,
  title: p.title,
  description: p.description,
  arguments: p.arguments.map((a) => ({
    name: a.name,
    title: a.title,
    description: a.description,
    required: a.required,
  })),
});

const isNotFound = (e: unknown) =>
  e instanceof RpcError && (e.detail.code === "not_found" || e.detail.code === "resource_not_found");

export interface PromptSources {
  prompts: readonly PromptDefinition[];
  tools: readonly ToolDefinition[];
  runner: ToolRunner;
  resources: ResourceReader;
  clients: ServiceClients;
  now: () => number;
}

export function createPromptMethods({ prompts, tools, runner, resources, clients, now }: PromptSources) {
  const byTool = new Map(tools.map((t) => [t.name, t]));
  // A prompt whose tools this registry lacks (a registry for tests) is not served.
  const served = prompts.filter((p) => p.tools.every((name) => byTool.has(name)));
  const byName = new Map(served.map((p) => [p.name, p]));
  const validators = createSchemaCompiler();
  const schemas = new Map(served.map((p) => [p.name, argumentsSchema(p)]));
  const toolsOf = (p: PromptDefinition) => p.tools.map((name) => byTool.get(name)!);

  function context(principal: Principal, log: FastifyBaseLogger): PromptContext {
    return {
      principal,
      log,
      clients,
      now,
      async callTool(name, args) {
        const tool = byTool.get(name)!;
        const admitted = runner.admit(tool, principal, args);
        return runner.run(tool.name, log, () => tool.call(admitted, runner.context(principal)));
      },
      async embed(uri) {
        try {
          const document = await resources.readWhole(resources.resolve(uri, principal), principal, log);
          return {
            role: "user",
            content: { type: "resource", resource: { uri, mimeType: RESOURCE_MIME_TYPE, text: document.text } },
          };
        } catch (e) {
          if (isNotFound(e)) return undefined;
          throw e;
        }
      },
    };
  }

  /** The prompt a name refers to, refused as its tools would refuse the caller. */
  function admit(name: unknown, principal: Principal): PromptDefinition {
    if (typeof name !== "string" || !byName.has(name))
      throw validationError(`unknown prompt: ${String(name).slice(0, 64)}`, "name", "unknown_prompt");
    const prompt = byName.get(name)!;
    for (const tool of toolsOf(prompt)) authorize(principal, tool);
    return prompt;
  }

  return {
    served,
    admit,
    list(principal: Principal) {
      return { prompts: served.filter((p) => toolsOf(p).every((t) => toolAccess(principal, t).ok)).map(listedPrompt) };
    },
    async get(params: Record<string, unknown>, principal: Principal, log: FastifyBaseLogger) {
      const prompt = admit(params.name, principal);
      const raw = params.arguments ?? {};
      if (typeof raw !== "object" || raw === null || Array.isArray(raw))
        throw validationError("invalid params: 'arguments' must be an object of strings", "arguments");
      const args = { ...(raw as Record<string, unknown>) };
      const validate = validators(schemas.get(prompt.name)!);
      if (!validate(args)) {
        const { message, argument } = describeArgumentError(relevantError(validate.errors));
        throw validationError(message, argument);
      }
      return prompt.get(args as Record<string, string>, context(principal, log));
    },
  };
}

export type PromptMethods = ReturnType<typeof createPromptMethods>;
