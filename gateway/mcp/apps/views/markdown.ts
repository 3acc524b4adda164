/**
 * A small markdown renderer for the report reader: ATX headings, paragraphs, bullet and numbered lists, block
 * quotes, fenced code, pipe tables and the inline code, bold, italic and links the institute's reports use. Every
 * text is escaped before any markup is added, so a report can never inject HTML. Tables come back as data too, for
 * the charts drawn from them.
 */
import { escapeHtml } from "./escape-html.js";

export interface TableData {
  headers: string[];
  rows: string[][];
}

export interface Rendered {
  html: string;
  tables: TableData[];
}

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^*\w])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>")
    .replace(/(^|[^_\w])_([^_\s][^_]*)_(?!\w)/g, "$1<em>$2</em>")
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, '<a href="$2" data-link>$1</a>');
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());

const isSeparator = (line: string | undefined) => line !== undefined && /^\s*\|?\s*:?-{2,}/.test(line);

export function renderMarkdown(source: string): Rendered {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  const tables: TableData[] = [];
  let i = 0;
  const tableId = () => `table-${tables.length}`;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      out.push(`<h${level}>${inline(heading[2]!.replace(/\s+#+\s*$/, ""))}</h${level}>`);
      i++;
    } else if (line.startsWith("```")) {
      const code: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) code.push(lines[i]!);
      i++;
      out.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
    } else if (line.trimStart().startsWith("|") && isSeparator(lines[i + 1])) {
      const table: TableData = { headers: cells(line), rows: [] };
      for (i += 2; i < lines.length && lines[i]!.trimStart().startsWith("|"); i++) table.rows.push(cells(lines[i]!));
      out.push(
        `<table id="${tableId()}"><thead><tr>${table.headers.map((h) => `<th scope="col">${inline(h)}</th>`).join("")}</tr></thead>`,
        `<tbody>${table.rows.map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`).join("")}</tbody></table>`,
        `<!--chart:${tables.length}-->`,
      );
      tables.push(table);
    } else if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      for (; i < lines.length && /^\s*([-*+]|\d+[.)])\s+/.test(lines[i]!); i++)
        items.push(`<li>${inline(lines[i]!.replace(/^\s*([-*+]|\d+[.)])\s+/, ""))}</li>`);
      out.push(ordered ? `<ol>${items.join("")}</ol>` : `<ul>${items.join("")}</ul>`);
    } else if (line.startsWith(">")) {
      const quote: string[] = [];
      for (; i < lines.length && lines[i]!.startsWith(">"); i++) quote.push(lines[i]!.replace(/^>\s?/, ""));
      out.push(`<blockquote><p>${inline(quote.join(" "))}</p></blockquote>`);
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i]!.trim() !== "" && !/^(#{1,6}\s|```|>|\s*\|)/.test(lines[i]!); i++)
        para.push(lines[i]!);
      if (para.length === 0) para.push(lines[i++]!);
      out.push(`<p>${inline(para.join(" "))}</p>`);
    }
  }
  return { html: out.join("\n"), tables };
}
