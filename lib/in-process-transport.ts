/**
 * The all-in-one's in-process Connect transport: a drop-in for `createRouterTransport(routes, options)` that calls
 * each unary implementation directly instead of encoding the request to bytes, parsing it back in a simulated
 * HTTP exchange, and doing the same again for the response (the router transport is meant for tests; in the
 * all-in-one that round trip was the largest part of a request's CPU, see docs/benchmark.md).
 *
 * What a caller observes is kept: client interceptors, then the router's (or the service's own) handler
 * interceptors, each run around the call as on the wire; requests and answers normalized to full messages of their
 * type; an error thrown by an implementation reaches the caller as that ConnectError, and anything else as
 * ConnectError("internal error", Internal), as the Connect handler answers it; deadlines and cancellation follow
 * Connect's own `runUnaryCall` whenever the caller sets a timeout or a signal. Streaming methods (only
 * grpc.health.v1 Watch) go through the router transport.
 */
import { create, type DescMessage, type DescMethodUnary } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createContextValues,
  createRouterTransport,
  type ConnectRouter,
  type ConnectRouterOptions,
  type ContextValues,
  type Interceptor,
  type Transport,
  type UnaryResponse,
} from "@connectrpc/connect";
import { runUnaryCall } from "@connectrpc/connect/protocol";
import { applyInterceptors, NEVER_ABORTED, unaryCallsOf, type UnaryCall } from "./rpc/unary-calls.js";

export interface InProcessTransportOptions {
  router?: Pick<ConnectRouterOptions, "interceptors">;
  transport?: { interceptors?: Interceptor[] };
}

const PROTOCOL = "in-process";

/** Settles with the call or, first, with the signal's reason (a deadline's DeadlineExceeded, a cancellation). */
function abortable(call: UnaryCall): UnaryCall {
  return (req) =>
    new Promise((resolve, reject) => {
      const { signal } = req;
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => reject(signal.reason);
      signal.addEventListener("abort", onAbort, { once: true });
      call(req)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener("abort", onAbort));
    });
}

export function createInProcessTransport(
  routes: (router: ConnectRouter) => void,
  options: InProcessTransportOptions = {},
): Transport {
  const clientInterceptors = options.transport?.interceptors ?? [];
  const calls = new Map(
    [...unaryCallsOf(routes, options.router?.interceptors ?? [], PROTOCOL)].map(([method, call]) => [
      method,
      applyInterceptors(call, clientInterceptors),
    ]),
  );
  let streaming: Transport | undefined;

  return {
    async unary<I extends DescMessage, O extends DescMessage>(
      method: DescMethodUnary<I, O>,
      signal: AbortSignal | undefined,
      timeoutMs: number | undefined,
      header: Parameters<Transport["unary"]>[3],
      input: Parameters<Transport["unary"]>[4],
      contextValues?: ContextValues,
    ): Promise<UnaryResponse<I, O>> {
      const call = calls.get(method);
      if (!call)
        throw new ConnectError(`${method.parent.typeName}/${method.name} is not served in process`, Code.Unimplemented);
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
      if (signal === undefined && timeoutMs === undefined) {
        try {
          return (await call(Object.assign({}, req, { signal: NEVER_ABORTED }))) as unknown as UnaryResponse<I, O>;
        } catch (e) {
          throw ConnectError.from(e);
        }
      }
      // With a deadline or a signal, Connect's own call runner links them and turns expiry into DeadlineExceeded.
      return runUnaryCall<I, O>({ req: req as never, next: abortable(call) as never, signal, timeoutMs });
    },
    stream(method, signal, timeoutMs, header, input, contextValues) {
      streaming ??= createRouterTransport(routes, options);
      return streaming.stream(method, signal, timeoutMs, header, input, contextValues);
    },
  };
}
