/**
 * The relay over HTTP (docs/relay-wire-format.md). Every call has a timeout. Only calls that cannot duplicate
 * anything are retried: a submission carries its Idempotency-Key (the relay answers a repeat with the same task),
 * and an announcement names the same participant each time. The fleet read is not retried: a tick that cannot
 * read it submits nothing and the next tick reads afresh.
 */
import { randomUUID } from "node:crypto";
import { parseAccepted, parseFleet, parseJson, parseRefusal, parseRpcResult } from "./wire.js";
import {
  RelayError,
  type Fleet,
  type RelayClient,
  type SubmitAttempt,
  type SubmitResult,
  type TaskSubmission,
} from "./relay-client.js";

export interface HttpRelayClientOptions {
  baseUrl: string;
  timeouts?: { fleetMs?: number; submitMs?: number; announceMs?: number };
  /** Attempts per submission or announcement (1 = no retry). */
  maxAttempts?: number;
  /** Backoff before attempt n (n >= 2) is backoffMs * 2^(n-2). */
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  fetch?: typeof fetch;
}

interface Answer {
  status: number;
  text: string;
}

export function createHttpRelayClient(options: HttpRelayClientOptions): RelayClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 250;
  const t = { fleetMs: 5_000, submitMs: 10_000, announceMs: 5_000, ...options.timeouts };

  async function call(
    method: string,
    path: string,
    timeoutMs: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, text: await res.text() };
  }

  const describe = (e: unknown) =>
    (e as Error).name === "TimeoutError"
      ? "timed out"
      : e instanceof RelayError
        ? e.message
        : `unreachable: ${(e as Error).message}`;

  return {
    async readFleet(): Promise<Fleet> {
      let answer: Answer;
      try {
        answer = await call("GET", "/v1/fleet", t.fleetMs);
      } catch (e) {
        throw new RelayError(`fleet: ${describe(e)}`);
      }
      if (answer.status !== 200) throw new RelayError(`fleet: HTTP ${answer.status}`);
      return parseFleet(parseJson(answer.text, "fleet"));
    },

    async submit(task: TaskSubmission): Promise<SubmitResult> {
      const attempts: SubmitAttempt[] = [];
      const body = {
        kind: task.kind,
        payload: task.payload,
        timeout_ms: task.timeoutMs,
        callback_url: task.callbackUrl,
        client_ref: task.taskId,
      };
      let reason = "not attempted";
      for (let n = 1; n <= maxAttempts; n++) {
        if (n > 1) await sleep(backoffMs * 2 ** (n - 2));
        const startedAt = now();
        const record = (a: Omit<SubmitAttempt, "attempt" | "startedAt" | "durationMs">) =>
          attempts.push({ attempt: n, startedAt, durationMs: Math.max(0, now() - startedAt), ...a });
        try {
          const answer = await call("POST", "/v1/tasks", t.submitMs, body, { "idempotency-key": task.taskId });
          if (answer.status === 200 || answer.status === 201 || answer.status === 202) {
            const accepted = parseAccepted(parseJson(answer.text, "submit"));
            record({ httpStatus: answer.status, outcome: "accepted", error: null });
            return { outcome: "accepted", ...accepted, attempts };
          }
          if (answer.status >= 400 && answer.status < 500) {
            const refusal = parseRefusal(answer.text);
            record({ httpStatus: answer.status, outcome: "refused", error: refusal });
            return { outcome: "refused", httpStatus: answer.status, reason: refusal, attempts };
          }
          reason = `HTTP ${answer.status}`;
          record({ httpStatus: answer.status, outcome: "error", error: reason });
        } catch (e) {
          reason = describe(e);
          record({ httpStatus: null, outcome: "error", error: reason });
        }
      }
      return { outcome: "unknown", reason: `${reason} after ${maxAttempts} attempt(s)`, attempts };
    },

    async announce(a) {
      let last: unknown;
      for (let n = 1; n <= maxAttempts; n++) {
        if (n > 1) await sleep(backoffMs * 2 ** (n - 2));
        const id = randomUUID();
        const request = {
          jsonrpc: "2.0",
          id,
          method: "participant.announce",
          params: {
            participant: a.participant,
            role: "publisher",
            callback_url: a.callbackUrl,
            kinds: a.kinds,
            version: a.version,
          },
        };
        try {
          const answer = await call("POST", "/v1/coordination", t.announceMs, request);
          if (answer.status >= 500) throw new RelayError(`announce: HTTP ${answer.status}`);
          const result = parseRpcResult(parseJson(answer.text, "announce"), id);
          return { participantId: typeof result.participant_id === "string" ? result.participant_id : a.participant };
        } catch (e) {
          last = e;
          // A JSON-RPC refusal is an answer, not a failure in transit: asking again changes nothing.
          if (e instanceof RelayError && e.message.startsWith("announce: refused")) break;
        }
      }
      throw last instanceof RelayError ? last : new RelayError(`announce: ${describe(last)}`);
    },
  };
}
