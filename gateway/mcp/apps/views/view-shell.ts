/**
 * What every view does around its drawing: connect to the host, follow its theme (the host's context, else the
 * reader's prefers-color-scheme) and style variables, wait for the tool result, draw it, and draw again when the
 * theme changes. The document says what it is waiting for or why it cannot draw in a status region.
 */
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";
import type { Theme } from "../../../charts/svg.js";
import { ViewBridge, type ToolResult } from "./bridge.js";
import { escapeHtml } from "./escape-html.js";

export { escapeHtml };

export type { Theme };

export interface ViewContext {
  bridge: ViewBridge;
  theme: Theme;
  root: HTMLElement;
  /** The arguments the tool was called with, as the host sent them (empty until it does). */
  args: Record<string, unknown>;
}

const systemTheme = (): Theme => (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");

export function setStatus(root: HTMLElement, text: string, error = false) {
  root.innerHTML = `<p role="status" class="${error ? "status error" : "status"}">${escapeHtml(text)}</p>`;
}

/** The text a failed tool result carries (its first text block). */
const failureText = (result: ToolResult) => result.content?.find((c) => c.type === "text")?.text ?? "the tool failed";

export function startView(name: string, draw: (result: Record<string, unknown>, ctx: ViewContext) => void) {
  const root = document.getElementById("view")!;
  let hostTheme: Theme | undefined;
  let last: ToolResult | undefined;
  let args: Record<string, unknown> = {};
  const theme = () => hostTheme ?? systemTheme();
  const redraw = () => {
    document.documentElement.dataset.theme = theme();
    if (!last) return;
    root.setAttribute("aria-busy", "false");
    if (last.isError || !last.structuredContent) return setStatus(root, failureText(last), true);
    try {
      draw(last.structuredContent, { bridge, theme: theme(), root, args });
    } catch (e) {
      setStatus(root, `Cannot draw this result: ${(e as Error).message}`, true);
    }
  };
  const follow = (context: McpUiHostContext) => {
    if (context.theme === "light" || context.theme === "dark") hostTheme = context.theme;
    for (const [key, value] of Object.entries(context.styles?.variables ?? {}))
      if (typeof value === "string") document.documentElement.style.setProperty(key, value);
  };
  const bridge = new ViewBridge({
    toolInput(input) {
      args = input;
    },
    toolResult(result) {
      last = result;
      redraw();
    },
    hostContext(context) {
      follow(context);
      redraw();
    },
  });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", redraw);
  document.documentElement.dataset.theme = theme();
  bridge.connect(name).then(
    (context) => {
      follow(context);
      redraw();
    },
    (e: Error) => setStatus(root, `The host did not connect: ${e.message}`, true),
  );
}

/** A number for display, or an em dash for null. */
export const show = (value: unknown, digits = 2, suffix = "") =>
  typeof value === "number" ? `${value.toFixed(digits)}${suffix}` : "—";
