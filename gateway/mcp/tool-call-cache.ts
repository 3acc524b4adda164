/**
 * The read cache on tools/call. The runner has already checked the caller's grant and the arguments (defaults
 * applied) when it asks; the answer is keyed by the tool's name and its arguments as canonical JSON. Tools granted to
 * parties rather than by scope answer differently for each party (coverage_artifacts: a party outside the hub's
 * roster is told it can load nothing), so they are never cached; every other tool's answer depends only on the data
 * and its arguments. A tool is cached only when every service call it made may be (call-recorder.ts), and a
 * refusal or error is never kept. While the cache is suspended (the database cannot be heard), a call whose service
 * is unreachable is answered with the result held from before, stale (stale-if-error), its age in `_meta`.
 */
import { canonicalJson } from "../../lib/canonical-json.js";
import type { CallToolResult } from "./call-result-json.js";
import { RpcError } from "./tool-errors.js";
import type { ToolCallWrapper } from "./tool-runner.js";
import { newRecording, recordCalls } from "../read-cache/call-recorder.js";
import type { ReadCache } from "../read-cache/read-cache.js";

/** Bookkeeping beside an answer's JSON text: the parsed structuredContent it is kept with, the key, the index. */
const bytesOf = (key: string, result: CallToolResult) => 2 * result.content[0]!.text.length + key.length + 256;

/** A call's failure that a stale result may stand in for: a service or the database unreachable. */
const unreachable = (e: unknown) =>
  e instanceof RpcError && e.category === "transient" && ["unavailable", "deadline_exceeded"].includes(e.detail.code);

export function toolCallCache(
  cache: ReadCache<unknown>,
  log?: { warn(details: object, message: string): void },
): ToolCallWrapper {
  return async (tool, args, compute) => {
    if ("party" in tool.grant) return compute();
    const key = `tool ${tool.name} ${canonicalJson(args)}`;
    if (!cache.live) {
      try {
        return await compute();
      } catch (error) {
        const answer = unreachable(error) ? cache.stale(key) : undefined;
        if (!answer) throw error;
        const age = Math.floor(answer.ageMs / 1000);
        log?.warn({ readCache: "stale", age, tool: tool.name }, "served a stale answer from the read cache");
        const result = answer.value as CallToolResult;
        return { ...result, _meta: { ...result._meta, stale: true, age_seconds: age } };
      }
    }
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
