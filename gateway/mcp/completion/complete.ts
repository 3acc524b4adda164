/**
 * completion/complete for every prompt argument and resource-template variable. The reference names a prompt
 * (`ref/prompt`) or a template (`ref/resource`, its URI template); completing refuses a caller exactly as getting
 * that prompt or reading that resource would, so values are never offered to someone who may not use them.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../auth/principal.js";
import type { ServiceClients } from "../../upstream/clients.js";
import type { PromptMethods } from "../prompts/prompt-methods.js";
import type { ResourceReader } from "../resources/resource-reader.js";
import { authorize, type ToolRunner } from "../tool-runner.js";
import { validationError } from "../tool-errors.js";
import { COMPLETERS, type CompleterName } from "./completers.js";
import { rankCompletions } from "./rank.js";

/** A caller's value in an error message, never unbounded. */
const quote = (v: unknown) => {
  const s = String(v);
  return s.length > 64 ? `${s.slice(0, 64)}…` : s;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The longest typed value looked at (longer than any id, date or claim beginning worth matching). */
const MAX_TYPED = 2000;

export interface CompletionSources {
  prompts: PromptMethods;
  resources: ResourceReader;
  runner: ToolRunner;
  clients: ServiceClients;
}

export function createCompletion({ prompts, resources, runner, clients }: CompletionSources) {
  /** The completer of the argument a reference names, after refusing a caller who may not use the reference. */
  function completerOf(ref: unknown, argument: string, principal: Principal): CompleterName {
    if (!isObject(ref) || (ref.type !== "ref/prompt" && ref.type !== "ref/resource"))
      throw validationError("invalid params: 'ref' must be a ref/prompt or a ref/resource", "ref");
    if (ref.type === "ref/prompt") {
      const prompt = prompts.admit(ref.name, principal);
      const arg = prompt.arguments.find((a) => a.name === argument);
      if (!arg)
        throw validationError(
          `prompt ${prompt.name} has no argument '${quote(argument)}' (it has: ${prompt.arguments.map((a) => a.name).join(", ")})`,
          "argument.name",
        );
      return arg.complete;
    }
    const served = resources.served.find((s) => s.template.uriTemplate === ref.uri);
    if (!served)
      throw validationError(
        `no resource template ${quote(ref.uri)} (templates: ${resources.served.map((s) => s.template.uriTemplate).join(", ")})`,
        "ref.uri",
      );
    authorize(principal, served.tool);
    const completer = served.template.complete[argument];
    if (!completer)
      throw validationError(
        `resource template ${served.template.uriTemplate} has no variable '${quote(argument)}'`,
        "argument.name",
      );
    return completer;
  }

  return async function complete(params: Record<string, unknown>, principal: Principal, log: FastifyBaseLogger) {
    const arg = params.argument;
    if (!isObject(arg) || typeof arg.name !== "string" || typeof arg.value !== "string") {
      throw validationError("invalid params: 'argument' must be {name, value} strings", "argument");
    }
    if (arg.value.length > MAX_TYPED)
      throw validationError(
        `invalid params: 'argument.value' is longer than ${MAX_TYPED} characters`,
        "argument.value",
      );
    const completer = completerOf(params.ref, arg.name, principal);
    const given = isObject(params.context) && isObject(params.context.arguments) ? params.context.arguments : {};
    const context = Object.fromEntries(
      Object.entries(given).filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const candidates = await runner.run(`completion:${completer}`, log, () =>
      COMPLETERS[completer]({ clients, value: arg.value as string, context }),
    );
    return { completion: rankCompletions(candidates, arg.value) };
  };
}
