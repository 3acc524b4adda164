/**
 * The read cache on tools/call. The runner has already checked the caller's grant and the arguments (defaults
 * applied) when it asks; the answer is keyed by the tool's name and its arguments as canonical JSON. Tools granted to
 * parties rather than by scope answer differently for each party (coverage_artifacts: a party outside the hub's
 * roster is told it can load nothing), so they are never cached; every other tool's answer depends only on the data
 * and its arguments. A tool is cached only when every service call it made may be (call-recorder.ts), and a
 * refusal or error is never kept.
 */
import { canonicalJson } from "../../lib/canonical-json.js";
import type { CallToolResult } from "../mcp/call-result-json.js";
import type { ToolCallWrapper } from "../mcp/tool-runner.js";
import { newRecording, recordCalls } from "./call-recorder.js";
import type { ReadCache } from "./read-cache.js";

/** Bookkeeping beside an answer's JSON text: the parsed structuredContent it is kept with, the key, the index. */
const bytesOf = (key: string, result: CallToolResult) => 2 * result.content[0]!.text.length + key.length + 256;

export function toolCallCache(cache: ReadCache<unknown>): ToolCallWrapper {
  return async (tool, args, compute) => {
    if (!cache.live || "party" in tool.grant) return compute();
    const key = `tool ${tool.name} ${canonicalJson(args)}`;
    const hit = cache.get(key) as CallToolResult | undefined;
    if (hit) return hit;
    const recording = newRecording();
    const ticket = cache.begin();
    const result = await recordCalls(recording, compute);
    if (!recording.uncacheable && recording.kinds.size > 0)
      cache.set(key, result, recording.kinds, bytesOf(key, result), ticket);
    return result;
  };
}
