/**
 * One subscriptions/listen stream: the POST's response held open as server-sent events. It opens with
 * notifications/subscriptions/acknowledged (the honoured filter), then carries only what was asked for, each tagged
 * with the subscription id (the listen request's id). The changes of one commit or import arrive as many table
 * announcements; they are gathered for `coalesceMs` and sent once. A comment line every `keepAliveMs` keeps idle
 * proxies from closing it. The server ends it gracefully (on shutdown) with the listen request's result; the client
 * ends it by closing the stream. Nothing is resumable: a client that lost the stream listens again.
 */
import type { ServerResponse } from "node:http";
import type { RequestId } from "../json-rpc.js";
import { META_SERVER_INFO, META_SUBSCRIPTION_ID } from "../modern/era.js";
import { changeConcerns, RESOURCE_LIST_CHANGES_WITH } from "./change-match.js";
import type { HonouredFilter } from "./listen-filter.js";

export interface StreamTiming {
  coalesceMs: number;
  keepAliveMs: number;
}

export interface ListenStream {
  /** Hears one announced change ('<schema>.<table>'). */
  hear(payload: string): void;
  /** Ends the subscription from this side: pending notifications, then the listen request's result. */
  end(): void;
}

export function openListenStream(
  raw: ServerResponse,
  headers: Record<string, string>,
  id: RequestId,
  { filter, resources }: HonouredFilter,
  server: object,
  timing: StreamTiming,
  onClosed: () => void,
): ListenStream {
  const meta = { [META_SUBSCRIPTION_ID]: id };
  const write = (message: object) => raw.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  const notify = (method: string, params: object = {}) =>
    write({ jsonrpc: "2.0", method, params: { _meta: meta, ...params } });

  raw.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
  });
  notify("notifications/subscriptions/acknowledged", { notifications: filter });

  /** What the next flush sends: a key per notification, so one announced many times is sent once. */
  const pending = new Map<string, () => void>();
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    flushTimer = undefined;
    for (const send of pending.values()) send();
    pending.clear();
  };
  const queue = (key: string, send: () => void) => {
    pending.set(key, send);
    flushTimer ??= setTimeout(flush, timing.coalesceMs);
  };
  const keepAlive = setInterval(() => raw.write(":\n\n"), timing.keepAliveMs);
  keepAlive.unref();

  let open = true;
  const closed = () => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    if (flushTimer) clearTimeout(flushTimer);
    onClosed();
  };
  raw.on("close", closed);

  return {
    hear(payload) {
      if (!open) return;
      if (filter.resourcesListChanged && changeConcerns(payload, RESOURCE_LIST_CHANGES_WITH))
        queue("list", () => notify("notifications/resources/list_changed"));
      for (const [uri, tables] of resources)
        if (changeConcerns(payload, tables))
          queue(`updated ${uri}`, () => notify("notifications/resources/updated", { uri }));
    },
    end() {
      if (!open) return;
      if (flushTimer) clearTimeout(flushTimer);
      flush();
      write({
        jsonrpc: "2.0",
        id,
        result: { resultType: "complete", _meta: { ...meta, [META_SERVER_INFO]: server } },
      });
      raw.end();
      closed();
    },
  };
}
