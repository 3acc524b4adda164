/**
 * A tool projected from an operation (gateway/operations): its name, input and output schemas and its call are
 * the operation's, so its structuredContent is the REST route's answer. The tool adds what is MCP's: title,
 * description, grant, toolset. A bounded list operation (`op.list`) is answered with the tool's `bound` report
 * beside its rows, from the same service call REST makes (bounded.ts `boundedAnswer`). A tool whose answer is a
 * view of the operation's (a markdown document windowed) declares its own schemas and `call`, which reads through
 * the operation (`read`) where the operation's service call serves it.
 */
import type { Operation } from "../../operations/operation.js";
import { routeName } from "../../operations/operation.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { boundedAnswer, boundedOutput } from "./bounded.js";

type Read<I, A> = (input: I) => Promise<A>;

export interface ToolProjection<Args, I, A> extends Omit<
  ToolDefinition<Args>,
  "name" | "inputSchema" | "outputSchema" | "pager" | "call" | "readDocument" | "rest"
> {
  inputSchema?: ToolDefinition["inputSchema"];
  outputSchema?: ToolDefinition["outputSchema"];
  pager?: ToolDefinition["pager"];
  call?(args: Args, ctx: ToolContext, read: Read<I, A>): Promise<unknown>;
  readDocument?(
    args: Args,
    ctx: ToolContext,
    read: Read<I, A>,
  ): ReturnType<NonNullable<ToolDefinition["readDocument"]>>;
}

export function operationTool<Args = any, I = any, A = any>(
  op: Operation<I, A>,
  tool: ToolProjection<Args, I, A>,
): ToolDefinition<Args> {
  const reader =
    (ctx: ToolContext): Read<I, A> =>
    (input) =>
      op.call(input, ctx.clients);
  const { call, readDocument, inputSchema, outputSchema, pager, ...mcp } = tool;
  const { list } = op;
  return {
    name: op.tool,
    rest: routeName(op),
    ...mcp,
    inputSchema: inputSchema ?? op.input,
    outputSchema: outputSchema ?? (list ? boundedOutput(op.output, list.rows) : op.output),
    ...(list ? { bound: list.bound } : {}),
    pager: pager ?? "none",
    call: call
      ? (args, ctx) => call(args, ctx, reader(ctx))
      : list
        ? (args, ctx) => boundedAnswer(list, args as unknown as I & { limit?: number }, ctx.clients)
        : (args, ctx) => op.call(args as unknown as I, ctx.clients),
    ...(readDocument ? { readDocument: (args: Args, ctx: ToolContext) => readDocument(args, ctx, reader(ctx)) } : {}),
  };
}
