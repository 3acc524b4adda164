/**
 * The views as resources: listed by resources/list to a caller who may call the view's tool (after the documents),
 * and read by resources/read with the extension's MIME type and the resource `_meta` (its CSP). A caller who may not
 * call the tool is refused the view exactly as tools/call would refuse it. A view is served only while the registry
 * holds its tool (a registry for tests may hold none).
 */
import type { Principal } from "../../auth/principal.js";
import { toolAccess } from "../../auth/tool-access.js";
import type { ToolDefinition } from "../tool.js";
import { authorize } from "../tool-runner.js";
import { APP_MIME_TYPE, APP_RESOURCE_META, APP_VIEWS, UI_SCHEME, type AppView } from "./app-views.js";
import { viewHtml } from "./view-html.js";

interface ServedView {
  view: AppView;
  tool: ToolDefinition;
}

export function createAppResources(tools: readonly ToolDefinition[]) {
  const byName = new Map(tools.map((t) => [t.name, t]));
  const served: ServedView[] = APP_VIEWS.flatMap((view) => {
    const tool = byName.get(view.tool);
    return tool ? [{ view, tool }] : [];
  });
  const byUri = new Map(served.map((s) => [s.view.uri, s]));

  return {
    /** Whether a URI is a view's (ui://); any other scheme is the documents'. */
    owns: (uri: unknown): uri is string => typeof uri === "string" && uri.startsWith(UI_SCHEME),
    /** resources/list entries of the views the caller may use. */
    listed(principal: Principal) {
      return served
        .filter((s) => toolAccess(principal, s.tool).ok)
        .map(({ view }) => ({
          uri: view.uri,
          name: view.name,
          title: view.title,
          description: view.description,
          mimeType: APP_MIME_TYPE,
          size: Buffer.byteLength(viewHtml(view), "utf8"),
          annotations: { audience: ["user"], priority: 0.2 },
          _meta: APP_RESOURCE_META,
        }));
    },
    /** resources/read of a ui:// URI; undefined when no view has it. */
    read(uri: string, principal: Principal) {
      const entry = byUri.get(uri);
      if (!entry) return undefined;
      authorize(principal, entry.tool);
      return { contents: [{ uri, mimeType: APP_MIME_TYPE, text: viewHtml(entry.view), _meta: APP_RESOURCE_META }] };
    },
  };
}

export type AppResources = ReturnType<typeof createAppResources>;
