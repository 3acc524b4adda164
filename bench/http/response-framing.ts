/**
 * Where an HTTP/1.1 response ends in the bytes read so far, from its framing alone: no body for 1xx, 204 and 304,
 * else Content-Length, else chunked transfer coding. A response framed by the close of the connection is not
 * supported (the bench's targets never send one): it never ends here, and its close counts as an error.
 */
export interface ResponseEnd {
  status: number;
  /** The response's length in bytes, head and body. */
  bytes: number;
  /** The server said it will close the connection after this response. */
  close: boolean;
}

const HEAD_END = Buffer.from("\r\n\r\n");
const LINE_END = Buffer.from("\r\n");

export function responseEnd(received: Buffer): ResponseEnd | undefined {
  const headEnd = received.indexOf(HEAD_END);
  if (headEnd < 0) return undefined;
  const head = received.toString("latin1", 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const close = /\r\nconnection:[ \t]*close/.test(head);
  const bodyStart = headEnd + HEAD_END.length;
  if (status < 200 || status === 204 || status === 304) return { status, bytes: bodyStart, close };
  const length = /\r\ncontent-length:[ \t]*(\d+)/.exec(head);
  if (length) {
    const bytes = bodyStart + Number(length[1]);
    return received.length >= bytes ? { status, bytes, close } : undefined;
  }
  if (!/\r\ntransfer-encoding:[^\r]*chunked/.test(head)) return undefined;
  let at = bodyStart;
  for (;;) {
    const sizeEnd = received.indexOf(LINE_END, at);
    if (sizeEnd < 0) return undefined;
    const size = Number.parseInt(received.toString("latin1", at, sizeEnd), 16); // stops at any ";extension"
    if (Number.isNaN(size)) return undefined;
    if (size === 0) {
      // The last chunk, then trailer lines (usually none), then an empty line.
      const trailersEnd = received.indexOf(HEAD_END, sizeEnd);
      return trailersEnd < 0 ? undefined : { status, bytes: trailersEnd + HEAD_END.length, close };
    }
    at = sizeEnd + LINE_END.length + size + LINE_END.length;
    if (received.length < at) return undefined;
  }
}
