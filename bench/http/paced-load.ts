/**
 * A load run at a steady rate: requests due at even intervals, sent over keep-alive sockets as raw bytes, each
 * one's latency counted from when it was due, so a request that waited for a free connection (or for the
 * generator itself) counts as late. autocannon's `overallRate` is not that: each of its connections sends its share
 * of a second back to back and then waits for the next second, so "half the rate" was full speed for half of each
 * second and its p99 was the p99 of a burst. node:http's client was tried first and added 25-40 ms of its own at
 * the p99 at 1,500-3,000 requests a second; this one writes prepared bytes and reads only the framing.
 */
import { connect, type Socket } from "node:net";
import type { LoadRequest, LoadRun } from "./load.js";
import { responseEnd } from "./response-framing.js";

/** A request unanswered this long is abandoned and counted as an error. */
const TIMEOUT_MS = 10_000;

interface Outcome {
  answered(due: number, status: number): void;
  failed(): void;
  /** The connection can take the next request. */
  free(connection: Connection): void;
}

class Connection {
  private socket: Socket | undefined;
  private received: Buffer = Buffer.alloc(0);
  /** When the request in flight was due; -1 when none is. */
  private due = -1;

  constructor(
    private readonly port: number,
    private readonly host: string,
    private readonly wire: Buffer,
    private readonly outcome: Outcome,
  ) {}

  /** Connects ahead of the run so the first requests do not pay for the handshake; settles even when refused. */
  open(): Promise<void> {
    const socket = this.connect();
    return new Promise((settled) => {
      socket.once("connect", settled);
      socket.once("close", settled);
    });
  }

  send(due: number): void {
    this.due = due;
    (this.socket ?? this.connect()).write(this.wire);
  }

  close(): void {
    this.socket?.destroy();
  }

  private connect(): Socket {
    const socket = connect({ port: this.port, host: this.host, noDelay: true });
    this.socket = socket;
    this.received = Buffer.alloc(0);
    socket.setTimeout(TIMEOUT_MS, () => {
      if (this.due >= 0) socket.destroy();
    });
    socket.on("data", (chunk: Buffer) => this.read(chunk));
    socket.on("error", () => {}); // the close that follows settles the request in flight
    socket.on("close", () => {
      if (this.socket !== socket) return; // one this connection already let go of
      this.socket = undefined;
      if (this.due < 0) return;
      this.due = -1;
      this.outcome.failed();
      this.outcome.free(this);
    });
    return socket;
  }

  private read(chunk: Buffer): void {
    if (this.due < 0) return; // nothing was asked: not an answer to count
    this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
    const end = responseEnd(this.received);
    if (!end) return;
    this.received = Buffer.alloc(0);
    const due = this.due;
    this.due = -1;
    if (end.close) {
      this.socket?.destroy();
      this.socket = undefined;
    }
    this.outcome.answered(due, end.status);
    this.outcome.free(this);
  }
}

function requestBytes(url: URL, request: LoadRequest): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers = { host: url.host, ...request.headers, ...(body ? { "content-length": String(body.length) } : {}) };
  const head = `${request.method} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return body ? Buffer.concat([Buffer.from(head, "latin1"), body]) : Buffer.from(head, "latin1");
}

export async function runPaced(options: {
  url: string;
  request: LoadRequest;
  seconds: number;
  /** At most this many requests in flight (the connections kept open). */
  connections: number;
  /** Requests per second. */
  rate: number;
}): Promise<LoadRun> {
  const url = new URL(options.url);
  const wire = requestBytes(url, options.request);
  const interval = 1000 / options.rate;
  const total = Math.round(options.seconds * options.rate);
  const latencies = new Float64Array(total);
  let answered = 0;
  let errors = 0;
  let unexpected = 0;
  // Due times of requests no connection was free for, taken in order.
  const waiting: number[] = [];
  let nextWaiting = 0;
  const idle: Connection[] = [];
  let allSettled!: () => void;
  const settledAll = new Promise<void>((resolve) => (allSettled = resolve));
  const settle = () => {
    if (answered + errors === total) allSettled();
  };
  const outcome: Outcome = {
    answered(due, status) {
      latencies[answered++] = performance.now() - due;
      if (status !== options.request.status) unexpected++;
      settle();
    },
    failed() {
      errors++;
      settle();
    },
    free(connection) {
      if (nextWaiting < waiting.length) connection.send(waiting[nextWaiting++]!);
      else idle.push(connection);
    },
  };
  const port = Number(url.port || 80);
  const connections = Array.from(
    { length: options.connections },
    () => new Connection(port, url.hostname, wire, outcome),
  );
  await Promise.all(connections.map((c) => c.open()));
  idle.push(...connections);

  const start = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    for (; sent < total && start + sent * interval <= now; sent++) {
      const due = start + sent * interval;
      const connection = idle.pop();
      if (connection) connection.send(due);
      else waiting.push(due);
    }
    if (sent < total) timer = setTimeout(tick, start + sent * interval - now);
  };
  if (total > 0) tick();
  else allSettled();
  await settledAll;
  clearTimeout(timer);
  for (const c of connections) c.close();
  return {
    requests: answered,
    seconds: options.seconds,
    errors,
    unexpected,
    latencies: latencies.slice(0, answered),
  };
}
