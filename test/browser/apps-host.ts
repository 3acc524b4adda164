/**
 * The test host page's script, bundled for the browser by test/browser/apps.test.ts: the extension's own host
 * bridge (AppBridge over its PostMessageTransport) loads a view's HTML into a sandboxed iframe, sends it the tool's
 * input and result, and proxies the view's tools/call to the test (window.callServerTool, which calls the running
 * gateway). window.setHostTheme changes the host's theme as a host does. This project's type library has no DOM.
 */
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

const dom = globalThis as any;

dom.hostView = async (html: string, args: Record<string, unknown>, result: any, theme: "light" | "dark") => {
  const iframe = dom.document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.setAttribute("title", "Tool view");
  iframe.style.cssText = "width:960px;height:1400px;border:1px solid #888";
  dom.document.body.append(iframe);
  const bridge = new AppBridge(
    null,
    { name: "institute-test-host", version: "1.0.0" },
    { serverTools: {} },
    { hostContext: { theme, platform: "web", displayMode: "inline" } },
  );
  bridge.oncalltool = (params) => dom.callServerTool(params);
  dom.hostEvents = [] as string[];
  bridge.onsizechange = () => dom.hostEvents.push("size-changed");
  bridge.oninitialized = () => {
    dom.hostEvents.push("initialized");
    void bridge.sendToolInput({ arguments: args }).then(() => bridge.sendToolResult(result));
  };
  dom.setHostTheme = (next: "light" | "dark") =>
    bridge.setHostContext({ theme: next, platform: "web", displayMode: "inline" });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  iframe.srcdoc = html;
};
