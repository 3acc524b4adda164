/**
 * A router's unary implementations as plain calls, each wrapped in its handler interceptors as Connect's handler
 * runs it: the request a full message of its type, the answer normalized to one, an error thrown by the
 * implementation reaching the caller as that ConnectError and anything else as ConnectError("internal error",
 * Internal). The response headers an implementation set before it threw travel in the error's metadata, as they do
 * on the wire. The all-in-one's in-process transport (lib/in-process-transport.ts) and the service processes'
 * binary unary route (lib/rpc/connect-routes.ts) both call implementations this way.
 */
import { create, type DescMethod, type DescMethodUnary } from "@bufbuild/protobuf";
import {
  Code,
  ConnectError,
  createServiceImplSpec,
  type ConnectRouter,
  type HandlerContext,
  type Interceptor,
  type UnaryRequest,
  type UnaryResponse,
} from "@connectrpc/connect";

export type UnaryCall = (req: UnaryRequest) => Promise<UnaryResponse>;

/**
 * The signal of a call made without a signal or a deadline: nothing can cancel it, on the wire either, so the
 * transports pass this one instead of linking new signals a call (on Node 20 those reached the old generation).
 */
export const NEVER_ABORTED = new AbortController().signal;
type Implementation = (message: unknown, ctx: HandlerContext) => unknown;

export function applyInterceptors(next: UnaryCall, interceptors: readonly Interceptor[]): UnaryCall {
  let fn = next;
  for (const i of [...interceptors].reverse()) fn = i(fn as Parameters<Interceptor>[0]) as UnaryCall;
  return fn;
}

const noTimeout = () => undefined;

/**
 * What an implementation is handed. A class, not an object literal with a getter: on Node 20 such a literal made a
 * new hidden class at every call. The signal is read from the request when the implementation asks for it, so a
 * caller may make it only then (lib/rpc/connect-routes.ts).
 */
class ImplementationContext implements HandlerContext {
  readonly service: HandlerContext["service"];
  readonly timeoutMs = noTimeout;
  readonly requestMethod: string;
  readonly requestHeader: Headers;
  readonly values: HandlerContext["values"];
  readonly url: string;

  constructor(
    private readonly req: UnaryRequest,
    readonly method: DescMethodUnary,
    readonly protocolName: string,
    readonly responseHeader: Headers,
    readonly responseTrailer: Headers,
  ) {
    this.service = method.parent;
    this.requestMethod = req.requestMethod;
    this.requestHeader = req.header;
    this.values = req.contextValues;
    this.url = req.url;
  }

  get signal(): AbortSignal {
    return this.req.signal;
  }
}

function implementationCall(
  method: DescMethodUnary,
  impl: Implementation,
  interceptors: readonly Interceptor[],
  protocolName: string,
): UnaryCall {
  const invoke: UnaryCall = async (req) => {
    const responseHeader = new Headers();
    const responseTrailer = new Headers();
    const ctx = new ImplementationContext(req, method, protocolName, responseHeader, responseTrailer);
    try {
      const output = await impl(req.message, ctx);
      return {
        stream: false,
        service: method.parent,
        method,
        header: responseHeader,
        trailer: responseTrailer,
        message: create(method.output, output as never),
      };
    } catch (e) {
      if (!(e instanceof ConnectError)) throw e;
      for (const [key, value] of responseHeader) if (!e.metadata.has(key)) e.metadata.set(key, value);
      throw e;
    }
  };
  const wrapped = applyInterceptors(invoke, interceptors);
  return async (req) => {
    try {
      return await wrapped(req);
    } catch (e) {
      throw e instanceof ConnectError ? e : new ConnectError("internal error", Code.Internal, undefined, undefined, e);
    }
  };
}

/**
 * The unary methods `routes` adds, by method: each service's or method's own interceptors when it names them, else
 * `interceptors`. Streaming methods are left to Connect's router. With `alsoTo`, every service and method is added
 * there too, so `routes` (which builds the services) runs once.
 */
export function unaryCallsOf(
  routes: (router: ConnectRouter) => void,
  interceptors: readonly Interceptor[],
  protocolName: string,
  alsoTo?: ConnectRouter,
): Map<DescMethod, UnaryCall> {
  const calls = new Map<DescMethod, UnaryCall>();
  const add = (method: DescMethod, impl: unknown, own: readonly Interceptor[] | undefined) => {
    if (method.methodKind === "unary")
      calls.set(
        method,
        implementationCall(method as DescMethodUnary, impl as Implementation, own ?? interceptors, protocolName),
      );
  };
  const router: ConnectRouter = {
    handlers: alsoTo?.handlers ?? [],
    service(service, implementation, opts) {
      alsoTo?.service(service, implementation, opts);
      const spec = createServiceImplSpec(service, implementation);
      for (const method of service.methods) add(method, spec.methods[method.localName]!.impl, opts?.interceptors);
      return router;
    },
    rpc(method, impl, opts) {
      alsoTo?.rpc(method, impl as never, opts);
      add(method, impl, opts?.interceptors);
      return router;
    },
  };
  routes(router);
  return calls;
}
