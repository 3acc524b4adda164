/**
 * The ceiling of this machine's HTTP stack: bare node:http serving, from memory, the exact bytes the service
 * answered to each benchmarked request (status, headers and body, captured by the bench before the run).
 * A request is matched on method, URL and If-None-Match; its body, if any, is read and discarded.
 *   CEILING_RESPONSES=<file.json> node --import tsx bench/baselines/ceiling.ts
 */
import { readFileSync } from "node:fs";
import http from "node:http";

export interface CapturedResponse {
  method: string;
  url: string;
  ifNoneMatch: string | null;
  status: number;
  headers: Record<string, string>;
  /** base64 */
  body: string;
}

export const ceilingKey = (method: string, url: string, ifNoneMatch: string | null | undefined) =>
  `${method} ${url} ${ifNoneMatch ?? ""}`;

function main() {
  const file = process.env.CEILING_RESPONSES;
  if (!file) throw new Error("CEILING_RESPONSES must name the captured responses");
  const captured = JSON.parse(readFileSync(file, "utf8")) as CapturedResponse[];
  const answers = new Map<string, { status: number; headers: Record<string, string>; body: Buffer }>();
  for (const c of captured) {
    const body = Buffer.from(c.body, "base64");
    const headers = c.status === 304 ? c.headers : { ...c.headers, "content-length": String(body.length) };
    answers.set(ceilingKey(c.method, c.url, c.ifNoneMatch), { status: c.status, headers, body });
  }
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const inm = req.headers["if-none-match"];
      const answer = answers.get(ceilingKey(req.method!, req.url!, inm));
      if (!answer) {
        res.writeHead(404, { "content-length": 0 }).end();
        return;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.status === 304 ? undefined : answer.body);
    });
  });
  server.keepAliveTimeout = 72_000;
  server.listen(0, "127.0.0.1", () => {
    const { port } = server.address() as { port: number };
    process.stdout.write(`ceiling listening on http://127.0.0.1:${port}\n`);
  });
  process.on("SIGTERM", () => process.exit(0));
}

if (process.argv[1] === import.meta.filename) main();
