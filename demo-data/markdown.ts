/**
 * Bilingual documents as blocks of sentence pairs, rendered to English, Chinese, or 'plain' (language-agnostic:
 * both languages side by side, as an unmarked report would carry them).
 */
import type { Pair } from "./topic-types.js";

export type RenderLang = "en" | "zh" | "plain";

export type Block =
  | { kind: "heading"; level: 1 | 2 | 3; text: Pair }
  | { kind: "note"; text: Pair }
  | { kind: "para"; sentences: Pair[] }
  | { kind: "list"; items: Pair[] }
  | { kind: "table"; headers: Pair[]; rows: Cell[][] };

/** A table cell: language-neutral text (numbers) or a pair. */
export type Cell = string | Pair;

export const heading = (level: 1 | 2 | 3, text: Pair): Block => ({ kind: "heading", level, text });
export const note = (text: Pair): Block => ({ kind: "note", text });
export const para = (sentences: Pair[]): Block => ({ kind: "para", sentences });
export const list = (items: Pair[]): Block => ({ kind: "list", items });
export const table = (headers: Pair[], rows: Cell[][]): Block => ({ kind: "table", headers, rows });

const prose = (sentences: Pair[], lang: "en" | "zh") => sentences.map((s) => s[lang]).join(lang === "zh" ? "" : " ");
const both = (p: Pair) => `${p.en} · ${p.zh}`;

function renderBlock(block: Block, lang: RenderLang): string {
  switch (block.kind) {
    case "heading":
      return `${"#".repeat(block.level)} ${lang === "plain" ? both(block.text) : block.text[lang]}`;
    case "note":
      return lang === "plain" ? `_${block.text.en}_\n\n_${block.text.zh}_` : `_${block.text[lang]}_`;
    case "para":
      return lang === "plain"
        ? `${prose(block.sentences, "en")}\n\n${prose(block.sentences, "zh")}`
        : prose(block.sentences, lang);
    case "list":
      return block.items.map((p) => `- ${lang === "plain" ? both(p) : p[lang]}`).join("\n");
    case "table": {
      const cell = (c: Cell) =>
        typeof c === "string" ? c : lang !== "plain" ? c[lang] : c.en === c.zh ? c.en : `${c.en} / ${c.zh}`;
      const line = (cells: readonly Cell[]) => `| ${cells.map(cell).join(" | ")} |`;
      return [line(block.headers), line(block.headers.map(() => "---")), ...block.rows.map(line)].join("\n");
    }
  }
}

export function renderBlocks(blocks: readonly Block[], lang: RenderLang): string {
  return `${blocks.map((b) => renderBlock(b, lang)).join("\n\n")}\n`;
}
