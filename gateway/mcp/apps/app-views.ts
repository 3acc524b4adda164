/**
 * The interactive views (the MCP Apps extension, io.modelcontextprotocol/ui): one `ui://` resource per view, each a
 * self-contained HTML document, and the tool whose result it draws. tools/list names a view in the tool's
 * `_meta.ui.resourceUri`, so a host that supports apps shows it beside the result; any other host still gets the
 * structured result and its text. resources/list, resources/read and the tool listing derive from this one list.
 */

/** The extension's identifier (EXTENSION_ID in @modelcontextprotocol/ext-apps/server). */
export const APP_EXTENSION_ID = "io.modelcontextprotocol/ui";

/** The extension's MIME type of a view (RESOURCE_MIME_TYPE in @modelcontextprotocol/ext-apps). */
export const APP_MIME_TYPE = "text/html;profile=mcp-app";

/** The scheme of every view's URI; the documents are institute://. */
export const UI_SCHEME = "ui://";

export interface AppView {
  /** Also the name of its entry module in views/ and of its built HTML file. */
  name: string;
  uri: string;
  title: string;
  description: string;
  /** The tool whose result it draws; a caller who may not call it is not shown the view. */
  tool: string;
}

export const APP_VIEWS: readonly AppView[] = [
  {
    name: "tear-sheet",
    uri: "ui://institute/tear-sheet",
    title: "Portfolio tear sheet",
    description:
      "NAV against the benchmark with its drawdown (values on hover or arrow keys), rolling Sharpe and the tear sheet's figures, drawn from portfolios_tear_sheet and portfolios_series.",
    tool: "portfolios_tear_sheet",
  },
  {
    name: "daily-report",
    uri: "ui://institute/daily-report",
    title: "Daily report reader",
    description: "The daily report rendered from its markdown, with a bar chart of each table's changes.",
    tool: "reports_daily",
  },
  {
    name: "thread",
    uri: "ui://institute/thread",
    title: "Whiteboard thread",
    description: "A whiteboard thread and its cards, in order, with each card's analyst, stance, status and summary.",
    tool: "whiteboard_get_thread",
  },
];

/**
 * The `_meta` of every view's resource: no network origin at all (the views reach the service only through the
 * host's bridge, and carry their script and styles inline), and a visible border from the host.
 */
export const APP_RESOURCE_META = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
    prefersBorder: true,
  },
} as const;

const BY_TOOL = new Map(APP_VIEWS.map((v) => [v.tool, v]));

/** The view that draws a tool's result, if any. */
export const viewOfTool = (tool: string): AppView | undefined => BY_TOOL.get(tool);

/** A tool's `_meta` in tools/list when a view draws its result. */
export const toolUiMeta = (tool: string) => {
  const view = viewOfTool(tool);
  return view ? { _meta: { ui: { resourceUri: view.uri } } } : {};
};
