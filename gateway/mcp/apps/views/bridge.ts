/**
 * The view's side of the MCP Apps bridge (ui/* JSON-RPC over postMessage with the host window), as the extension's
 * specification defines it: ui/initialize, then ui/notifications/initialized; the host's tool input, tool result and
 * context changes as notifications; tools/call proxied by the host to the server; the view's size reported back.
 * Written here rather than bundling the extension's App class, which brings the SDK client and zod (650 KB
 * minified) into every view; the tests drive these views with the extension's own AppBridge.
 */
import type { McpUiHostContext, McpUiInitializeRequest, McpUiInitializeResult } from "@modelcontextprotocol/ext-apps";

import { UI_PROTOCOL_VERSION } from "../ui-protocol.js";

export interface ToolResult {
  content?: Array<{ type: string; text?: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

interface Message {
  jsonrpc: "2.0";
  id?: number | string;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string };
}

export interface ViewHandlers {
  toolInput(args: Record<string, unknown>): void;
  toolResult(result: ToolResult): void;
  hostContext(context: McpUiHostContext): void;
}

export class ViewBridge {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(v: any): void; reject(e: Error): void }>();

  constructor(
    private readonly handlers: ViewHandlers,
    private readonly host: Window = window.parent,
  ) {
    window.addEventListener("message", (event) => {
      if (event.source !== this.host || typeof event.data !== "object" || event.data?.jsonrpc !== "2.0") return;
      this.receive(event.data as Message);
    });
  }

  private post(message: Message) {
    this.host.postMessage(message, "*");
  }

  request<T>(method: string, params: unknown): Promise<T> {
    const id = this.nextId++;
    this.post({ jsonrpc: "2.0", id, method, params });
    return new Promise<T>((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  notify(method: string, params: unknown = {}) {
    this.post({ jsonrpc: "2.0", method, params });
  }

  private receive(message: Message) {
    if (message.method === undefined) {
      const waiting = this.pending.get(message.id as number);
      if (!waiting) return;
      this.pending.delete(message.id as number);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
      return;
    }
    if (message.id !== undefined) return this.answer(message);
    if (message.method === "ui/notifications/tool-input") this.handlers.toolInput(message.params?.arguments ?? {});
    if (message.method === "ui/notifications/tool-result") this.handlers.toolResult(message.params as ToolResult);
    if (message.method === "ui/notifications/host-context-changed") this.handlers.hostContext(message.params);
  }

  /** Requests from the host: a ping and the teardown before the view is removed; nothing else is served. */
  private answer(message: Message) {
    if (message.method === "ping" || message.method === "ui/resource-teardown")
      return this.post({ jsonrpc: "2.0", id: message.id!, result: {} });
    this.post({
      jsonrpc: "2.0",
      id: message.id!,
      error: { code: -32601, message: `Method not found: ${message.method}` },
    });
  }

  /** The handshake; resolves with the host's context. Reports the document's size whenever it changes. */
  async connect(name: string): Promise<McpUiHostContext> {
    const params: McpUiInitializeRequest["params"] = {
      appInfo: { name, version: "1.0.0" },
      appCapabilities: {},
      protocolVersion: UI_PROTOCOL_VERSION,
    };
    const result = await this.request<McpUiInitializeResult>("ui/initialize", params);
    this.notify("ui/notifications/initialized");
    const report = () => {
      const { scrollWidth: width, scrollHeight: height } = document.documentElement;
      this.notify("ui/notifications/size-changed", { width, height });
    };
    new ResizeObserver(report).observe(document.documentElement);
    return result.hostContext ?? {};
  }

  /** A tool of the server, called through the host (its serverTools capability). */
  callTool(name: string, args: Record<string, unknown>): Promise<ToolResult> {
    return this.request<ToolResult>("tools/call", { name, arguments: args });
  }
}
