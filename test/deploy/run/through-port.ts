/**
 * Requests through the topology's published port, as any client sends them, and the probe that keeps asking while
 * the gateway restarts: each request's send and end time and what came back (a status, or the error that ended it),
 * so the test can tell a request lost inside the restart window from one lost outside it.
 */

export interface Answer {
  status: number;
  type: string | null;
  text: string;
}

export async function call(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      "user-agent": "deploy-smoke/1",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, type: res.headers.get("content-type"), text: await res.text() };
}

export const json = (a: Answer) => JSON.parse(a.text) as any;

export const toolCall = (name: string, args: unknown, id = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

export interface Probe {
  sentAt: number;
  endedAt: number;
  status: number | null;
  error: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `workers` loops, each sending one GET after another (pausing `pauseMs` between them) until stop() is called.
 * stop() resolves with every probe, in the order they were sent.
 */
export function startProbes(
  base: string,
  url: string,
  headers: Record<string, string>,
  workers: number,
  pauseMs: number,
) {
  const probes: Probe[] = [];
  let running = true;
  const loop = async () => {
    while (running) {
      const sentAt = Date.now();
      try {
        const res = await fetch(`${base}${url}`, {
          headers: { "user-agent": "deploy-probe/1", ...headers },
          signal: AbortSignal.timeout(15_000),
        });
        await res.arrayBuffer();
        probes.push({ sentAt, endedAt: Date.now(), status: res.status, error: null });
      } catch (e) {
        const cause = (e as { cause?: { code?: string; message?: string } }).cause;
        probes.push({
          sentAt,
          endedAt: Date.now(),
          status: null,
          error: cause?.code ?? cause?.message ?? (e as Error).message,
        });
      }
      await sleep(pauseMs);
    }
  };
  const loops = Array.from({ length: workers }, loop);
  return {
    probes,
    async stop(): Promise<Probe[]> {
      running = false;
      await Promise.all(loops);
      return [...probes].sort((a, b) => a.sentAt - b.sentAt);
    },
  };
}
