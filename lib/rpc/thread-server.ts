/**
 * Serves Connect services to a client on another thread of the same process (lib/rpc/thread-transport.ts), over a
 * message port. Each call runs through the in-process transport (lib/in-process-transport.ts), so the router's
 * interceptors and every error rule are the same as in one thread; only the request and the answer cross, as
 * protobuf bytes. Unary methods only: a streaming one is Unimplemented, as an unknown method is.
 */
import { create, fromBinary, toBinary, type DescMethod, type DescMethodUnary } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter, type Interceptor } from "@connectrpc/connect";
import { createInProcessTransport } from "../in-process-transport.js";
import {
  isThreadCall,
  type FromServices,
  type ThreadCall,
  type ThreadError,
  type ThreadPort,
} from "./thread-messages.js";

type Port = ThreadPort & { off(event: "message", listener: (message: { kind?: unknown }) => void): unknown };

/** Every unary method `routes` mounts, by its path (`package.Service/Method`). */
function recordingRouter(router: ConnectRouter, methods: Map<string, DescMethodUnary>): ConnectRouter {
  const record = (method: DescMethod) => {
    if (method.methodKind === "unary")
      methods.set(`${method.parent.typeName}/${method.name}`, method as DescMethodUnary);
  };
  const recording: ConnectRouter = {
    handlers: router.handlers,
    service(service, implementation, options) {
      service.methods.forEach(record);
      router.service(service, implementation, options);
      return recording;
    },
    rpc(method, impl, options) {
      record(method);
      router.rpc(method, impl, options);
      return recording;
    },
  };
  return recording;
}

export function errorAnswer(id: number, e: unknown): ThreadError {
  const error = ConnectError.from(e);
  return {
    kind: "error",
    id,
    code: error.code,
    message: error.rawMessage,
    metadata: [...error.metadata],
    details: error.details.map((d) =>
      "desc" in d ? { type: d.desc.typeName, value: toBinary(d.desc, create(d.desc, d.value)) } : d,
    ),
  };
}

/** Answers the calls arriving on `port` until `stop()`; calls still running then are cancelled. */
export function serveOverPort(
  port: Port,
  routes: (router: ConnectRouter) => void,
  options: { interceptors?: Interceptor[] } = {},
): { stop(): void } {
  const methods = new Map<string, DescMethodUnary>();
  const transport = createInProcessTransport((router) => routes(recordingRouter(router, methods)), {
    router: { interceptors: options.interceptors },
  });
  const running = new Map<number, AbortController>();
  const answer = (message: FromServices) =>
    port.postMessage(message, message.kind === "result" ? [message.output.buffer as ArrayBuffer] : []);

  async function call(message: ThreadCall) {
    const method = methods.get(message.path);
    if (!method) throw new ConnectError(`${message.path} is not served on this thread`, Code.Unimplemented);
    const abort = new AbortController();
    running.set(message.id, abort);
    try {
      const res = await transport.unary(
        method,
        abort.signal,
        message.timeoutMs,
        message.header,
        fromBinary(method.input, message.input),
      );
      answer({
        kind: "result",
        id: message.id,
        output: toBinary(method.output, res.message),
        header: [...res.header],
        trailer: [...res.trailer],
      });
    } finally {
      running.delete(message.id);
    }
  }

  const onMessage = (message: { kind?: unknown }) => {
    if (!isThreadCall(message)) return;
    if (message.kind === "cancel") {
      running.get(message.id)?.abort(new ConnectError("the caller cancelled the call", Code.Canceled));
      return;
    }
    call(message).catch((e: unknown) => answer(errorAnswer(message.id, e)));
  };
  port.on("message", onMessage);
  return {
    stop() {
      port.off("message", onMessage);
      for (const abort of running.values()) abort.abort(new ConnectError("the services are stopping", Code.Canceled));
    },
  };
}
