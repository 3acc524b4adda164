/**
 * A minimal stand-in for the identity hub's userinfo endpoint, for tests that need exact control of its answers
 * (scope claims, outages) and a count of the calls it received. The full OAuth flow uses identity-hub.ts instead.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface FakeUserinfo {
  url: string;
  base: string;
  /** Every request received: method, path and the bearer token sent. */
  calls: Array<{ method: string; path: string; token: string | undefined }>;
  close(): Promise<void>;
}

export async function startFakeUserinfo(answers: Record<string, FakeAnswer>): Promise<FakeUserinfo> {
  const calls: FakeUserinfo["calls"] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    calls.push({ method: req.method ?? "", path: req.url ?? "", token });
    const answer = (req.url === "/oauth/userinfo" && token && answers[token]) || {
      status: 401,
      body: { error: "invalid_token" },
    };
    res
      .writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
      .end(answer.body === undefined ? "" : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/oauth/userinfo`,
    base,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
