/**
 * What a prompt is: a ready workflow an agent is offered by prompts/list and fills in with prompts/get. Its arguments
 * are strings (as MCP carries them) with a JSON Schema each, checked before it runs, and a completer each. Its
 * context is read live through the tools and resources it names, so a caller is refused a prompt exactly as it would
 * be refused those.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Principal } from "../../auth/principal.js";
import type { ServiceClients } from "../../upstream/clients.js";
import type { CompleterName } from "../completion/completers.js";

export interface PromptArgument {
  name: string;
  title: string;
  description: string;
  required: boolean;
  /** The string's schema (pattern, enumeration, length). */
  schema: { type: "string"; [keyword: string]: unknown };
  complete: CompleterName;
}

export type PromptContent =
  { type: "text"; text: string } | { type: "resource"; resource: { uri: string; mimeType: string; text: string } };

export interface PromptMessage {
  role: "user" | "assistant";
  content: PromptContent;
}

export interface PromptResult {
  description: string;
  messages: PromptMessage[];
}

/** What a prompt reads with: tools and resources as the caller may use them, and the clock. */
export interface PromptContext {
  principal: Principal;
  log: FastifyBaseLogger;
  clients: ServiceClients;
  now: () => number;
  /** A tool's structured answer, refused and validated as tools/call would. */
  callTool(name: string, args: Record<string, unknown>): Promise<any>;
  /** A resource as an embedded-resource message, read as resources/read would; undefined when it does not exist. */
  embed(uri: string): Promise<PromptMessage | undefined>;
}

export interface PromptDefinition {
  name: string;
  title: string;
  description: string;
  arguments: PromptArgument[];
  /** Every tool the prompt reads through: prompts/list shows it to callers who may use them all. */
  tools: string[];
  get(args: Readonly<Record<string, string>>, ctx: PromptContext): Promise<PromptResult>;
}

export const text = (value: string): PromptMessage => ({ role: "user", content: { type: "text", text: value } });
