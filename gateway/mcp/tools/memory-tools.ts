/**
 * institute_memory_md, viewer:read, never served to peers (spec §4.3): the institute's long-lived memory as one
 * markdown document. Each memory document becomes a second-level section under its title, in title order; the
 * list of documents comes alongside so a caller can tell the sections apart.
 */
import type { MemoryDocument } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { int, object } from "../../schemas/common.js";
import type { ToolDefinition } from "../tool.js";
import { assertAccess } from "./peer-guard.js";
import { arrayOf, NO_ARGUMENTS } from "./tool-schemas.js";
import { memoryDocumentSummary } from "./workspace-schemas.js";

export const MEMORY_HEADING = "# Institute memory";

/** The memory as markdown: a heading, then each document as `## title` and its body (trailing whitespace trimmed). */
export function memoryMarkdown(documents: readonly MemoryDocument[]): string {
  const sections = documents.map((d) => `## ${d.title}\n\n${d.body.trimEnd()}\n`);
  return [`${MEMORY_HEADING}\n`, ...sections].join("\n");
}

const memory: ToolDefinition<Record<string, never>> = {
  name: "institute_memory_md",
  title: "The institute's memory",
  description:
    "The institute's long-lived memory as one markdown document: one section per memory document, by title. Never served to peer keys.",
  grant: { scope: "viewer:read" },
  toolset: "catalog",
  withheldFromPeers: true,
  inputSchema: NO_ARGUMENTS,
  outputSchema: object({
    markdown: { type: "string", description: "text/markdown." },
    documents: arrayOf(memoryDocumentSummary),
    count: int,
  }),
  pager: "none",
  async call(_args, { clients, principal }) {
    assertAccess(principal, memory);
    const { documents } = await clients.workspace.readInstituteMemory({});
    return {
      markdown: memoryMarkdown(documents),
      documents: documents.map((d) => ({ memory_id: d.memoryId, title: d.title, updated_at: Number(d.updatedAt), chars: [...d.body].length })),
      count: documents.length,
    };
  },
};

export const MEMORY_TOOLS: ToolDefinition[] = [memory];
