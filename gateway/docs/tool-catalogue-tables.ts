/**
 * The tables of docs/tool-catalogue.md that name toolsets, resource templates, views, prompts and the REST route each
 * operation's tool stands for, rendered from their registries: `npm run docs` writes them between the markers, and a test fails when the file is stale, so the
 * document never keeps a second, hand-typed list.
 */
import { PROMPTS } from "../mcp/prompts/index.js";
import { REST_TOOL_EQUIVALENTS } from "../operations/index.js";
import { RESOURCE_TEMPLATES } from "../mcp/resources/templates.js";
import { APP_VIEWS } from "../mcp/apps/app-views.js";
import { TOOLS } from "../mcp/tools/index.js";
import { TOOLSETS, TOOLSET_NAMES } from "../mcp/toolsets.js";

export const BEGIN_MARKER = "<!-- generated from the registries by `npm run docs`: do not edit by hand -->";
export const END_MARKER = "<!-- end of generated tables -->";

const code = (s: string) => `\`${s}\``;

export function agentSurfaceTables(): string {
  const toolsets = TOOLSET_NAMES.map(
    (n) =>
      `| ${code(n)} | ${TOOLSETS[n]} | ${TOOLS.filter((t) => t.toolset === n)
        .map((t) => code(t.name))
        .join(", ")} |`,
  );
  const templates = RESOURCE_TEMPLATES.map(
    (t) =>
      `| ${code(t.uriTemplate)} | ${t.title} | ${code(t.tool)} | ${
        Object.entries(t.complete)
          .map(([v, c]) => `${code(v)} from ${c}`)
          .join(", ") || "none"
      } |`,
  );
  const views = APP_VIEWS.map((v) => `| ${code(v.uri)} | ${v.title} | ${code(v.tool)} | ${v.description} |`);
  const prompts = PROMPTS.map(
    (p) =>
      `| ${code(p.name)} | ${p.arguments.map((a) => `${code(a.name)}${a.required ? "" : " (optional)"}`).join(", ")} | ${p.tools.map(code).join(", ")} |`,
  );
  const equivalents = REST_TOOL_EQUIVALENTS.map((e) => `| ${code(e.route)} | ${code(e.tool)} |`);
  return [
    BEGIN_MARKER,
    "",
    "| toolset | what | tools |",
    "|---|---|---|",
    ...toolsets,
    "",
    "| resource template | title | tool | completion |",
    "|---|---|---|---|",
    ...templates,
    "",
    "| view (MCP Apps) | title | draws the result of | what |",
    "|---|---|---|---|",
    ...views,
    "",
    "| prompt | arguments | reads through |",
    "|---|---|---|",
    ...prompts,
    "",
    "| REST route | tool of the same operation |",
    "|---|---|",
    ...equivalents,
    "",
    END_MARKER,
  ].join("\n");
}

/** The document with its generated section replaced by the current tables. */
export function withAgentSurfaceTables(doc: string): string {
  const begin = doc.indexOf(BEGIN_MARKER);
  const end = doc.indexOf(END_MARKER);
  if (begin < 0 || end < begin) throw new Error("docs/tool-catalogue.md has no generated section markers");
  return `${doc.slice(0, begin)}${agentSurfaceTables()}${doc.slice(end + END_MARKER.length)}`;
}
