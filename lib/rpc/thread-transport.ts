/**
 * A Connect transport to services on another thread of the same process (lib/rpc/thread-server.ts serves them):
 * requests and answers cross the message port as protobuf bytes, moved and not copied. A caller observes what it
 * would over the wire: its interceptors around the call, an answer normalised to a full message of its type, the
 * service's error with its code, message, metadata and details, and deadlines and cancellation as Connect's own
 * `runUnaryCall` handles them; a call given up is cancelled on the other side too. If the other side is gone
 * (`fail()`: the thread exited), pending and later calls are Unavailable. Unary methods only.
 */
import { create, fromBinary, toBinary, type DescMessage, type DescMethodUnary } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createContextValues,
  type ContextValues,
  type Interceptor,
  type Transport,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";
import { runUnaryCall } from "@connectrpc/connect/protocol";
import {
  isThreadAnswer,
  type FromServices,
  type ThreadCall,
  type ThreadCancel,
  type ThreadPort,
} from "./thread-messages.js";

const PROTOCOL = "thread";

export interface ThreadTransport extends Transport {
  /** The other side is gone: every pending call fails with `reason` (Unavailable), and so will every later one. */
  fail(reason: string): void;
}

function errorOf(answer: Extract<FromServices, { kind: "error" }>): ConnectError {
  const error = new ConnectError(answer.message, answer.code, answer.metadata);
  error.details.push(...answer.details);
  return error;
}

export function createThreadTransport(
  port: ThreadPort,
  options: { interceptors?: Interceptor[] } = {},
): ThreadTransport {
  let nextId = 1;
  let gone: string | null = null;
  const pending = new Map<number, { resolve(a: FromServices): void; reject(e: unknown): void }>();
  port.on("message", (message: { kind?: unknown }) => {
    if (!isThreadAnswer(message)) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    waiting?.resolve(message);
  });

  const send = (req: UnaryRequest, timeoutMs: number | undefined): Promise<UnaryResponse> => {
    if (gone !== null) return Promise.reject(new ConnectError(gone, Code.Unavailable));
    const method = req.method;
    const id = nextId++;
    const input = toBinary(method.input, req.message);
    const call: ThreadCall = {
      kind: "call",
      id,
      path: `${method.parent.typeName}/${method.name}`,
      header: [...req.header],
      timeoutMs,
      input,
    };
    return new Promise<FromServices>((resolve, reject) => {
      const { signal } = req;
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        pending.delete(id);
        port.postMessage({ kind: "cancel", id } satisfies ThreadCancel, []);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      const settle =
        <T>(then: (v: T) => void) =>
        (v: T) => {
          signal.removeEventListener("abort", onAbort);
          then(v);
        };
      pending.set(id, { resolve: settle(resolve), reject: settle(reject) });
      port.postMessage(call, [input.buffer as ArrayBuffer]);
    }).then((answer) => {
      if (answer.kind === "error") throw errorOf(answer);
      return {
        stream: false as const,
        service: method.parent,
        method,
        header: new Headers(answer.header),
        trailer: new Headers(answer.trailer),
        message: fromBinary(method.output, answer.output),
      };
    });
  };

  return {
    fail(reason) {
      gone = reason;
      for (const waiting of pending.values()) waiting.reject(new ConnectError(reason, Code.Unavailable));
      pending.clear();
    },
    async unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: Parameters<Transport["unary"]>[3],
      input: Parameters<Transport["unary"]>[4],
      contextValues?: ContextValues,
    ): Promise<UnaryResponse<I, O>> {
      const req = {
        stream: false as const,
        service: method.parent,
        method,
        requestMethod: "POST",
        url: `${PROTOCOL}:///${method.parent.typeName}/${method.name}`,
        header: new Headers(header),
        contextValues: contextValues ?? createContextValues(),
        message: create(method.input, input as never),
      };
      return runUnaryCall<I, O>({
        req: req as never,
        next: ((r: UnaryRequest) => send(r, timeoutMs)) as never,
        signal,
        timeoutMs,
        interceptors: options.interceptors,
      });
    },
    stream(method) {
      const path = `${method.parent.typeName}/${method.name}`;
      return Promise.reject(
        new ConnectError(`${path} streams, and only unary calls cross threads`, Code.Unimplemented),
      );
    },
  };
}
