/**
 * Before any load: each case is asked once of the service (its answer is what the ceiling will replay, byte for
 * byte) and once of the hand-written baseline, whose answer is compared with the service's so a ratio never
 * compares different work. A keyset cursor's signature differs by design (each process has its own key).
 */
import type { CapturedResponse } from "../baselines/ceiling.js";
import { withValidator, type BenchCase } from "./cases.js";
import type { LoadRequest } from "./load.js";

const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

async function ask(base: string, request: LoadRequest, key: string) {
  const res = await fetch(`${base}${request.path}`, {
    method: request.method,
    headers: { ...request.headers, "x-api-key": key },
    body: request.body,
  });
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => {
    if (!HOP_HEADERS.has(k)) headers[k] = v;
  });
  return { status: res.status, headers, body };
}

const maskCursorTags = (text: string) =>
  text.replace(/(next_cursor\\?":\\?"[A-Za-z0-9_-]+\.)[A-Za-z0-9_-]+/g, "$1<tag>");

export interface Capture {
  cases: BenchCase[];
  responses: CapturedResponse[];
  /** Per case: "identical", "identical but for the cursor signature", or what differs. */
  sameAsHandWritten: Record<string, string>;
}

export async function captureResponses(
  cases: BenchCase[],
  service: string,
  handWritten: string,
  key: string,
): Promise<Capture> {
  const ready: BenchCase[] = [];
  const responses: CapturedResponse[] = [];
  const sameAsHandWritten: Record<string, string> = {};
  const etags = new Map<string, string>();
  for (const original of cases) {
    let c = original;
    if (c.conditionalOn) {
      const etag =
        etags.get(c.conditionalOn) ??
        (await ask(service, cases.find((x) => x.id === c.conditionalOn)!.request, key)).headers.etag;
      if (!etag) throw new Error(`${c.id}: the answer it revalidates carries no ETag`);
      c = withValidator(c, etag);
    }
    const got = await ask(service, c.request, key);
    if (got.status !== c.request.status)
      throw new Error(
        `${c.id}: the service answered ${got.status}, expected ${c.request.status}: ${got.body.toString().slice(0, 300)}`,
      );
    if (got.headers.etag) etags.set(c.id, got.headers.etag);
    responses.push({
      method: c.request.method,
      url: c.request.path,
      ifNoneMatch: c.request.headers["if-none-match"] ?? null,
      status: got.status,
      headers: got.headers,
      body: got.body.toString("base64"),
    });
    const hand = await ask(handWritten, c.request, key);
    const a = got.body.toString();
    const b = hand.body.toString();
    sameAsHandWritten[c.id] =
      hand.status !== got.status
        ? `status ${hand.status} (service ${got.status})`
        : a === b
          ? "identical"
          : maskCursorTags(a) === maskCursorTags(b)
            ? "identical but for the cursor signature"
            : `different bytes (${b.length} vs the service's ${a.length})`;
    ready.push(c);
  }
  return { cases: ready, responses, sameAsHandWritten };
}
