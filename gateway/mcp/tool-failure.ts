/**
 * A tool's own failure as MCP and spec §7.2 both read it, in one result: `isError: true` with a text a model can act
 * on (what failed, and whether to fix the call, use another credential, or retry), and §7.2's channel beside it,
 * `result.error` with `data.category` and `data.transient`. Only what the model's call could change or a retry could
 * fix becomes such a result; a malformed request, an unknown tool and an internal fault stay JSON-RPC errors
 * (tool-runner.ts decides).
 */
import type { RpcErrorObject } from "./json-rpc.js";
import type { RpcError } from "./tool-errors.js";

export interface ToolFailureResult {
  content: Array<{ type: "text"; text: string }>;
  isError: true;
  error: RpcErrorObject;
}

const NEXT_STEP: Record<RpcError["category"], string> = {
  validation: "Correct the argument and call again.",
  auth: "This credential may not use it; calling again will not help.",
  permanent: "Calling again with the same arguments will not help.",
  transient: "This is temporary: the same call may succeed if retried shortly.",
};

export function toolFailureResult(tool: string, error: RpcError): ToolFailureResult {
  const { detail } = error;
  const naming = detail.argument ? ` (argument '${detail.argument}')` : "";
  const needs = detail.required ? ` It needs the scope ${detail.required}.` : "";
  return {
    content: [
      {
        type: "text",
        text: `${tool} failed: ${error.message}${naming}. [${error.category}: ${detail.code}]${needs} ${NEXT_STEP[error.category]}`,
      },
    ],
    isError: true,
    error: error.toObject(),
  };
}
