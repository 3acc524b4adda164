/** The logging surface background components take: pino's (fastify's `app.log` satisfies it). */
export interface Log {
  debug(fields: object, message?: string): void;
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

export const silentLog: Log = { debug() {}, info() {}, warn() {}, error() {} };
