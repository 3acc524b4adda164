/**
 * The hand-written tool call: POST /api/mcp parses the JSON-RPC request, answers tools/call of
 * whiteboard_list_boards (first page, default limit 50) with one keyset SQL query, and wraps the page as MCP's
 * CallToolResult (structuredContent and the same JSON as text). Other methods and tools are not served.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type pg from "pg";

const BOARDS = `
  SELECT t.board_id, t.work_date, t.root_analyst_id, t.root_topic, t.root_question, t.status,
         (SELECT count(*) FROM catalog.cards c WHERE c.board_id = t.board_id)::int AS card_count,
         t.max_cards, t.created_at, t.updated_at
    FROM catalog.threads t
   ORDER BY t.updated_at DESC, t.board_id DESC
   LIMIT $1`;

const LIMIT = 50;
const secret = randomBytes(32);
// The tool and its filters, fingerprinted as the service does, so a cursor differs from the service's only in its tag.
const FILTERS = createHash("sha256")
  .update(JSON.stringify(["whiteboard_list_boards", [["status", ""]]]))
  .digest("base64url")
  .slice(0, 22);

function cursorAfter(row: { updated_at: number; board_id: string }): string {
  const payload = Buffer.from(JSON.stringify({ a: row.updated_at, i: row.board_id, f: FILTERS })).toString("base64url");
  return `${payload}.${createHmac("sha256", secret).update(payload).digest().subarray(0, 16).toString("base64url")}`;
}

export function mcpRoutes(app: FastifyInstance, pool: pg.Pool) {
  app.post<{ Body: { jsonrpc: string; id: number | string; method: string; params?: { name?: string } } }>(
    "/api/mcp",
    async (request, reply) => {
      const { id, method, params } = request.body;
      if (method !== "tools/call" || params?.name !== "whiteboard_list_boards") {
        return reply
          .code(200)
          .send({ jsonrpc: "2.0", id, error: { code: -32601, message: "not served by this baseline" } });
      }
      const { rows } = await pool.query({ name: "boards", text: BOARDS, values: [LIMIT + 1] });
      const boards = rows.slice(0, LIMIT);
      const hasMore = rows.length > LIMIT;
      const result = {
        boards,
        count: boards.length,
        bound: { limit: LIMIT, returned: boards.length, has_more: hasMore, exact: true },
        next_cursor: hasMore ? cursorAfter(boards[boards.length - 1]) : null,
      };
      reply.header("mcp-protocol-version", "2025-03-26");
      return {
        jsonrpc: "2.0",
        id,
        result: {
          content: [{ type: "text", text: JSON.stringify(result) }],
          structuredContent: result,
          isError: false,
        },
      };
    },
  );
}
