/**
 * institute_memory_md, viewer:read, never served to peers (spec §4.3): the institute's long-lived memory as one
 * markdown document. Each memory document becomes a second-level section under its title, in title order; the
 * list of documents comes alongside so a caller can tell the sections apart.
 */
import type { MemoryDocument } from "../../../gen/institute/catalog/v1/workspace_pb.js";
import { int, object } from "../../schemas/common.js";
import type { ToolContext, ToolDefinition } from "../tool.js";
import { documentWindow, windowInput, windowOutput, type WindowArgs } from "./document-window.js";
import { assertAccess } from "./peer-guard.js";
import { arrayOf, input } from "./tool-schemas.js";
import { memoryDocumentSummary } from "./workspace-schemas.js";

export const MEMORY_HEADING = "# Institute memory";

/** The memory as markdown: a heading, then each document as `## title` and its body (trailing whitespace trimmed). */
export function memoryMarkdown(documents: readonly MemoryDocument[]): string {
  const sections = documents.map((d) => `## ${d.title}\n\n${d.body.trimEnd()}\n`);
  return [`${MEMORY_HEADING}\n`, ...sections].join("\n");
}

const readMemory = async ({ clients }: ToolContext) => (await clients.workspace.readInstituteMemory({})).documents;

/** The memory was last written when its newest document was; null while it holds none. */
const newest = (documents: readonly MemoryDocument[]) =>
  documents.length ? Math.max(...documents.map((d) => Number(d.updatedAt))) : null;

const memory: ToolDefinition<WindowArgs> = {
  name: "institute_memory_md",
  title: "The institute's memory",
  description:
    "The institute's long-lived memory as one markdown document: one section per memory document, by title. Never served to peer keys.",
  grant: { scope: "viewer:read" },
  toolset: "catalog",
  withheldFromPeers: true,
  inputSchema: input({ ...windowInput }),
  outputSchema: object({
    markdown: { type: "string", description: "This window of the memory, text/markdown." },
    ...windowOutput,
    documents: arrayOf(memoryDocumentSummary),
    count: int,
  }),
  pager: "none",
  async call(args, ctx) {
    assertAccess(ctx.principal, memory);
    const documents = await readMemory(ctx);
    const { text, ...window } = documentWindow(memoryMarkdown(documents), args);
    return {
      markdown: text,
      ...window,
      documents: documents.map((d) => ({
        memory_id: d.memoryId,
        title: d.title,
        updated_at: Number(d.updatedAt),
        chars: [...d.body].length,
      })),
      count: documents.length,
    };
  },
  async readDocument(_args, ctx) {
    assertAccess(ctx.principal, memory);
    const documents = await readMemory(ctx);
    return { text: memoryMarkdown(documents), lastModified: newest(documents) };
  },
};

export const MEMORY_TOOLS: ToolDefinition[] = [memory];
