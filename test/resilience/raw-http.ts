/**
 * One HTTP exchange over a raw TCP socket, for what a client library refuses to send (bad request lines, oversize or
 * malformed headers, conflicting framing): writes the bytes as given and reads one response, by Content-Length,
 * chunked framing or the socket's close, within a time limit.
 */
import net from "node:net";

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine, ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1] ?? NaN);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(":");
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status, headers };
}

function dechunk(data: string): string | null {
  let out = "";
  let rest = data;
  for (;;) {
    const eol = rest.indexOf("\r\n");
    if (eol < 0) return null;
    const size = parseInt(rest.slice(0, eol), 16);
    if (Number.isNaN(size)) return null;
    if (size === 0) return out;
    if (rest.length < eol + 2 + size + 2) return null;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

export function rawExchange(port: number, request: string | Buffer, timeoutMs = 5_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    let data = Buffer.alloc(0);
    let settled = false;
    const finish = (error: Error | null, response?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolve(response!);
    };
    const timer = setTimeout(
      () => finish(new Error(`no complete response within ${timeoutMs} ms: ${data.toString("latin1").slice(0, 200)}`)),
      timeoutMs,
    );
    const tryParse = (closed: boolean) => {
      const text = data.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0)
        return closed
          ? finish(new Error(`connection closed without a response: ${JSON.stringify(text.slice(0, 200))}`))
          : undefined;
      const { status, headers } = parseHead(text.slice(0, end));
      const rest = data.subarray(Buffer.byteLength(text.slice(0, end + 4), "latin1"));
      if (headers["content-length"] !== undefined) {
        const length = Number(headers["content-length"]);
        if (rest.length >= length)
          return finish(null, { status, headers, body: rest.subarray(0, length).toString("utf8") });
      } else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
        const body = dechunk(rest.toString("latin1"));
        if (body !== null) return finish(null, { status, headers, body: Buffer.from(body, "latin1").toString("utf8") });
      } else if (closed || status === 304 || status === 204) {
        return finish(null, { status, headers, body: rest.toString("utf8") });
      }
      if (closed) finish(new Error(`connection closed mid-response: ${text.slice(0, 200)}`));
    };
    socket.on("connect", () => socket.write(request));
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      tryParse(false);
    });
    socket.on("end", () => tryParse(true));
    socket.on("close", () => tryParse(true));
    socket.on("error", (e) => (data.length ? tryParse(true) : finish(e)));
  });
}
