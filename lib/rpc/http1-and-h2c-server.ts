/**
 * One port that answers HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge, as gRPC clients and Kubernetes'
 * gRPC probes speak it): each connection's first bytes say which. An HTTP/2 client opens with a fixed preface,
 * and no HTTP/1.1 request can begin with it (`PRI` is not a method), so a connection is handed to the HTTP/2
 * server once its first bytes match the preface and to the HTTP/1.1 server as soon as they cannot.
 *
 * The gateway calls the services over HTTP/1.1 keep-alive connections (app/gateway.ts), which carried 1.35 times
 * the searches of one HTTP/2 session through the cluster (docs/benchmark.md, "The hop over HTTP/1.1").
 */
import { createServer as createHttp1Server, type RequestListener, type Server } from "node:http";
import { createServer as createH2cServer, type Http2Session } from "node:http2";
import type { Socket } from "node:net";

/**
 * How long a service process keeps an idle connection open, as fastify's own HTTP/2 sessions and HTTP/1.1 keep-alive
 * default to (callers keeping connections should close theirs sooner).
 */
export const SERVICE_IDLE_TIMEOUT_MS = 72_000;

const PREFACE = Buffer.from("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "latin1");

export interface Http1AndH2cOptions {
  /** An idle HTTP/1.1 connection or HTTP/2 session is closed after this long. */
  idleTimeoutMs: number;
  /** A connection that has not sent its first bytes after this long is closed. */
  firstBytesTimeoutMs: number;
}

/** Which protocol bytes received so far open: "h2c", "http1", or undefined while too few to tell. */
export function protocolOf(head: Buffer): "h2c" | "http1" | undefined {
  const n = Math.min(head.length, PREFACE.length);
  if (!head.subarray(0, n).equals(PREFACE.subarray(0, n))) return "http1";
  return n === PREFACE.length ? "h2c" : undefined;
}

/**
 * An HTTP/1.1 server (what fastify's `serverFactory` returns and listens with) that also serves HTTP/2 connections
 * with the same handler. `closeHttp2Sessions`, which fastify calls as it closes, lets the sessions finish their
 * streams and end, so the server's close can complete.
 */
export function http1AndH2cServer(
  handler: RequestListener,
  options: Http1AndH2cOptions,
): Server & { closeHttp2Sessions(): void } {
  const http1 = createHttp1Server({ keepAliveTimeout: options.idleTimeoutMs }, handler);
  const h2c = createH2cServer(handler as unknown as Parameters<typeof createH2cServer>[0]);
  const sessions = new Set<Http2Session>();
  h2c.on("session", (session) => {
    sessions.add(session);
    session.once("close", () => sessions.delete(session));
    session.setTimeout(options.idleTimeoutMs, () => session.close());
  });

  // Node's own listener attaches the HTTP/1.1 parser; it runs only for connections found to speak HTTP/1.1.
  const [serveHttp1] = http1.listeners("connection") as ((this: Server, socket: Socket) => void)[];
  http1.removeAllListeners("connection");
  http1.on("connection", (socket: Socket) => {
    let head: Buffer = Buffer.alloc(0);
    const fail = () => socket.destroy();
    const timer = setTimeout(fail, options.firstBytesTimeoutMs);
    const onData = (chunk: Buffer) => {
      head = head.length === 0 ? chunk : Buffer.concat([head, chunk]);
      const protocol = protocolOf(head);
      if (!protocol) return;
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("error", fail);
      socket.pause();
      socket.unshift(head);
      // HTTP/2 reads the socket natively from here (the bytes put back first); HTTP/1.1 reads it as a stream.
      if (protocol === "h2c") h2c.emit("connection", socket);
      else {
        serveHttp1!.call(http1, socket);
        socket.resume();
      }
    };
    socket.on("error", fail);
    socket.once("close", () => clearTimeout(timer));
    socket.on("data", onData);
  });

  return Object.assign(http1, {
    closeHttp2Sessions() {
      for (const session of sessions) session.close();
    },
  });
}
