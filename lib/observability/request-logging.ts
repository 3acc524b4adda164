/**
 * How every fastify server of the product logs its requests, at a cost a cached answer can bear:
 * - one line per request, `request completed` with the method, URL (credentials censored), client address, status
 *   and response time, instead of fastify's two (`incoming request` with every header, then `request completed`):
 *   at LOG_LEVEL=info the two lines more than doubled the CPU of a cached answer (a 304: 33 → 75-95 µs);
 * - the request's child logger (bound to its id) is made only when a line at an enabled level is written: with the
 *   base logger's redaction on, making it costs about 1.4 µs, and at warn most requests never log;
 * - that line is written without pino's redaction: every field in it comes from a serializer that already leaves
 *   credentials out (the request's: method, URL censored, host, address, user agent; the reply's: status; at debug,
 *   the headers censored by safeHeaders), and redaction's wildcard paths made it cost more than the rest of a
 *   cached answer together (one line: about 50 µs with them, 3 µs without, on the bench's machine). Lines logged by
 *   hand, and a request's error line, keep the redaction.
 */
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import type { Bindings, ChildLoggerOptions, Level, Logger } from "pino";
import { safeHeaders } from "./logger.js";

/** Each base logger's child without redaction, for the request lines (made once per base logger). */
const unredacted = new WeakMap<Logger, Logger>();

function lineLogger(parent: Logger): Logger {
  let plain = unredacted.get(parent);
  if (plain === undefined) unredacted.set(parent, (plain = parent.child({}, { redact: { paths: [] } })));
  if (plain.level !== parent.level) plain.level = parent.level;
  return plain;
}

class DeferredChild {
  private made: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly childBindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): Logger {
    return (this.made ??= this.parent.child(this.childBindings, this.options));
  }

  /** A route with a level of its own gets its child at once: the parent's level says nothing about it. */
  private get decided(): Logger {
    return this.made ?? (this.options.level !== undefined ? this.real : this.parent);
  }

  private write(level: Level, args: unknown[]) {
    if (this.decided.isLevelEnabled(level)) (this.real[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.decided.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  /** The request's one line, bound to its id like the child's lines, through the parent's unredacted logger. */
  completed(line: Record<string, unknown>) {
    // A route with a level or serializers of its own logs through its child, as fastify made it.
    if (this.options.level !== undefined || this.options.serializers !== undefined)
      this.info(line, "request completed");
    else if (this.parent.isLevelEnabled("info"))
      lineLogger(this.parent).info(Object.assign({}, this.childBindings, line), "request completed");
  }
  silent() {}
  isLevelEnabled(level: string): boolean {
    return this.decided.isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
  bindings(): Bindings {
    return this.real.bindings();
  }
}

const isPino = (logger: FastifyBaseLogger): logger is FastifyBaseLogger & Logger =>
  typeof (logger as Partial<Logger>).isLevelEnabled === "function";

/** Fastify's `childLoggerFactory`: the request's logger, made on first use (fastify's silent logger as it was). */
const deferredRequestLogger: NonNullable<FastifyServerOptions["childLoggerFactory"]> = (logger, bindings, options) =>
  isPino(logger)
    ? (new DeferredChild(logger, bindings, options) as unknown as FastifyBaseLogger)
    : logger.child(bindings, options);

class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line: Record<string, unknown> = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (isPino(reply.log) && reply.log.isLevelEnabled("debug")) line.headers = safeHeaders(request.headers);
    if (error) {
      line.err = error;
      reply.log.error(line, "request errored");
    } else if (reply.log instanceof DeferredChild) reply.log.completed(line);
    else reply.log.info(line, "request completed");
  }
}

/** Fastify options: one line per request, and a child logger only for requests that write one. */
export const requestLogging = (): Pick<FastifyServerOptions, "childLoggerFactory" | "logController"> => ({
  childLoggerFactory: deferredRequestLogger,
  logController: new OneLinePerRequest(),
});
