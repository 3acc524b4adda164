import { describe, expect, it } from "vitest";
import { responseEnd } from "./response-framing.js";

const bytes = (text: string) => Buffer.from(text, "latin1");

describe("responseEnd (where a response ends in the bytes read so far)", () => {
  it("waits for the whole head, then for Content-Length bytes of body", () => {
    const whole = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
    expect(responseEnd(bytes(whole.slice(0, 30)))).toBeUndefined();
    expect(responseEnd(bytes(whole.slice(0, -1)))).toBeUndefined();
    expect(responseEnd(bytes(whole))).toEqual({ status: 200, bytes: whole.length, close: false });
  });

  it("reads no body after a 304 or a 204, whatever the headers say", () => {
    const notModified = 'HTTP/1.1 304 Not Modified\r\nETag: "v1"\r\nContent-Length: 500\r\n\r\n';
    expect(responseEnd(bytes(notModified))).toEqual({ status: 304, bytes: notModified.length, close: false });
    const empty = "HTTP/1.1 204 No Content\r\n\r\n";
    expect(responseEnd(bytes(empty))).toEqual({ status: 204, bytes: empty.length, close: false });
  });

  it("walks chunked bodies chunk by chunk, extensions and trailers included", () => {
    const head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n";
    const body = "5;name=x\r\nhello\r\n1a\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: 1\r\n\r\n";
    for (let cut = head.length; cut < head.length + body.length; cut++)
      expect(responseEnd(bytes((head + body).slice(0, cut)))).toBeUndefined();
    expect(responseEnd(bytes(head + body))).toEqual({ status: 200, bytes: head.length + body.length, close: false });
    const plain = `${head}3\r\nabc\r\n0\r\n\r\n`;
    expect(responseEnd(bytes(plain))).toEqual({ status: 200, bytes: plain.length, close: false });
  });

  it("says when the server will close, and never ends a response framed by the close", () => {
    const closing = "HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}";
    expect(responseEnd(bytes(closing))).toEqual({ status: 429, bytes: closing.length, close: true });
    expect(responseEnd(bytes("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\nuntil the end"))).toBeUndefined();
    expect(responseEnd(bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"))).toBeUndefined();
  });
});
