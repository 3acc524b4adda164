/** The JSON-RPC response text of a tools/call result is exactly JSON.stringify of the response object. */
import { describe, expect, it } from "vitest";
import { callToolResult, resultResponseJson } from "./call-result-json.js";

const structured = {
  boards: [
    { board_id: "b1", root_topic: 'Rates "higher for longer"\n\\ 港股', created_at: 1, score: 0.1 + 0.2, none: null },
  ],
  count: 1,
  bound: { limit: 50, returned: 1, has_more: false, exact: true },
  next_cursor: null,
};

describe("resultResponseJson", () => {
  it.each([1, 0, "req-7", 'id with "quotes"'])("reuses the text block for structuredContent (id %s)", (id) => {
    const result = callToolResult(structured);
    expect(result.content[0]!.text).toBe(JSON.stringify(structured));
    expect(resultResponseJson(id, result)).toBe(JSON.stringify({ jsonrpc: "2.0", id, result }));
  });

  it("serializes any other result as it is", () => {
    const result = { tools: [{ name: "x", inputSchema: { type: "object" } }] };
    expect(resultResponseJson(3, result)).toBe(JSON.stringify({ jsonrpc: "2.0", id: 3, result }));
    expect(resultResponseJson(4, {})).toBe('{"jsonrpc":"2.0","id":4,"result":{}}');
  });
});
